// Alerts as the app holds them (docs/CONTRACT.md §7.4), and the account page's form schemas as
// zod/mini (the forms validate with them, the BFF handlers parse with them). Reshaped from
// /v1/alerts by lib/billing/alerts; amounts are in the customer's currency.
import * as z from "zod/mini";
import { ALERT_BASES, type AlertBasis } from "@billing-portal/contract/enums";
import { emailSchema, requiredString } from "./shared";

export {
  ALERT_BASES,
  MAX_ALERT_ADDRESSES,
  MAX_ALERT_THRESHOLDS,
} from "@billing-portal/contract/enums";
export type { AlertBasis };

export type AlertThreshold = { id: string; basis: AlertBasis; amount: number; currency: string };
export type AlertRecipient = {
  id: string;
  email: string;
  kind: "user" | "address";
  status: "pending" | "confirmed" | "expired";
  isMe: boolean;
};
export type AlertEvent = {
  id: string;
  basis: AlertBasis;
  amount: number;
  currency: string;
  value: number;
  periodEnd: string;
  firedAt: string;
  dismissed: boolean;
};
/** The dashboard's banners: their texts written on the server, and the Dismiss label. */
export type AlertNotices = { dismiss: string; items: { id: string; text: string }[] };

export type AlertSettings = {
  currency: string;
  thresholds: AlertThreshold[];
  recipients: AlertRecipient[];
  events: AlertEvent[];
};

/** An amount as typed: digits with an optional decimal sign and up to two decimals, at most 12 digits. */
const AMOUNT = /^\d{1,10}([.,]\d{1,2})?$/;

/** A typed amount as a number: a decimal comma reads as a point. */
export const amountOf = (typed: string) => Number(typed.trim().replace(",", "."));

/** The add-threshold form: the amount as typed (kept as typed on a refusal), and its figure. */
export const thresholdFormSchema = z.object({
  amount: requiredString(
    32,
    z.regex(AMOUNT, { error: "account.alerts.errors.amountFormat" }),
    z.refine((v: string) => amountOf(v) > 0, { error: "account.alerts.errors.amountPositive" }),
  ),
  basis: z.enum(ALERT_BASES),
});
export type ThresholdFormValues = z.input<typeof thresholdFormSchema>;

/** The BFF body of a new threshold: an amount to the cent. */
export const thresholdBodySchema = z.object({
  amount: z.number().check(
    z.positive(),
    z.lte(9_999_999_999.99),
    z.refine((v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6),
  ),
  basis: z.enum(ALERT_BASES),
});
export type ThresholdBody = z.output<typeof thresholdBodySchema>;

export const recipientFormSchema = z.object({ email: emailSchema });
export type RecipientFormValues = z.input<typeof recipientFormSchema>;

export const alertMeSchema = z.object({ subscribed: z.boolean() });
