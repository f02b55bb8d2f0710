/**
 * Helpers of the account tests: sign in, and provider tokens made through the provider doubles,
 * as Stripe.js and the CardConnect tokenizer frame make them for the portal.
 */
import { z } from "zod";
import { tokenize } from "../../src/doubles/cardconnect-api";
import { createPaymentMethod } from "../../src/doubles/stripe-api";
import type { Harness } from "./harness";

type Gateway = "stripe" | "cardconnect";

const stripeId = z.object({ id: z.string() });
const cardSecureToken = z.object({ token: z.string().min(1) });

/** The access token of a fresh sign-in. */
export async function bearer(h: Harness, email: string): Promise<string> {
  return (await h.login(email)).accessToken;
}

function stripeToken(h: Harness, params: Record<string, unknown>): string {
  const answer = createPaymentMethod({ key: "pk_test_sandbox_acme_water", ...params }, h.now());
  return stripeId.parse(answer.body).id;
}

/** A provider token for a test card (expiry month, year). */
export function cardToken(
  h: Harness,
  gateway: Gateway,
  number: string,
  exp: [number, number] = [12, 2034],
): string {
  if (gateway === "stripe") {
    return stripeToken(h, {
      type: "card",
      card: { number, exp_month: String(exp[0]), exp_year: String(exp[1]) },
      billing_details: { name: "Test Holder" },
    });
  }
  const expiry = `${String(exp[0]).padStart(2, "0")}${String(exp[1] % 100)}`;
  return cardSecureToken.parse(tokenize({ account: number, expiry }, h.now()).body).token;
}

/** A provider token for a bank account at Stripe's test routing number. */
export function bankToken(h: Harness, gateway: Gateway, accountNumber = "000123456789"): string {
  if (gateway === "stripe") {
    return stripeToken(h, {
      type: "us_bank_account",
      us_bank_account: {
        account_number: accountNumber,
        routing_number: "110000000",
        account_holder_type: "individual",
      },
      billing_details: { name: "Test Holder" },
    });
  }
  const account = `110000000/${accountNumber}`;
  return cardSecureToken.parse(tokenize({ account }, h.now()).body).token;
}

/** POST /v1/user/portalUserCustomer: act for another of the user's customers. */
export async function selectCustomer(h: Harness, token: string, customerId: string): Promise<void> {
  const res = await h.api("POST", "/v1/user/portalUserCustomer", {
    token,
    body: { customer_id: customerId },
  });
  if (res.status !== 200) throw new Error(`select ${customerId} failed: ${res.status} ${res.text}`);
}
