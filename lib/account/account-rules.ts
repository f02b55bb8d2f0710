// Display rules of the manage-account view besides the payment methods (spec 000 §2, §6). Pure.
import type { GatewayFamily, PaymentOptions } from "@/lib/schemas/account";

export type PaymentOptionKey = "credit" | "ach" | "achCredit" | "affirm";

/** The payment options to show as Yes or No: bank-account credit and Affirm only on stripe. */
export function visiblePaymentOptions(
  options: PaymentOptions,
  gateway: GatewayFamily | null,
): { key: PaymentOptionKey; on: boolean }[] {
  return [
    { key: "credit", on: options.creditEnabled },
    { key: "ach", on: options.achEnabled },
    ...(gateway === "stripe"
      ? [
          { key: "achCredit" as const, on: options.achCreditEnabled },
          { key: "affirm" as const, on: options.affirmEnabled },
        ]
      : []),
  ];
}

/**
 * How auto-pay is shown: a switch when the customer may change it; otherwise only text, the
 * 'enabled' text when it is on (§6), a 'not enabled' one when it is off.
 */
export function autoPayDisplay(details: {
  autoPay: boolean;
  editAutoPay: boolean;
}): "switch" | "enabledText" | "disabledText" {
  if (details.editAutoPay) return "switch";
  return details.autoPay ? "enabledText" : "disabledText";
}
