"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { toastError, toastSuccess } from "@/components/feedback/toaster";
import {
  addPaymentMethod,
  clearAccountCache,
  deletePaymentMethod,
  saveAutoPay,
  setDefaultPaymentMethod,
} from "@/lib/account/bff";
import { appendMethod, markDefault, removeMethod } from "@/lib/account/payment-rules";
import { manageAccountKeys } from "@/lib/account/queries";
import type {
  AddPaymentMethodPayload,
  ContactDetails,
  PaymentMethod,
  PaymentMethodList,
} from "@/lib/schemas/account";
import { useAccountErrorText } from "./use-account-errors";
import { useSingleFlight } from "./use-single-flight";

// The account changes of spec 000 §4, each with its toast (§8): the cached data is updated from
// the answer, not fetched again.

function useMethods(customerId: string) {
  const client = useQueryClient();
  return (change: (list: PaymentMethod[]) => PaymentMethod[]) =>
    client.setQueryData<PaymentMethodList>(manageAccountKeys.paymentMethods(customerId), (old) =>
      old ? { ...old, paymentMethods: change(old.paymentMethods) } : old,
    );
}

/** Switches auto-pay; on success only auto_pay changes locally. */
export function useAutoPay(customerId: string) {
  const t = useTranslations("account");
  const client = useQueryClient();
  const errorText = useAccountErrorText();
  return useSingleFlight({
    mutationFn: (autoPay: boolean) => saveAutoPay(autoPay),
    onSuccess: ({ autoPay }) => {
      client.setQueryData<ContactDetails>(manageAccountKeys.contactDetails(customerId), (old) =>
        old ? { ...old, autoPay } : old,
      );
      toastSuccess(t("customer.changed.successfully"));
    },
    onError: (error) => toastError(errorText(error, "customer.general.error")),
  });
}

/** Makes a method the default; only it keeps the flag. */
export function useSetDefault(customerId: string) {
  const t = useTranslations("account");
  const update = useMethods(customerId);
  return useSingleFlight({
    mutationFn: (id: string) => setDefaultPaymentMethod(id),
    onSuccess: (_method, id) => {
      update((list) => markDefault(list, id));
      toastSuccess(t("customer.pm.changed.successfully"));
    },
    onError: () => toastError(t("customer.default_payment_method.error")),
  });
}

/** Deletes a method and removes it by the id rule (seti_…, pi_…, else its id). */
export function useDeleteMethod(customerId: string) {
  const t = useTranslations("account");
  const update = useMethods(customerId);
  const errorText = useAccountErrorText();
  return useSingleFlight({
    mutationFn: (id: string) => deletePaymentMethod(id),
    onSuccess: (_ok, id) => {
      update((list) => removeMethod(list, id));
      toastSuccess(t("paymentMethod.deleted.successfully"));
    },
    onError: (error) => toastError(errorText(error, "paymentMethod.general.error")),
  });
}

/** Saves a tokenized method; it is appended (and, when default, the others lose the flag). */
export function useAddMethod(customerId: string) {
  const t = useTranslations("account");
  const update = useMethods(customerId);
  return async (payload: AddPaymentMethodPayload): Promise<PaymentMethod> => {
    const method = await addPaymentMethod(payload);
    update((list) => appendMethod(list, method));
    toastSuccess(t("paymentMethod.changed.successfully"));
    return method;
  };
}

/**
 * After the hosted add-payment page: the billing API is asked to drop its cache, then the methods
 * are read again (a card added there is not in this page's data).
 */
export function useClearCache(customerId: string) {
  const client = useQueryClient();
  const errorText = useAccountErrorText();
  return useSingleFlight({
    mutationFn: () => clearAccountCache(),
    onSettled: () =>
      client.invalidateQueries({ queryKey: manageAccountKeys.paymentMethods(customerId) }),
    onError: (error) => toastError(errorText(error, "paymentMethod.general.error")),
  });
}
