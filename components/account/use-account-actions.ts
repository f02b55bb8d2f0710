"use client";

import { useTranslations } from "next-intl";
import { toastError, toastSuccess } from "@/components/feedback/toaster";
import { usePress } from "@/components/forms/use-press";
import {
  useAddPaymentMethodMutation,
  useClearAccountCacheMutation,
  useDeletePaymentMethodMutation,
  useSaveAutoPayMutation,
  useSetDefaultPaymentMethodMutation,
} from "@/lib/account/mutations";
import type { AddPaymentMethodPayload, PaymentMethod } from "@/lib/schemas/account";
import { useAccountErrorText } from "./use-account-errors";

// The account's presses of spec 000 §4, each with its toast (§8); the changes and what they do to
// the cached data are lib/account/mutations.ts.

/** Switches auto-pay. */
export function useAutoPay(customerId: string) {
  const t = useTranslations("account");
  const errorText = useAccountErrorText();
  return usePress(useSaveAutoPayMutation(customerId), {
    onSuccess: () => toastSuccess(t("customer.changed.successfully")),
    onError: (error) => toastError(errorText(error, "customer.general.error")),
  });
}

/** Makes a method the default. */
export function useSetDefault(customerId: string) {
  const t = useTranslations("account");
  return usePress(useSetDefaultPaymentMethodMutation(customerId), {
    onSuccess: () => toastSuccess(t("customer.pm.changed.successfully")),
    onError: () => toastError(t("customer.default_payment_method.error")),
  });
}

/** Deletes a method. */
export function useDeleteMethod(customerId: string) {
  const t = useTranslations("account");
  const errorText = useAccountErrorText();
  return usePress(useDeletePaymentMethodMutation(customerId), {
    onSuccess: () => toastSuccess(t("paymentMethod.deleted.successfully")),
    onError: (error) => toastError(errorText(error, "paymentMethod.general.error")),
  });
}

/**
 * Saves a tokenized method inside an add-payment form's submit, which shows a failure itself:
 * resolves to the saved method, or rejects.
 */
export function useAddMethod(customerId: string) {
  const t = useTranslations("account");
  const { mutateAsync } = useAddPaymentMethodMutation(customerId);
  return async (payload: AddPaymentMethodPayload): Promise<PaymentMethod> => {
    const method = await mutateAsync(payload);
    toastSuccess(t("paymentMethod.changed.successfully"));
    return method;
  };
}

/** After the hosted add-payment page: the methods are read again (lib/account/mutations.ts). */
export function useClearCache(customerId: string) {
  const errorText = useAccountErrorText();
  return usePress(useClearAccountCacheMutation(customerId), {
    onError: (error) => toastError(errorText(error, "paymentMethod.general.error")),
  });
}
