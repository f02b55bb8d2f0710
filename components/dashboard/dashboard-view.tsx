"use client";

import { useTranslations } from "next-intl";
import { Suspense } from "react";
import type { DashboardTab } from "@/lib/lists/definitions";
import { BalanceBanner } from "./balance-banner";
import { DashboardTabs } from "./dashboard-tabs";

/** The dashboard under its title: balance banner, 'Billing & Payment History' with its tabs, and the time-zone note. */
export function DashboardView({
  tabs,
  customerId,
}: {
  tabs: readonly DashboardTab[];
  customerId: string;
}) {
  const t = useTranslations("lists.dashboard");
  return (
    <div className="flex flex-col gap-8">
      {/* A server-rendered Suspense boundary hydrates on its own, at idle priority in slices of a
          few ms, so the banner and the list do not make one long task on a phone's main thread. */}
      <Suspense>
        <BalanceBanner customerId={customerId} />
      </Suspense>
      <section aria-labelledby="billing-history" className="flex flex-col gap-2">
        <h2 id="billing-history" className="text-foreground text-xl font-semibold tracking-tight">
          {t("heading")}
        </h2>
        <Suspense>
          <DashboardTabs tabs={tabs} customerId={customerId} />
        </Suspense>
        <p className="text-muted-foreground mt-4 text-sm">{t("timeZoneNote")}</p>
      </section>
    </div>
  );
}
