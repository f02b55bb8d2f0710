// The subscriptions' queries (docs/CONVENTIONS.md 10, 11), built like the lists' (lib/lists/queries.ts):
// one key hierarchy per customer, so the dashboard's server render and the browser build the same
// keys (hydration hits) and a change invalidates everything of that customer by prefix, and the
// queryOptions that both the server prefetch (lib/query/subscriptions.ts) and the browser's hooks
// (use-subscriptions.ts) use. The fetch is passed in: the server reads /v1
// (lib/billing/subscriptions), the browser the BFF (bff.ts); this module imports neither.
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type {
  CancellationType,
  CancelPreview,
  Plan,
  PlanPage,
  PlanQuery,
  Subscription,
  SubscriptionListStatus,
} from "@/lib/schemas/subscriptions";

/** A plan query as plain, fully defaulted data, so `{search: undefined}` and `{}` are one key. */
function planQueryKey(query: PlanQuery) {
  return {
    page: query.page,
    size: query.size,
    sort: query.sort,
    search: query.search ?? "",
    planId: query.planId ?? "",
    status: query.status ?? "",
  };
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
  cancelPreview: (
    customerId: string,
    subscriptionId: string,
    type: string | null,
    date: string | null,
  ) => [...subscriptionKeys.all, "cancelPreview", customerId, subscriptionId, type, date] as const,
  /** One catalogue plan's details. */
  plan: (customerId: string, planId: string) =>
    [...subscriptionKeys.customer(customerId), "plan", planId] as const,
};

/** One sub-tab's subscriptions of the customer. */
export function subscriptionListQuery(
  customerId: string,
  status: SubscriptionListStatus,
  load: () => Promise<Subscription[]>,
) {
  return queryOptions<Subscription[]>({
    queryKey: subscriptionKeys.list(customerId, status),
    queryFn: () => load(),
  });
}

/** One page of the plan catalogue; the previous page stays shown while the next one loads. */
export function planPageQuery(customerId: string, query: PlanQuery, load: () => Promise<PlanPage>) {
  return queryOptions<PlanPage>({
    queryKey: subscriptionKeys.plans(customerId, query),
    queryFn: () => load(),
    placeholderData: keepPreviousData,
  });
}

/** A catalogue plan's details. */
export function planQuery(customerId: string, planId: string, load: () => Promise<Plan>) {
  return queryOptions<Plan>({
    queryKey: subscriptionKeys.plan(customerId, planId),
    queryFn: () => load(),
  });
}

/**
 * The effective date a non-custom cancellation choice leads to; nothing is looked up for no
 * choice (null). "Today" moves at midnight: a date looked up in an earlier dialog is not trusted.
 */
export function cancelDateQuery(
  customerId: string,
  subscriptionId: string,
  type: Exclude<CancellationType, "specific_date"> | null,
  load: (type: CancellationType) => Promise<string>,
) {
  return queryOptions<string>({
    queryKey: subscriptionKeys.cancelDate(customerId, subscriptionId, type),
    queryFn: () => load(type ?? "today"),
    enabled: type !== null,
    staleTime: 0,
    gcTime: 60_000,
  });
}

/**
 * A cancellation's last bill, for a choice (and the typed date of a specific one); nothing is
 * asked for no choice. Not kept: usage recorded meanwhile changes it.
 */
export function cancelPreviewQuery(
  customerId: string,
  subscriptionId: string,
  type: CancellationType | null,
  date: string | null,
  load: (type: CancellationType, date?: string) => Promise<CancelPreview>,
) {
  return queryOptions<CancelPreview>({
    queryKey: subscriptionKeys.cancelPreview(customerId, subscriptionId, type, date),
    queryFn: () => load(type ?? "today", date ?? undefined),
    enabled: type !== null && (type !== "specific_date" || date !== null),
    staleTime: 0,
    gcTime: 60_000,
    // A billing API without the preview answers 404: the dialog shows the dates alone.
    retry: false,
  });
}
