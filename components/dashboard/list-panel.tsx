"use client";

import { useTranslations } from "next-intl";
import { lazy, Suspense } from "react";
import { TableLoading } from "@/components/tables/core/table-states";
import { creditTable } from "@/components/tables/credits/columns";
import { defaultToolbar, ListTable } from "@/components/tables/core/list-table";
import { PayOverdueButtons, PaySelectedButton } from "@/components/payments/pay-buttons";
import { receiptAction } from "@/components/payments/receipt-action";
import { DownloadSelectedButton } from "@/components/documents/download-selected";
import { useDocumentOperations } from "@/components/documents/operations";
import { invoiceTable } from "@/components/tables/invoices/columns";
import { paymentTable } from "@/components/tables/payments/columns";
import { statementTable } from "@/components/tables/statements/columns";
import { usageTable } from "@/components/tables/usages/columns";
import { UsageChartSlot } from "@/components/usage-chart/usage-chart-slot";
import type { DashboardTab } from "@/lib/dashboard/tabs";
import type { PaymentSettings } from "@/lib/schemas/payments";

// The subscriptions tab (its panels, forms and dialogs) loads only when it is the tab shown.
// React.lazy, not next/dynamic: a direct visit still renders it on the server (streamed), and the
// dashboard does not ship next/dynamic's loader for it.
const SubscriptionsTab = lazy(() =>
  import("@/components/subscriptions/subscriptions-tab").then((m) => ({
    default: m.SubscriptionsTab,
  })),
);

/** The content of one dashboard tab: its list, or the subscriptions with their sub-tabs. */
export function ListPanel({
  tab,
  customerId,
  payments,
}: {
  tab: DashboardTab;
  customerId: string;
  /** Payments of chosen invoices; null when the billing API takes none. */
  payments: PaymentSettings;
}) {
  const t = useTranslations("lists");
  const { zips } = useDocumentOperations();
  switch (tab) {
    case "invoices":
      return (
        <ListTable
          spec={invoiceTable}
          customerId={customerId}
          // Rows are chosen to be zipped or paid: neither offered, no checkboxes.
          selectable={
            zips || payments
              ? {
                  actions: (selection) => (
                    <>
                      {zips ? (
                        <DownloadSelectedButton list="invoices" selection={selection} />
                      ) : null}
                      {payments ? (
                        <PaySelectedButton
                          selection={selection}
                          customerId={customerId}
                          settings={payments}
                        />
                      ) : null}
                    </>
                  ),
                }
              : undefined
          }
          toolbar={
            payments
              ? (controller) => (
                  <>
                    <PayOverdueButtons customerId={customerId} settings={payments} />
                    {defaultToolbar(controller)}
                  </>
                )
              : undefined
          }
        />
      );
    case "payments":
      return (
        <ListTable
          spec={paymentTable}
          customerId={customerId}
          rowActions={
            payments
              ? receiptAction({ column: t("pay.receiptColumn"), link: t("pay.receiptLink") })
              : undefined
          }
        />
      );
    case "usages":
      return (
        <div className="flex flex-col gap-6">
          <UsageChartSlot customerId={customerId} />
          <ListTable spec={usageTable} customerId={customerId} />
        </div>
      );
    case "credits":
      return <ListTable spec={creditTable} customerId={customerId} />;
    case "statements":
      return (
        <ListTable
          spec={statementTable}
          customerId={customerId}
          selectable={
            zips
              ? {
                  actions: (selection) => (
                    <DownloadSelectedButton list="statements" selection={selection} />
                  ),
                }
              : undefined
          }
        />
      );
    case "subscriptions":
      return (
        <Suspense fallback={<TableLoading name={t("tabs.subscriptions")} />}>
          <SubscriptionsTab customerId={customerId} />
        </Suspense>
      );
  }
}
