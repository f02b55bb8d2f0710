// React Query keys of subscriptions and plans (CONVENTIONS 10): one hierarchy per customer, so the
// dashboard's server render and the browser build the same keys (hydration hits) and a change
// invalidates everything of that customer by prefix.
import type { PlanQuery, SubscriptionListStatus } from "@/lib/schemas/subscriptions";

/** A plan query as plain, fully defaulted data, so `{search: undefined}` and `{}` are one key. */
function planQueryKey(query: PlanQuery) {
  return { page: query.page, size: query.size, sort: query.sort, search: query.search ?? "" };
}

export const subscriptionKeys = {
  all: ["subscriptions"] as const,
  /** Everything of one customer (invalidated after a change, cancel or reactivate). */
  customer: (customerId: string) => [...subscriptionKeys.all, customerId] as const,
  /** One sub-tab's list. */
  list: (customerId: string, status: SubscriptionListStatus) =>
    [...subscriptionKeys.customer(customerId), "list", status] as const,
  /** One page of the plan catalogue (Add Plan dialog). */
  plans: (customerId: string, query: PlanQuery) =>
    [...subscriptionKeys.customer(customerId), "plans", planQueryKey(query)] as const,
  /**
   * A cancellation choice's effective date. Beside, not under, the customer's keys: cancelling
   * invalidates those, and the dialog would wait for a pointless fresh look-up before it closes.
   */
  cancelDate: (customerId: string, subscriptionId: string, type: string | null) =>
    [...subscriptionKeys.all, "cancelDate", customerId, subscriptionId, type] as const,
  /** One catalogue plan's details. */
  plan: (customerId: string, planId: string) =>
    [...subscriptionKeys.customer(customerId), "plan", planId] as const,
};
