"use client";

import { useTranslations } from "next-intl";
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
      <BalanceBanner customerId={customerId} />
      <section aria-labelledby="billing-history" className="flex flex-col gap-2">
        <h2 id="billing-history" className="text-foreground text-xl font-semibold tracking-tight">
          {t("heading")}
        </h2>
        <DashboardTabs tabs={tabs} customerId={customerId} />
        <p className="text-muted-foreground mt-4 text-sm">{t("timeZoneNote")}</p>
      </section>
    </div>
  );
}
