"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { parseAsString, useQueryStates } from "nuqs";
import { useEffect } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { resolveTab, tabParser, type DashboardTab } from "@/lib/dashboard/tabs";
import { subscriptionKeys } from "@/lib/subscriptions/queries";
import type { PaymentSettings } from "@/lib/schemas/payments";
import { ListPanel } from "./list-panel";

// Switching tabs writes `tab` and clears the list keys and the subscriptions' sub-tab, so the new
// tab starts from its defaults (the five lists share page, size, sort and filters). Shallow: React
// Query fetches that list only.
const tabStateParsers = {
  tab: tabParser,
  page: parseAsString,
  size: parseAsString,
  sort: parseAsString,
  filters: parseAsString,
  status: parseAsString,
};

/** The dashboard's tab bar (the company's enabled tabs, `tab` in the URL) and the active tab's list. */
export function DashboardTabs({
  tabs,
  customerId,
  payments,
}: {
  tabs: readonly DashboardTab[];
  customerId: string;
  payments: PaymentSettings;
}) {
  const t = useTranslations("lists");
  const [{ tab: raw }, setTabState] = useQueryStates(tabStateParsers, {
    history: "push",
    shallow: true,
    scroll: false,
  });
  const queryClient = useQueryClient();
  const active = resolveTab(raw, tabs).tab ?? tabs[0];
  // The server rendered the first enabled tab for a missing or unknown one (spec 001 §2): name it
  // in the URL now, replacing the entry, the other parameters kept.
  useEffect(() => {
    if (active && raw !== active) void setTabState({ tab: active }, { history: "replace" });
  }, [active, raw, setTabState]);
  if (!active) return null;
  return (
    <Tabs
      value={active}
      activationMode="manual"
      onValueChange={(value) => {
        const next = tabs.find((tab) => tab === value);
        if (!next || next === active) return;
        // Spec 001 §2: subscriptions are fetched anew each time their tab opens (the cached list
        // shows meanwhile); marked stale here, refetched as the tab mounts.
        if (next === "subscriptions")
          void queryClient.invalidateQueries({
            queryKey: subscriptionKeys.customer(customerId),
            refetchType: "none",
          });
        void setTabState({
          tab: next,
          page: null,
          size: null,
          sort: null,
          filters: null,
          status: null,
        });
      }}
    >
      {/* Six tabs overflow a phone's width: the edge with more behind it shows a shadow. */}
      <TabsList aria-label={t("dashboard.tabsLabel")} className="scroll-hint">
        {tabs.map((tab) => (
          <TabsTrigger key={tab} value={tab}>
            {t(`tabs.${tab}`)}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map((tab) => (
        <TabsContent key={tab} value={tab}>
          {tab === active ? (
            <ListPanel tab={tab} customerId={customerId} payments={payments} />
          ) : null}
        </TabsContent>
      ))}
    </Tabs>
  );
}
