import { notFound } from "next/navigation";
import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import { AppProviders } from "@/components/providers";
import { clientMessages } from "@/lib/i18n/messages";
import { AppShell } from "@/components/shell/app-shell";
import { ShellLoadError } from "@/components/shell/shell-load-error";
import { currentReturnPath, getCurrentPortal, loadShell } from "@/lib/shell";

// The signed-in frame: every page of this route group needs a session (the layout sends a visitor
// without one to sign in and back), and renders inside the shell. Pages are content only. When the
// user or their customers cannot be loaded, the frame stays and says so in place of the page.
export default async function SignedInLayout({ children }: { children: ReactNode }) {
  const portal = await getCurrentPortal();
  if (!portal) notFound();
  const [shell, messages, retryHref] = await Promise.all([
    loadShell(),
    getMessages(),
    currentReturnPath(),
  ]);
  return (
    // The active locale's namespaces only, the server-only ones left out; the sign-in pages get `common` from the root layout.
    <NextIntlClientProvider messages={clientMessages(messages)}>
      <AppProviders>
        <AppShell portal={portal} shell={shell}>
          {shell.failed ? <ShellLoadError retryHref={retryHref} /> : children}
        </AppShell>
      </AppProviders>
    </NextIntlClientProvider>
  );
}
