/**
 * Charging a saved payment method, as the payment providers' doubles answer it: Stripe's
 * charge-time test cards (saved without a fault, declined when used) decline with Stripe's codes
 * and messages; every other card and verified bank account is charged. A token the double no
 * longer knows (a seeded method, or one saved before a restart) is charged too: the provider
 * holds it, the sandbox only forgot its details.
 */
import type { DeclineCode } from "@billing-portal/contract/enums";
import { lookupProviderPaymentMethod } from "./vault";

/** Card numbers saved like good cards and declined when charged (Stripe's test numbers). */
export const CHARGE_TIME_DECLINES: Record<string, DeclineCode> = {
  "4000000000000341": "card_declined",
};

/** Stripe's message per decline code, as its API writes them. */
export const DECLINE_MESSAGES: Record<DeclineCode, string> = {
  card_declined: "Your card was declined.",
  insufficient_funds: "Your card has insufficient funds.",
  expired_card: "Your card has expired.",
};

export type ChargeResult =
  { ok: true; chargeId: string } | { ok: false; code: DeclineCode; message: string };

let charges = 0;

/** Charges a provider token of the gateway family (`stripe`, `cardconnect`). */
export function chargeToken(family: string, token: string): ChargeResult {
  if (family === "stripe") {
    const decline = lookupProviderPaymentMethod(token);
    if (decline?.kind === "card" && decline.chargeDecline)
      return {
        ok: false,
        code: decline.chargeDecline,
        message: DECLINE_MESSAGES[decline.chargeDecline],
      };
  }
  charges += 1;
  const prefix = family === "stripe" ? "ch_" : "cc_";
  return { ok: true, chargeId: `${prefix}${Date.now().toString(36)}${charges.toString(36)}` };
}
