"use client";

import { useTranslations } from "next-intl";
import { lazy, Suspense, type ReactNode } from "react";
import type { AlertNotices } from "@/lib/schemas/alerts";
import type { DashboardTab } from "@/lib/dashboard/tabs";
import type { PaymentSettings } from "@/lib/schemas/payments";
import type { DocumentOperations, LeavingSettings } from "@/lib/portal-config-types";
import { DocumentOperationsProvider } from "@/components/documents/operations";
import { LeavingSettingsProvider } from "@/components/subscriptions/leaving-settings";
import { BalanceBanner } from "./balance-banner";
import { DashboardTabs } from "./dashboard-tabs";

// Only a dashboard with a fired alert loads the banners' code.
const DismissibleNotices = lazy(() => import("@/components/alerts/dismissible-notices"));

const NO_DOCUMENT_OPERATIONS: DocumentOperations = { zips: false, exportDownloads: false };

/** The dashboard under its title: balance banner, This period, 'Billing & Payment History' with its tabs, and the time-zone note. */
export function DashboardView({
  tabs,
  customerId,
  payments = null,
  documents = NO_DOCUMENT_OPERATIONS,
  leaving = null,
  period,
  notices,
}: {
  tabs: readonly DashboardTab[];
  customerId: string;
  /** Payments of chosen invoices, when the billing API takes them (the portal configuration). */
  payments?: PaymentSettings;
  /** The optional document operations the billing API offers (the portal configuration). */
  documents?: DocumentOperations;
  /** Leaving on fair terms: reasons, pausing, offers (the portal configuration). */
  leaving?: LeavingSettings | null;
  /** "This period", rendered on the server (components/periods/this-period.tsx). */
  period?: ReactNode;
  /** Banners of fired alerts, their texts written on the server (lib/alerts/notices.ts). */
  notices?: AlertNotices | null;
}) {
  const t = useTranslations("lists.dashboard");
  return (
    <div className="flex flex-col gap-8">
      {/* No Suspense boundary here, though one would hydrate its part apart at idle priority:
          React sends a finished boundary out of order (empty first, its content revealed by a
          script later in the HTML) once the page's HTML passes 12.8 kB, so a phone would paint
          the frame without the banner or the rows and then push everything under them down, a
          layout shift. In document order the page paints top down. */}
      {notices ? (
        <Suspense fallback={null}>
          <DismissibleNotices {...notices} />
        </Suspense>
      ) : null}
      <BalanceBanner customerId={customerId} />
      {period}
      <section aria-labelledby="billing-history" className="flex flex-col gap-2">
        <h2 id="billing-history" className="text-foreground text-xl font-semibold tracking-tight">
          {t("heading")}
        </h2>
        <DocumentOperationsProvider value={documents}>
          <LeavingSettingsProvider value={leaving}>
            <DashboardTabs tabs={tabs} customerId={customerId} payments={payments} />
          </LeavingSettingsProvider>
        </DocumentOperationsProvider>
        <p className="text-muted-foreground mt-4 text-sm">{t("timeZoneNote")}</p>
      </section>
    </div>
  );
}
