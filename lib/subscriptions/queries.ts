"use client";

import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query";
import { useCallback } from "react";
import { ApiError, apiFetch } from "@/lib/api-client";
import type {
  CancelSubscriptionInput,
  CancellationType,
  ChangePreview,
  Plan,
  PlanPage,
  PlanQuery,
  Subscription,
  SubscriptionChangeInput,
  SubscriptionList,
  SubscriptionListStatus,
} from "@/lib/schemas/subscriptions";
import { subscriptionKeys } from "./query-keys";

// The browser's data layer of the subscriptions tab (docs/CONTRACT.md §7.2): queries hydrated
// from the dashboard's server render, and the changes. No toasts here: the UI picks the messages.

const subscriptionPath = (id: string, action = "") =>
  `/api/subscriptions/${encodeURIComponent(id)}${action ? `/${action}` : ""}`;

/** One sub-tab's subscriptions of the customer (fetched again whenever the sub-tab changes). */
export function useSubscriptions(customerId: string, status: SubscriptionListStatus) {
  return useQuery({
    queryKey: subscriptionKeys.list(customerId, status),
    queryFn: async () =>
      (await apiFetch<SubscriptionList>(`/api/subscriptions?status=${status}`)).subscriptions,
  });
}

function plansPath(query: PlanQuery): string {
  const params = new URLSearchParams({
    page: String(query.page),
    size: String(query.size),
    sort: query.sort,
  });
  if (query.search) params.set("search", query.search);
  return `/api/plans?${params.toString()}`;
}

/** One page of the plan catalogue; the previous page stays shown while the next one loads. */
export function usePlans(customerId: string, query: PlanQuery, enabled = true) {
  return useQuery({
    queryKey: subscriptionKeys.plans(customerId, query),
    queryFn: () => apiFetch<PlanPage>(plansPath(query)),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A catalogue plan's details, cached per customer; a blank id fails without a request (spec 001 §8). */
export async function fetchPlanDetails(
  queryClient: QueryClient,
  customerId: string,
  planId: string,
): Promise<Plan> {
  if (!planId.trim()) throw new Error("Plan ID is required");
  return queryClient.fetchQuery({
    queryKey: subscriptionKeys.plan(customerId, planId),
    queryFn: async () =>
      (await apiFetch<{ plan: Plan }>(`/api/plans/${encodeURIComponent(planId)}`)).plan,
  });
}

type ChangeVars = { id: string; change: SubscriptionChangeInput };

/** Preview, apply, cancel-date lookup, cancel and reactivate; a change reloads the customer's lists. */
export function useSubscriptionMutations(customerId: string) {
  const queryClient = useQueryClient();
  // Spec 001 §4: after cancel, change or reactivate the list reloads with its status filter.
  const reload = () =>
    queryClient.invalidateQueries({ queryKey: subscriptionKeys.customer(customerId) });

  const preview = useMutation<ChangePreview, ApiError, ChangeVars>({
    mutationFn: ({ id, change }) =>
      apiFetch<ChangePreview>(subscriptionPath(id, "preview"), { method: "POST", body: change }),
  });
  const apply = useMutation<Subscription, ApiError, ChangeVars>({
    mutationFn: async ({ id, change }) =>
      (
        await apiFetch<{ subscription: Subscription }>(subscriptionPath(id), {
          method: "PUT",
          body: change,
        })
      ).subscription,
    onSuccess: reload,
  });
  const cancel = useMutation<
    Subscription,
    ApiError,
    { id: string; input: CancelSubscriptionInput }
  >({
    mutationFn: async ({ id, input }) =>
      (
        await apiFetch<{ subscription: Subscription }>(subscriptionPath(id, "cancel"), {
          method: "POST",
          body: input,
        })
      ).subscription,
    onSuccess: reload,
  });
  const reactivate = useMutation<Subscription, ApiError, { id: string }>({
    mutationFn: async ({ id }) =>
      (
        await apiFetch<{ subscription: Subscription }>(subscriptionPath(id, "reactivate"), {
          method: "POST",
          body: {},
        })
      ).subscription,
    onSuccess: reload,
  });
  const cancelDate = useCallback(
    async (id: string, type: CancellationType, date?: string): Promise<string> => {
      const params = new URLSearchParams({ type });
      if (date) params.set("date", date);
      const answer = await apiFetch<{ endDate: string }>(
        `${subscriptionPath(id, "cancel-date")}?${params.toString()}`,
      );
      return answer.endDate;
    },
    [],
  );
  return { preview, apply, cancelDate, cancel, reactivate };
}

/** The upstream's own message of a refusal when the BFF passed one, else the (translated) fallback. */
export function subscriptionErrorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.detail ? error.detail : fallback;
}
