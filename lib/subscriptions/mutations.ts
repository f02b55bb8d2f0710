"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { ApiError } from "@/lib/api-client";
import type {
  CancelSubscriptionInput,
  ChangePreview,
  RetentionOfferKind,
  Subscription,
  SubscriptionChangeInput,
} from "@/lib/schemas/subscriptions";
import { useRefreshBilling } from "@/lib/lists/use-refresh-billing";
import {
  acceptRetentionOffer,
  applyChange,
  cancelSubscription,
  pauseSubscription,
  previewChange,
  reactivateSubscription,
  resumeSubscription,
} from "./bff";
import { subscriptionKeys } from "./queries";

// The subscriptions tab's changes (spec 001 §4). Spec 001 §4: after cancel, change or reactivate
// the list reloads with its status filter, so each invalidates the customer's subscriptions. No
// toasts here: the UI picks the messages.

type ChangeVars = { id: string; change: SubscriptionChangeInput };

/**
 * After a change: the subscriptions list reloads (spec 001 §4); the billing lists and balance too,
 * since a change bills its proration at once (an invoice, or a credit note); and the page's server
 * parts again, for the "This period" card rendered on the server (issue 31 §1).
 */
function useReloadSubscriptions(customerId: string) {
  const queryClient = useQueryClient();
  const refreshBilling = useRefreshBilling();
  const router = useRouter();
  return async () => {
    router.refresh();
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: subscriptionKeys.customer(customerId) }),
      refreshBilling(),
    ]);
  };
}

/** What a change would cost; nothing changes, so nothing is invalidated. */
export function usePreviewChangeMutation() {
  return useMutation<ChangePreview, ApiError, ChangeVars>({
    mutationFn: ({ id, change }) => previewChange(id, change),
  });
}

/** Applies a change (inline edits, quantities, plans added or removed). */
export function useApplyChangeMutation(customerId: string) {
  const reload = useReloadSubscriptions(customerId);
  return useMutation<Subscription, ApiError, ChangeVars>({
    mutationFn: ({ id, change }) => applyChange(id, change),
    onSuccess: reload,
  });
}

/** Cancels a subscription. */
export function useCancelSubscriptionMutation(customerId: string) {
  const reload = useReloadSubscriptions(customerId);
  return useMutation<Subscription, ApiError, { id: string; input: CancelSubscriptionInput }>({
    mutationFn: ({ id, input }) => cancelSubscription(id, input),
    onSuccess: reload,
  });
}

/** Reactivates a cancelled subscription. */
export function useReactivateSubscriptionMutation(customerId: string) {
  const reload = useReloadSubscriptions(customerId);
  return useMutation<Subscription, ApiError, { id: string }>({
    mutationFn: ({ id }) => reactivateSubscription(id),
    onSuccess: reload,
  });
}

/**
 * A refusal of pausing, resuming or an offer says the subscription is not as the tab shows it
 * (paused, or changed, elsewhere meanwhile): its list reloads, so the buttons match it again.
 */
function useReloadOnRefusal(customerId: string) {
  const queryClient = useQueryClient();
  return (error: ApiError) => {
    if (error.status !== 400) return;
    void queryClient.invalidateQueries({ queryKey: subscriptionKeys.customer(customerId) });
  };
}

/** Pauses a subscription from the end of its cycle for so many cycles. */
export function usePauseSubscriptionMutation(customerId: string) {
  const reload = useReloadSubscriptions(customerId);
  const onError = useReloadOnRefusal(customerId);
  return useMutation<Subscription, ApiError, { id: string; cycles: number }>({
    mutationFn: ({ id, cycles }) => pauseSubscription(id, cycles),
    onSuccess: reload,
    onError,
  });
}

/** Resumes a paused subscription now (or calls off a pause not begun). */
export function useResumeSubscriptionMutation(customerId: string) {
  const reload = useReloadSubscriptions(customerId);
  const onError = useReloadOnRefusal(customerId);
  return useMutation<Subscription, ApiError, { id: string }>({
    mutationFn: ({ id }) => resumeSubscription(id),
    onSuccess: reload,
    onError,
  });
}

/** Accepts an offer made instead of cancelling. */
export function useAcceptOfferMutation(customerId: string) {
  const reload = useReloadSubscriptions(customerId);
  const onError = useReloadOnRefusal(customerId);
  return useMutation<Subscription, ApiError, { id: string; offer: RetentionOfferKind }>({
    mutationFn: ({ id, offer }) => acceptRetentionOffer(id, offer),
    onSuccess: reload,
    onError,
  });
}
