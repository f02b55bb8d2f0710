// The App Router as components see it (next/navigation's useRouter reads this context), for
// jsdom tests: each call is recorded, so a test can say a change refreshed the page's server parts.
import { AppRouterContext } from "next/dist/shared/lib/app-router-context.shared-runtime";
import { createElement as h, type ReactNode } from "react";

export type RouterCalls = { refresh: number; push: string[]; replace: string[] };

export function testRouter() {
  const calls: RouterCalls = { refresh: 0, push: [], replace: [] };
  const router = {
    back: () => undefined,
    forward: () => undefined,
    refresh: () => void (calls.refresh += 1),
    hmrRefresh: () => undefined,
    push: (href: string) => void calls.push.push(href),
    replace: (href: string) => void calls.replace.push(href),
    prefetch: () => undefined,
  };
  const wrap = (node: ReactNode) => h(AppRouterContext.Provider, { value: router as never }, node);
  return { calls, wrap };
}
