"use client";

import { useQuery, type QueryClient } from "@tanstack/react-query";
import type {
  CancellationType,
  Plan,
  PlanQuery,
  SubscriptionListStatus,
} from "@/lib/schemas/subscriptions";
import {
  fetchCancelDate,
  fetchCancelPreview,
  fetchPausePreview,
  fetchPlan,
  fetchPlans,
  fetchReactivatePreview,
  fetchResumePreview,
  fetchRetentionOffers,
  fetchSubscriptions,
} from "./bff";
import {
  cancelDateQuery,
  cancelPreviewQuery,
  pausePreviewQuery,
  planPageQuery,
  planQuery,
  reactivatePreviewQuery,
  resumePreviewQuery,
  retentionOffersQuery,
  subscriptionListQuery,
} from "./queries";

// The browser's hooks of the subscriptions tab: the feature's queryOptions (queries.ts), hydrated
// from the dashboard's server render, run with the BFF's fetchers (bff.ts). The changes are
// mutations.ts.

/** One sub-tab's subscriptions of the customer (fetched again whenever the sub-tab changes). */
export function useSubscriptions(customerId: string, status: SubscriptionListStatus) {
  return useQuery(subscriptionListQuery(customerId, status, () => fetchSubscriptions(status)));
}

/** One page of the plan catalogue; the previous page stays shown while the next one loads. */
export function usePlans(customerId: string, query: PlanQuery, enabled = true) {
  return useQuery({ ...planPageQuery(customerId, query, () => fetchPlans(query)), enabled });
}

/** A catalogue plan's details, cached per customer; a blank id fails without a request (spec 001 §8). */
export async function fetchPlanDetails(
  queryClient: QueryClient,
  customerId: string,
  planId: string,
): Promise<Plan> {
  if (!planId.trim()) throw new Error("Plan ID is required");
  return queryClient.fetchQuery(planQuery(customerId, planId, () => fetchPlan(planId)));
}

/** The effective date of a cancellation choice; nothing is looked up for none or a specific date (spec 001 §4). */
export function useCancelDate(
  customerId: string,
  subscriptionId: string,
  type: CancellationType | null,
) {
  const lookup = type !== null && type !== "specific_date" ? type : null;
  return useQuery(
    cancelDateQuery(customerId, subscriptionId, lookup, (t) => fetchCancelDate(subscriptionId, t)),
  );
}

/** The last bill of a cancellation choice; a specific date's once a whole date is typed. */
export function useCancelPreview(
  customerId: string,
  subscriptionId: string,
  type: CancellationType | null,
  specificDate: string | null,
) {
  return useQuery(
    cancelPreviewQuery(
      customerId,
      subscriptionId,
      type,
      type === "specific_date" ? specificDate : null,
      (t, d) => fetchCancelPreview(subscriptionId, t, d),
    ),
  );
}

/** What reactivating charges now. */
export function useReactivatePreview(customerId: string, subscriptionId: string) {
  return useQuery(
    reactivatePreviewQuery(customerId, subscriptionId, () =>
      fetchReactivatePreview(subscriptionId),
    ),
  );
}

/** What resuming now charges. */
export function useResumePreview(customerId: string, subscriptionId: string) {
  return useQuery(
    resumePreviewQuery(customerId, subscriptionId, () => fetchResumePreview(subscriptionId)),
  );
}

/** A pause of the chosen number of cycles: when it begins and ends, what it bills. */
export function usePausePreview(customerId: string, subscriptionId: string, cycles: number | null) {
  return useQuery(
    pausePreviewQuery(customerId, subscriptionId, cycles, (n) =>
      fetchPausePreview(subscriptionId, n),
    ),
  );
}

/** The offers made to a customer about to cancel (where the company makes any). */
export function useRetentionOffers(customerId: string, subscriptionId: string, enabled: boolean) {
  return useQuery(
    retentionOffersQuery(customerId, subscriptionId, enabled, () =>
      fetchRetentionOffers(subscriptionId),
    ),
  );
}
