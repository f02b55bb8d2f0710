"use client";

import { lazy, Suspense } from "react";
import { useAfterLoad } from "@/components/ui/after-load";

// "Billing alerts" on the account page loads after the page: its forms (react-hook-form, zod)
// would otherwise add some 37 kB to the account page's first load. Its data is prefetched with the
// page's, so it shows as soon as its code arrives, in space kept for it.

const AlertsCard = lazy(() => import("./alerts-card"));

export function AlertsSlot(props: { customerId: string; email: string | null }) {
  const shown = useAfterLoad();
  const space = <div aria-hidden="true" className="min-h-48" />;
  return shown ? (
    <Suspense fallback={space}>
      <AlertsCard {...props} />
    </Suspense>
  ) : (
    space
  );
}
