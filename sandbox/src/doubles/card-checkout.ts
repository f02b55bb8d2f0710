/**
 * A card typed on the sandbox's hosted pay-now page, taken as the company's provider takes one on
 * its own checkout: the number goes to the provider double, and the token it answers is charged.
 * Stripe: createPaymentMethod (stripe-api.ts), so Stripe's test cards refuse as they do there —
 * 4000 0000 0000 0002 declined, 9995 insufficient funds, 0069 expired, 0127 incorrect CVC — and
 * 4000 0000 0000 0341 declines when charged (charges.ts). CardConnect: the CardSecure tokenizer
 * (cardconnect-api.ts), whose test cards 4111 1111 1111 1111 and 4788 2500 0002 8291 are charged.
 * The sandbox keeps neither the number nor the token.
 */
import { z } from "zod";
import { tokenize } from "./cardconnect-api";
import { chargeToken } from "./charges";
import { createPaymentMethod } from "./stripe-api";

/** The card as typed: digits only, a four-digit year. */
export type CardDetails = {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  holderName: string;
};

/** A charge made, or the provider's reason for refusing it ("Your card was declined."). */
export type CardCharge = { ok: true; chargeId: string } | { ok: false; message: string };

const stripeAnswer = z.union([
  z.object({ id: z.string() }),
  z.object({ error: z.object({ message: z.string() }) }),
]);
const cardSecureAnswer = z.object({ token: z.string(), message: z.string() });

const UNREADABLE = "The payment provider could not be reached. Try again later.";

function tokenizeCard(
  family: string,
  apiKey: string | null,
  card: CardDetails,
  now: number,
): { token: string } | { refusal: string } {
  if (family === "stripe") {
    const answer = createPaymentMethod(
      {
        key: apiKey ?? "",
        type: "card",
        card: {
          number: card.number,
          exp_month: String(card.expMonth),
          exp_year: String(card.expYear),
          cvc: card.cvc,
        },
        billing_details: { name: card.holderName },
      },
      now,
    );
    const body = stripeAnswer.safeParse(answer.body);
    if (!body.success) return { refusal: UNREADABLE };
    return "id" in body.data ? { token: body.data.id } : { refusal: body.data.error.message };
  }
  const expiry = `${String(card.expMonth).padStart(2, "0")}${String(card.expYear % 100).padStart(2, "0")}`;
  const answer = tokenize({ account: card.number, expiry, cvv: card.cvc }, now);
  const body = cardSecureAnswer.safeParse(answer.body);
  if (!body.success) return { refusal: UNREADABLE };
  return answer.status === 200 && body.data.token
    ? { token: body.data.token }
    : { refusal: body.data.message };
}

/** Tokenizes the card with the gateway family's provider (`stripe`, `cardconnect`) and charges it. */
export function chargeCard(
  family: string,
  apiKey: string | null,
  card: CardDetails,
  now: number,
): CardCharge {
  const tokenized = tokenizeCard(family, apiKey, card, now);
  if ("refusal" in tokenized) return { ok: false, message: tokenized.refusal };
  const charge = chargeToken(family, tokenized.token);
  return charge.ok ? charge : { ok: false, message: charge.message };
}
