"use client";

import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { ApiError } from "@/lib/api-client";
import type {
  AddPaymentMethodPayload,
  ChangePasswordInput,
  ContactDetails,
  ContactDetailsInput,
  PaymentMethod,
  PaymentMethodList,
} from "@/lib/schemas/account";
import type { AccountSessionList, RevokedSessions } from "@/lib/schemas/sessions";
import {
  addPaymentMethod,
  changePassword,
  clearAccountCache,
  deletePaymentMethod,
  revokeOtherSessions,
  revokeSession,
  saveAutoPay,
  saveContactDetails,
  setDefaultPaymentMethod,
} from "./bff";
import { appendMethod, markDefault, removeMethod } from "./payment-rules";
import { accountSessionKeys, manageAccountKeys } from "./queries";

// Manage Account's changes (spec 000 §4): the BFF's answer updates the cached data, so nothing is
// fetched again. No toasts here: the UI picks the messages (usePress, or the form's onSuccess).

function updateMethods(
  client: QueryClient,
  customerId: string,
  change: (list: PaymentMethod[]) => PaymentMethod[],
) {
  client.setQueryData<PaymentMethodList>(manageAccountKeys.paymentMethods(customerId), (old) =>
    old ? { ...old, paymentMethods: change(old.paymentMethods) } : old,
  );
}

/** Saves the contact details; the answer replaces the cached ones. */
export function useSaveContactDetailsMutation(customerId: string) {
  const client = useQueryClient();
  return useMutation<ContactDetails, ApiError, ContactDetailsInput>({
    mutationFn: saveContactDetails,
    onSuccess: (saved) => client.setQueryData(manageAccountKeys.contactDetails(customerId), saved),
  });
}

/** Changes the password; nothing cached changes. */
export function useChangePasswordMutation() {
  return useMutation<{ ok: true }, ApiError, ChangePasswordInput>({ mutationFn: changePassword });
}

/** Switches auto-pay; on success only auto_pay changes locally. */
export function useSaveAutoPayMutation(customerId: string) {
  const client = useQueryClient();
  return useMutation<{ autoPay: boolean }, ApiError, boolean>({
    mutationFn: saveAutoPay,
    onSuccess: ({ autoPay }) =>
      client.setQueryData<ContactDetails>(manageAccountKeys.contactDetails(customerId), (old) =>
        old ? { ...old, autoPay } : old,
      ),
  });
}

/** Saves a tokenized method; it is appended (and, when default, the others lose the flag). */
export function useAddPaymentMethodMutation(customerId: string) {
  const client = useQueryClient();
  return useMutation<PaymentMethod, ApiError, AddPaymentMethodPayload>({
    mutationFn: addPaymentMethod,
    // The add-payment forms show their own wait (the provider's tokenizing comes first).
    meta: { coversPage: false },
    onSuccess: (method) => updateMethods(client, customerId, (list) => appendMethod(list, method)),
  });
}

/** Makes a method the default; only it keeps the flag. */
export function useSetDefaultPaymentMethodMutation(customerId: string) {
  const client = useQueryClient();
  return useMutation<PaymentMethod, ApiError, string>({
    mutationFn: setDefaultPaymentMethod,
    onSuccess: (_method, id) => updateMethods(client, customerId, (list) => markDefault(list, id)),
  });
}

/** Deletes a method and removes it by the id rule (seti_…, pi_…, else its id). */
export function useDeletePaymentMethodMutation(customerId: string) {
  const client = useQueryClient();
  return useMutation<{ ok: true }, ApiError, string>({
    mutationFn: deletePaymentMethod,
    onSuccess: (_ok, id) => updateMethods(client, customerId, (list) => removeMethod(list, id)),
  });
}

/**
 * After the hosted add-payment page: the billing API is asked to drop its cache, then the methods
 * are read again (a card added there is not in this page's data), whether or not the drop worked.
 */
export function useClearAccountCacheMutation(customerId: string) {
  const client = useQueryClient();
  return useMutation<{ ok: true }, ApiError, void>({
    mutationFn: () => clearAccountCache(),
    onSettled: () =>
      client.invalidateQueries({ queryKey: manageAccountKeys.paymentMethods(customerId) }),
  });
}

/**
 * Signs out every other session: at once only this one is listed, then the list is read again
 * (whatever signed in meanwhile shows up).
 */
export function useRevokeOtherSessionsMutation() {
  const client = useQueryClient();
  return useMutation<RevokedSessions, ApiError, void>({
    mutationFn: () => revokeOtherSessions(),
    onSuccess: () =>
      client.setQueryData<AccountSessionList>(accountSessionKeys.all, (old) =>
        old ? { sessions: old.sessions.filter((s) => s.current) } : old,
      ),
    onSettled: () => client.invalidateQueries({ queryKey: accountSessionKeys.all }),
  });
}

/** Signs out one other session: it leaves the list at once, then the list is read again. */
export function useRevokeSessionMutation() {
  const client = useQueryClient();
  return useMutation<{ ok: true }, ApiError, string>({
    mutationFn: (id) => revokeSession(id),
    onSuccess: (_ok, id) =>
      client.setQueryData<AccountSessionList>(accountSessionKeys.all, (old) =>
        old ? { sessions: old.sessions.filter((s) => s.id !== id) } : old,
      ),
    onSettled: () => client.invalidateQueries({ queryKey: accountSessionKeys.all }),
  });
}
