// A small jsdom harness for the lists' UI: the app's providers (messages, React Query, the dialog
// stack and its host) around a component, and input helpers that go through React's events.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { IntlProvider } from "next-intl";
import { act, createElement as h, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { DialogHost } from "@/components/dialogs/dialog-host";
import { DialogProvider } from "@/lib/dialogs";
import { getMessages } from "@/lib/i18n/messages";
import { testRouter } from "./router";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Radix measures its popper with ResizeObserver, which jsdom lacks.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoResizeObserver as unknown as typeof ResizeObserver;

const catalogues = { en: await getMessages("en"), es: await getMessages("es") };

let root: Root | null = null;
let container: HTMLDivElement | null = null;

/** Renders a tree inside the app's providers; `rerender` swaps the tree and keeps their state. */
export function renderWithProviders(tree: ReactNode, locale: "en" | "es" = "en") {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  container = document.createElement("div");
  document.body.appendChild(container);
  const mounted = createRoot(container);
  root = mounted;
  const router = testRouter();
  const wrap = (node: ReactNode) =>
    router.wrap(
      h(IntlProvider, {
        locale,
        messages: catalogues[locale],
        timeZone: "America/New_York",
        children: h(
          QueryClientProvider,
          { client: queryClient },
          h(DialogProvider, null, node, h(DialogHost)),
        ),
      }),
    );
  act(() => mounted.render(wrap(tree)));
  return {
    rerender: (next: ReactNode) => act(() => mounted.render(wrap(next))),
    router: router.calls,
  };
}

/** Unmounts what renderWithProviders mounted and empties the document. */
export function cleanUp() {
  if (root) act(() => root!.unmount());
  container?.remove();
  root = null;
  container = null;
  document.body.innerHTML = "";
}

/** Waits for pending promises and timers React reacts to. */
export async function settle(ms = 0) {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}

const setNativeValue = (element: HTMLInputElement | HTMLSelectElement, value: string) => {
  const proto = element instanceof HTMLSelectElement ? HTMLSelectElement : HTMLInputElement;
  Object.getOwnPropertyDescriptor(proto.prototype, "value")!.set!.call(element, value);
};

/** Picks an option of a native select, as a person would. */
export function selectOption(select: HTMLSelectElement, value: string) {
  act(() => {
    select.focus();
    setNativeValue(select, value);
    select.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

/** Types into an input (replacing its text). */
export function typeInto(input: HTMLInputElement, text: string) {
  act(() => {
    input.focus();
    setNativeValue(input, text);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

/** Clicks an element. */
export function click(element: Element) {
  act(() => (element as HTMLElement).click());
}

/** Moves focus away from an element (its blur handlers run). */
export function blur(element: HTMLElement) {
  act(() => element.blur());
}

/** Presses a key on an element. */
export function press(element: Element, key: string) {
  act(() => {
    element.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
  });
}

/** The control labelled `name` (by <label for>), or throws. */
export function byLabel<T extends HTMLElement = HTMLElement>(name: string): T {
  const label = [...document.querySelectorAll("label")].find((l) => l.textContent?.trim() === name);
  const control = label?.htmlFor ? document.getElementById(label.htmlFor) : null;
  if (!control) throw new Error(`no control labelled "${name}"`);
  return control as T;
}

/** The button whose accessible name (aria-label or text) is `name`, or undefined. */
export function findButton(
  name: string | RegExp,
  within: ParentNode = document,
): HTMLButtonElement | undefined {
  return [...within.querySelectorAll<HTMLButtonElement>("button")].find((b) => {
    const label = (b.getAttribute("aria-label") ?? b.textContent ?? "").trim();
    return typeof name === "string" ? label === name : name.test(label);
  });
}

/** The button named `name`, or throws. */
export function button(name: string | RegExp, within: ParentNode = document): HTMLButtonElement {
  const found = findButton(name, within);
  if (!found) throw new Error(`no button named ${String(name)}`);
  return found;
}

/** The radio button whose label reads `name`. */
export function radio(name: string): HTMLInputElement {
  const label = [...document.querySelectorAll("label")].find((l) =>
    l.textContent?.trim().startsWith(name),
  );
  const input = label?.querySelector<HTMLInputElement>('input[type="radio"]');
  if (!input) throw new Error(`no radio labelled "${name}"`);
  return input;
}

/** Retries a check until it passes (or `timeoutMs` runs out), letting React and timers run between tries. */
// Generous: the first open of a dialog transforms and loads its body (a dynamic import), which
// takes seconds on a busy two-core machine.
export async function waitFor(check: () => void, timeoutMs = 10_000) {
  const start = Date.now();
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() - start > timeoutMs) throw error;
      await settle(20);
    }
  }
}
