import "server-only";
import type { QueryClient } from "@tanstack/react-query";
import { listSubscriptions } from "@/lib/billing/subscriptions";
import type { SubscriptionListStatus } from "@/lib/schemas/subscriptions";
import { subscriptionListQuery } from "@/lib/subscriptions/queries";
import type { PortalSession } from "@/lib/session/types";
import { prefetchQuery } from "./prefetch";

// The dashboard's server prefetch of the subscriptions tab: the feature's queryOptions
// (lib/subscriptions/queries.ts), the same the browser's hooks use, run with the /v1 call of
// lib/billing/subscriptions, so a direct visit paints with no request.

/** Prefetches one sub-tab's subscriptions of the customer. */
export function prefetchSubscriptions(
  client: QueryClient,
  session: PortalSession,
  customerId: string,
  status: SubscriptionListStatus,
): Promise<void> {
  return prefetchQuery(
    client,
    session,
    (caller) =>
      subscriptionListQuery(customerId, status, () =>
        listSubscriptions(caller, customerId, status),
      ),
    "dashboard",
  );
}
