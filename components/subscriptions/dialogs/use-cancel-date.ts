"use client";

import { useQuery } from "@tanstack/react-query";
import type { CancellationType } from "@/lib/schemas/subscriptions";
import { useSubscriptionMutations } from "@/lib/subscriptions/queries";
import { subscriptionKeys } from "@/lib/subscriptions/query-keys";

/**
 * The effective date a non-custom cancellation choice leads to (spec 001 §4), looked up when the
 * choice is made; nothing is looked up for no choice or a specific date.
 */
export function useCancelDate(
  customerId: string,
  subscriptionId: string,
  type: CancellationType | null,
) {
  const { cancelDate } = useSubscriptionMutations(customerId);
  const lookup = type !== null && type !== "specific_date" ? type : null;
  return useQuery({
    queryKey: subscriptionKeys.cancelDate(customerId, subscriptionId, lookup),
    queryFn: () => cancelDate(subscriptionId, lookup ?? "today"),
    enabled: lookup !== null,
    // "Today" moves at midnight: a date looked up in an earlier dialog is not trusted.
    staleTime: 0,
    gcTime: 60_000,
  });
}
