"use client";

import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { ApiError } from "@/lib/api-client";
import type {
  CancelSubscriptionInput,
  CancellationType,
  ChangePreview,
  Plan,
  PlanQuery,
  Subscription,
  SubscriptionChangeInput,
  SubscriptionListStatus,
} from "@/lib/schemas/subscriptions";
import {
  applyChange,
  cancelSubscription,
  fetchCancelDate,
  fetchPlan,
  fetchPlans,
  fetchSubscriptions,
  previewChange,
  reactivateSubscription,
} from "./bff";
import {
  cancelDateQuery,
  planPageQuery,
  planQuery,
  subscriptionKeys,
  subscriptionListQuery,
} from "./queries";

// The browser's hooks of the subscriptions tab: the feature's queryOptions (queries.ts), hydrated
// from the dashboard's server render, run with the BFF's fetchers (bff.ts), and the changes. No
// toasts here: the UI picks the messages.

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

type ChangeVars = { id: string; change: SubscriptionChangeInput };

/** Preview, apply, cancel and reactivate; a change reloads the customer's lists. */
export function useSubscriptionMutations(customerId: string) {
  const queryClient = useQueryClient();
  // Spec 001 §4: after cancel, change or reactivate the list reloads with its status filter.
  const reload = () =>
    queryClient.invalidateQueries({ queryKey: subscriptionKeys.customer(customerId) });

  const preview = useMutation<ChangePreview, ApiError, ChangeVars>({
    mutationFn: ({ id, change }) => previewChange(id, change),
  });
  const apply = useMutation<Subscription, ApiError, ChangeVars>({
    mutationFn: ({ id, change }) => applyChange(id, change),
    onSuccess: reload,
  });
  const cancel = useMutation<
    Subscription,
    ApiError,
    { id: string; input: CancelSubscriptionInput }
  >({
    mutationFn: ({ id, input }) => cancelSubscription(id, input),
    onSuccess: reload,
  });
  const reactivate = useMutation<Subscription, ApiError, { id: string }>({
    mutationFn: ({ id }) => reactivateSubscription(id),
    onSuccess: reload,
  });
  return { preview, apply, cancel, reactivate };
}
