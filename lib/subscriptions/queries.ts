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
  ChargePreview,
  PausePreview,
  RetentionOffer,
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
  /**
   * Previews of leaving and coming back (reactivate, pause, resume) and the offers made: beside
   * the customer's keys, as cancelDate, and never kept (usage recorded meanwhile changes them).
   */
  leaving: (customerId: string, subscriptionId: string, what: string, cycles?: number) =>
    [...subscriptionKeys.all, "leaving", customerId, subscriptionId, what, cycles ?? 0] as const,
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

const fresh = { staleTime: 0, gcTime: 60_000, retry: false } as const;

/** What reactivating a cancelled subscription charges now. */
export function reactivatePreviewQuery(
  customerId: string,
  subscriptionId: string,
  load: () => Promise<ChargePreview>,
) {
  return queryOptions<ChargePreview>({
    queryKey: subscriptionKeys.leaving(customerId, subscriptionId, "reactivate"),
    queryFn: () => load(),
    ...fresh,
  });
}

/** What resuming a paused subscription now charges. */
export function resumePreviewQuery(
  customerId: string,
  subscriptionId: string,
  load: () => Promise<ChargePreview>,
) {
  return queryOptions<ChargePreview>({
    queryKey: subscriptionKeys.leaving(customerId, subscriptionId, "resume"),
    queryFn: () => load(),
    ...fresh,
  });
}

/** A pause of `cycles` cycles: its days and bills; nothing is asked before a choice (null). */
export function pausePreviewQuery(
  customerId: string,
  subscriptionId: string,
  cycles: number | null,
  load: (cycles: number) => Promise<PausePreview>,
) {
  return queryOptions<PausePreview>({
    queryKey: subscriptionKeys.leaving(customerId, subscriptionId, "pause", cycles ?? 0),
    queryFn: () => load(cycles ?? 1),
    enabled: cycles !== null,
    ...fresh,
    // The previous choice's figures stay shown while the next one's load.
    placeholderData: keepPreviousData,
  });
}

/** The offers made to a customer about to cancel; asked only where the company makes offers. */
export function retentionOffersQuery(
  customerId: string,
  subscriptionId: string,
  enabled: boolean,
  load: () => Promise<RetentionOffer[]>,
) {
  return queryOptions<RetentionOffer[]>({
    queryKey: subscriptionKeys.leaving(customerId, subscriptionId, "offers"),
    queryFn: () => load(),
    enabled,
    ...fresh,
  });
}
