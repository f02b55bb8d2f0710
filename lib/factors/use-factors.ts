"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiError } from "@/lib/api-client";
import type {
  ConfirmedFactor,
  FactorList,
  RecoveryCodes,
  TotpEnrollment,
} from "@/lib/schemas/factors";
import {
  addPasskey,
  confirmFactor,
  fetchFactors,
  removeFactor,
  renewRecoveryCodes,
  startTotp,
} from "./bff";
import { factorKeys, factorsQuery } from "./queries";

// The second factor's data and changes: the list is fetched when its card shows; each change
// updates it from the BFF's answer or refetches it. No toasts here: the UI picks the messages.

/** The signed-in user's factors. */
export const useFactors = () => useQuery(factorsQuery(fetchFactors));

/** Starts adding an authenticator app: its key and QR code. */
export const useStartTotpMutation = () =>
  useMutation<TotpEnrollment, ApiError, void>({ mutationFn: () => startTotp() });

/** Confirms a factor with its first code; the list gains it (and recovery codes, with the first). */
export function useConfirmFactorMutation() {
  const client = useQueryClient();
  return useMutation<ConfirmedFactor, ApiError, { id: string; code: string }>({
    mutationFn: confirmFactor,
    onSuccess: () => client.invalidateQueries({ queryKey: factorKeys.all }),
  });
}

/** Adds a passkey from the browser's answer; the list gains it. */
export function useAddPasskeyMutation() {
  const client = useQueryClient();
  return useMutation<ConfirmedFactor, ApiError, { name: string; response: unknown }>({
    mutationFn: addPasskey,
    onSuccess: () => client.invalidateQueries({ queryKey: factorKeys.all }),
  });
}

/** Removes a factor; the list loses it (and the recovery codes with the last one). */
export function useRemoveFactorMutation() {
  const client = useQueryClient();
  return useMutation<{ ok: true }, ApiError, string>({
    mutationFn: removeFactor,
    onSuccess: () => client.invalidateQueries({ queryKey: factorKeys.all }),
  });
}

/** Ten new recovery codes: all ten left. */
export function useRenewRecoveryCodesMutation() {
  const client = useQueryClient();
  return useMutation<RecoveryCodes, ApiError, void>({
    mutationFn: () => renewRecoveryCodes(),
    onSuccess: ({ recoveryCodes }) =>
      client.setQueryData<FactorList>(factorKeys.all, (old) =>
        old ? { ...old, recoveryCodesLeft: recoveryCodes.length } : old,
      ),
  });
}
