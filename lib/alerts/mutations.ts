"use client";

import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { ApiError } from "@/lib/api-client";
import type {
  AlertRecipient,
  AlertSettings,
  AlertThreshold,
  ThresholdBody,
} from "@/lib/schemas/alerts";
import {
  addRecipient,
  addThreshold,
  dismissAlert,
  removeRecipient,
  removeThreshold,
  setAlertsForMe,
} from "./bff";
import { alertKeys } from "./queries";

// Alerts' changes: the BFF's answer updates the cached settings, so nothing is fetched again. No
// toasts here: the UI picks the messages.

function update(
  client: QueryClient,
  customerId: string,
  change: (s: AlertSettings) => AlertSettings,
) {
  client.setQueryData<AlertSettings | null>(alertKeys.settings(customerId), (old) =>
    old ? change(old) : old,
  );
}

const byAmount = (a: AlertThreshold, b: AlertThreshold) =>
  a.basis.localeCompare(b.basis) || a.amount - b.amount;

export function useAddThresholdMutation(customerId: string) {
  const client = useQueryClient();
  return useMutation<{ threshold: AlertThreshold }, ApiError, ThresholdBody>({
    mutationFn: addThreshold,
    onSuccess: ({ threshold }) =>
      update(client, customerId, (s) => ({
        ...s,
        thresholds: [...s.thresholds, threshold].sort(byAmount),
      })),
  });
}

export function useRemoveThresholdMutation(customerId: string) {
  const client = useQueryClient();
  return useMutation<{ ok: true }, ApiError, string>({
    mutationFn: removeThreshold,
    onSuccess: (_ok, id) =>
      update(client, customerId, (s) => ({
        ...s,
        thresholds: s.thresholds.filter((t) => t.id !== id),
      })),
  });
}

export function useAlertsForMeMutation(customerId: string) {
  const client = useQueryClient();
  return useMutation<{ recipient: AlertRecipient | null }, ApiError, boolean>({
    mutationFn: setAlertsForMe,
    onSuccess: ({ recipient }) =>
      update(client, customerId, (s) => ({
        ...s,
        recipients: [
          ...(recipient ? [recipient] : []),
          ...s.recipients.filter((r) => !r.isMe && r.email !== recipient?.email),
        ],
      })),
  });
}

export function useAddRecipientMutation(customerId: string) {
  const client = useQueryClient();
  return useMutation<{ recipient: AlertRecipient }, ApiError, string>({
    mutationFn: addRecipient,
    onSuccess: ({ recipient }) =>
      update(client, customerId, (s) => ({ ...s, recipients: [...s.recipients, recipient] })),
  });
}

export function useRemoveRecipientMutation(customerId: string) {
  const client = useQueryClient();
  return useMutation<{ ok: true }, ApiError, string>({
    mutationFn: removeRecipient,
    onSuccess: (_ok, id) =>
      update(client, customerId, (s) => ({
        ...s,
        recipients: s.recipients.filter((r) => r.id !== id),
      })),
  });
}

export function useDismissAlertMutation() {
  return useMutation<{ ok: true }, ApiError, string>({
    mutationFn: dismissAlert,
    meta: { coversPage: false },
  });
}
