"use client";

import { lazy, Suspense } from "react";
import { useAfterLoad } from "@/components/ui/after-load";

// "Sign-in security" and "Where you're signed in" on the account page load after the page, as
// "Billing alerts" does: their data is the browser's to fetch anyway, and their code (dialogs,
// mutations, formatters) would otherwise add some 23 kB to the account page's first load.

const SignInSecurityCard = lazy(() =>
  import("./sign-in-security-card").then((m) => ({ default: m.SignInSecurityCard })),
);
const SessionsCard = lazy(() =>
  import("./sessions-card").then((m) => ({ default: m.SessionsCard })),
);

export function SecuritySlot() {
  const shown = useAfterLoad();
  const space = <div aria-hidden="true" className="min-h-48" />;
  return shown ? (
    <Suspense fallback={space}>
      <SignInSecurityCard />
      <SessionsCard />
    </Suspense>
  ) : (
    space
  );
}
