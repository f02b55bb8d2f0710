import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { getCurrentPortal, loadShell } from "@/lib/shell";

// The signed-in frame: every page of this route group needs a session (the layout sends a visitor
// without one to sign in and back), and renders inside the shell. Pages are content only.
export default async function SignedInLayout({ children }: { children: ReactNode }) {
  const portal = await getCurrentPortal();
  if (!portal) notFound();
  const shell = await loadShell();
  return (
    <AppShell portal={portal} shell={shell}>
      {children}
    </AppShell>
  );
}
