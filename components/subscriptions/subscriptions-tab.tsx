"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useQueryStates } from "nuqs";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { SUBSCRIPTION_LIST_STATUSES } from "@/lib/schemas/subscriptions";
import { subscriptionParams, subscriptionParamsOptions } from "@/lib/subscriptions/params";
import { subscriptionKeys } from "@/lib/subscriptions/queries";
import { SubscriptionList } from "./subscription-list";

/**
 * The dashboard's subscriptions tab (spec 001 §2): Active and Cancelled sub-tabs, the choice kept
 * in `?status=`; each sub-tab reads its own list (server-prefetched on a direct visit).
 */
export function SubscriptionsTab({ customerId }: { customerId: string }) {
  const t = useTranslations("subscriptions");
  const [{ status }, setParams] = useQueryStates(subscriptionParams, subscriptionParamsOptions);
  const queryClient = useQueryClient();
  return (
    <Tabs
      value={status}
      activationMode="manual"
      onValueChange={(value) => {
        const next = SUBSCRIPTION_LIST_STATUSES.find((s) => s === value);
        if (!next || next === status) return;
        // Spec 001 §2: each change of sub-tab fetches that list anew (the cached one shows
        // meanwhile). Marked stale, not refetched here: the list refetches as it mounts.
        void queryClient.invalidateQueries({
          queryKey: subscriptionKeys.list(customerId, next),
          refetchType: "none",
        });
        void setParams({ status: next });
      }}
    >
      <TabsList aria-label={t("subTabsLabel")}>
        {SUBSCRIPTION_LIST_STATUSES.map((s) => (
          <TabsTrigger key={s} value={s}>
            {t(`subTabs.${s}`)}
          </TabsTrigger>
        ))}
      </TabsList>
      {SUBSCRIPTION_LIST_STATUSES.map((s) => (
        <TabsContent key={s} value={s}>
          {s === status ? <SubscriptionList customerId={customerId} status={s} /> : null}
        </TabsContent>
      ))}
    </Tabs>
  );
}
