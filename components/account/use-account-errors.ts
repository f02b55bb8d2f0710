"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { useKeyTranslator } from "@/components/forms/use-key-translator";
import { ApiError } from "@/lib/api-client";

// The refusals of the account calls (docs/CONTRACT.md §6) the page explains in its own words; the
// BFF passes the upstream's code through with a generic message.
const ACCOUNT_ERROR_CODES = [
  "auto_pay_not_editable",
  "payment_method_required",
  "last_payment_method",
  "card_brand_not_allowed",
  "card_brand_mismatch",
  "payment_method_disabled",
  "duplicate_payment_method",
  "expired_card",
  "invalid_payment_token",
  "raw_account_number",
  "gateway_mismatch",
  "customer_mismatch",
  "not_found",
] as const;
type AccountErrorCode = (typeof ACCOUNT_ERROR_CODES)[number];

function accountCode(error: unknown): AccountErrorCode | null {
  if (!(error instanceof ApiError)) return null;
  return (ACCOUNT_ERROR_CODES as readonly string[]).includes(error.code)
    ? (error.code as AccountErrorCode)
    : null;
}

/** Spec 000 §8's fall-backs, one per action (contact details: ours). */
export type AccountFallback =
  | "contact.error"
  | "changPassword.general.error"
  | "customer.general.error"
  | "customer.default_payment_method.error"
  | "paymentMethod.general.error";

/**
 * The text of a failed account call (spec 000 §8): the refusal in the page's words when the code
 * is known, else the BFF's message when it says more than "something went wrong" (network,
 * session, rate limit), else the action's general error.
 */
export function useAccountErrorText() {
  const t = useTranslations("account");
  const tr = useKeyTranslator();
  return useCallback(
    (error: unknown, fallback: AccountFallback): string => {
      const code = accountCode(error);
      if (code) return t(`errors.${code}`);
      if (error instanceof ApiError && error.message !== "errors.generic" && error.status !== 422)
        return tr.error(error);
      return t(fallback);
    },
    [t, tr],
  );
}
