import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseStripeForm } from "../src/doubles/stripe-api";
import { lookupProviderPaymentMethod, lookupProviderSetupIntent } from "../src/doubles/vault";
import { startHarness, type Harness } from "./support/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness("doubles_stripe_api");
});
afterAll(async () => {
  await h?.close();
});
// No reset between tests: the doubles keep no database state, and every test makes its own ids.

const KEY = "pk_test_sandbox";
type StripeErrorBody = {
  error: { type: string; code?: string; decline_code?: string; message: string; param?: string };
};
type PaymentMethodBody = {
  id: string;
  type: string;
  billing_details: { name: string | null; email: string | null };
  card?: { brand: string; last4: string; exp_month: number; exp_year: number };
  us_bank_account?: { last4: string; routing_number: string; bank_name: string };
};
type SetupIntentBody = {
  id: string;
  client_secret: string;
  status: string;
  payment_method: string | null;
  next_action: null | {
    type: string;
    verify_with_microdeposits: { hosted_verification_url: string };
  };
};

/** A form post as Stripe.js sends it. */
async function post<T>(path: string, fields: Record<string, string>) {
  const res = await fetch(`${h.url}/__sandbox/stripe/v1/${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Origin: "http://localhost:3000" },
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as T };
}

const card = (number: string, extra: Record<string, string> = {}) => ({
  type: "card",
  "card[number]": number,
  "card[exp_month]": "12",
  "card[exp_year]": "34",
  "card[cvc]": "123",
  "billing_details[name]": "Ada Lovelace",
  key: KEY,
  ...extra,
});

const bank = (account: string, extra: Record<string, string> = {}) => ({
  type: "us_bank_account",
  "us_bank_account[account_number]": account,
  "us_bank_account[routing_number]": "110000000",
  "us_bank_account[account_holder_type]": "individual",
  "billing_details[name]": "Ada Lovelace",
  "billing_details[email]": "ada@acme.test",
  key: KEY,
  ...extra,
});

describe("POST /__sandbox/stripe/v1/payment_methods (card)", () => {
  it.each([
    ["4242424242424242", "visa", "4242"],
    ["5555555555554444", "mastercard", "4444"],
    ["378282246310005", "amex", "0005"],
    ["6011111111111117", "discover", "1117"],
    ["3056930009020004", "diners", "0004"],
  ])("creates a pm_ for %s (%s) and remembers it", async (number, brand, last4) => {
    const fields = card(number, brand === "amex" ? { "card[cvc]": "1234" } : {});
    const res = await post<PaymentMethodBody>("payment_methods", fields);
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.body.id).toMatch(/^pm_[A-Za-z0-9]{24}$/);
    expect(res.body.type).toBe("card");
    expect(res.body.card).toMatchObject({ brand, last4, exp_month: 12, exp_year: 2034 });
    expect(res.body.billing_details.name).toBe("Ada Lovelace");
    expect(JSON.stringify(res.body)).not.toContain(number);

    expect(lookupProviderPaymentMethod(res.body.id)).toMatchObject({
      id: res.body.id,
      provider: "stripe",
      kind: "card",
      brand,
      last4,
      expMonth: 12,
      expYear: 2034,
      holderName: "Ada Lovelace",
    });
    const viaControl = await fetch(`${h.url}/__sandbox/provider-tokens/${res.body.id}`);
    expect(await viaControl.json()).toMatchObject({ id: res.body.id, brand, last4 });
  });

  it("declines 4000000000000002 with Stripe's card_error", async () => {
    const res = await post<StripeErrorBody>("payment_methods", card("4000000000000002"));
    expect(res.status).toBe(402);
    expect(res.body).toEqual({
      error: {
        type: "card_error",
        code: "card_declined",
        decline_code: "generic_decline",
        message: "Your card was declined.",
      },
    });
  });

  it("answers Stripe's other test failures (insufficient funds, expired, incorrect CVC)", async () => {
    const codes = [];
    for (const n of ["4000000000009995", "4000000000000069", "4000000000000127"]) {
      const res = await post<StripeErrorBody>("payment_methods", card(n));
      expect(res.status).toBe(402);
      codes.push(res.body.error.decline_code ?? res.body.error.code);
    }
    expect(codes).toEqual(["insufficient_funds", "expired_card", "incorrect_cvc"]);
  });

  it("refuses a number that fails the Luhn check or has the wrong length (402 incorrect_number)", async () => {
    for (const n of ["4242424242424241", "424242424242", "37828224631000"]) {
      const res = await post<StripeErrorBody>("payment_methods", card(n));
      expect(res.status).toBe(402);
      expect(res.body.error).toMatchObject({ type: "card_error", code: "incorrect_number" });
    }
  });

  it("refuses a past or impossible expiry (the sandbox's clock is 2030-01-15)", async () => {
    const past = await post<StripeErrorBody>(
      "payment_methods",
      card("4242424242424242", { "card[exp_year]": "29" }),
    );
    expect(past.status).toBe(402);
    expect(past.body.error.code).toBe("invalid_expiry_year");
    const month = await post<StripeErrorBody>(
      "payment_methods",
      card("4242424242424242", { "card[exp_month]": "13" }),
    );
    expect(month.body.error).toMatchObject({ code: "invalid_expiry_month", param: "exp_month" });
  });

  it("answers 400 with the parameter for missing or malformed input", async () => {
    const { "card[number]": _omitted, ...noNumber } = card("4242424242424242");
    const missing = await post<StripeErrorBody>("payment_methods", noNumber);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({
      type: "invalid_request_error",
      code: "parameter_missing",
      param: "card[number]",
      message: "Missing required param: card[number].",
    });

    const letters = await post<StripeErrorBody>("payment_methods", card("4242abcd42424242"));
    expect(letters.status).toBe(400);
    expect(letters.body.error).toMatchObject({ code: "parameter_invalid", param: "card[number]" });

    const type = await post<StripeErrorBody>("payment_methods", { type: "sepa_debit", key: KEY });
    expect(type.status).toBe(400);
    expect(type.body.error.param).toBe("type");
  });

  it("wants a test publishable key (401 otherwise)", async () => {
    const { key: _key, ...noKey } = card("4242424242424242");
    expect((await post<StripeErrorBody>("payment_methods", noKey)).status).toBe(401);
    for (const key of ["sk_test_123", "pk_live_123"]) {
      const res = await post<StripeErrorBody>("payment_methods", card("4242424242424242", { key }));
      expect(res.status).toBe(401);
      expect(res.body.error.type).toBe("invalid_request_error");
    }
  });

  it("takes a JSON body as well (for tests)", async () => {
    const res = await h.request<PaymentMethodBody>("POST", "/__sandbox/stripe/v1/payment_methods", {
      body: {
        type: "card",
        card: { number: "4242424242424242", exp_month: "1", exp_year: "2031" },
        key: KEY,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.card).toMatchObject({ brand: "visa", exp_month: 1, exp_year: 2031 });
  });
});

describe("POST /__sandbox/stripe/v1/payment_methods (us_bank_account)", () => {
  it("creates a bank payment method for routing 110000000 and account 000123456789", async () => {
    const res = await post<PaymentMethodBody>("payment_methods", bank("000123456789"));
    expect(res.status).toBe(200);
    expect(res.body.type).toBe("us_bank_account");
    expect(res.body.us_bank_account).toMatchObject({
      last4: "6789",
      routing_number: "110000000",
      bank_name: "STRIPE TEST BANK",
    });
    expect(res.body.billing_details).toMatchObject({
      name: "Ada Lovelace",
      email: "ada@acme.test",
    });
    expect(lookupProviderPaymentMethod(res.body.id)).toMatchObject({
      kind: "bank",
      last4: "6789",
      routingNumber: "110000000",
    });
  });

  it("fails account 000111111116: the account could not be verified", async () => {
    const res = await post<StripeErrorBody>("payment_methods", bank("000111111116"));
    expect(res.status).toBe(402);
    expect(res.body.error.message).toBe("Your bank account could not be verified.");
  });

  it("answers 400 for a bad routing number, a short account or a missing holder name", async () => {
    const routing = await post<StripeErrorBody>(
      "payment_methods",
      bank("000123456789", { "us_bank_account[routing_number]": "110000001" }),
    );
    expect(routing.status).toBe(400);
    expect(routing.body.error.param).toBe("us_bank_account[routing_number]");
    expect((await post<StripeErrorBody>("payment_methods", bank("123"))).status).toBe(400);
    const { "billing_details[name]": _name, ...noName } = bank("000123456789");
    const nameless = await post<StripeErrorBody>("payment_methods", noName);
    expect(nameless.status).toBe(400);
    expect(nameless.body.error.param).toBe("billing_details[name]");
  });
});

describe("setup intents", () => {
  async function newSetupIntent(types: string[]) {
    const fields = new URLSearchParams();
    for (const t of types) fields.append("payment_method_types[]", t);
    const res = await fetch(`${h.url}/__sandbox/stripe/v1/setup_intents`, {
      method: "POST",
      body: fields,
    });
    expect(res.status).toBe(200);
    return (await res.json()) as SetupIntentBody;
  }

  it("confirms a card SetupIntent with a payment method (succeeded)", async () => {
    const si = await newSetupIntent(["card"]);
    expect(si.client_secret).toMatch(new RegExp(`^${si.id}_secret_[A-Za-z0-9]+$`));
    expect(si.status).toBe("requires_payment_method");
    const pm = await post<PaymentMethodBody>("payment_methods", card("4242424242424242"));
    const confirmed = await post<SetupIntentBody>(`setup_intents/${si.id}/confirm`, {
      client_secret: si.client_secret,
      payment_method: pm.body.id,
      key: KEY,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: "succeeded", payment_method: pm.body.id });
    expect(lookupProviderSetupIntent(si.id)?.status).toBe("succeeded");

    const again = await post<StripeErrorBody>(`setup_intents/${si.id}/confirm`, {
      client_secret: si.client_secret,
      payment_method: pm.body.id,
      key: KEY,
    });
    expect(again.body.error.code).toBe("setup_intent_unexpected_state");
  });

  it("waits for microdeposits on a bank account, then verifies with SM11AA", async () => {
    const si = await newSetupIntent(["us_bank_account"]);
    const pm = await post<PaymentMethodBody>("payment_methods", bank("000123456789"));
    const confirmed = await post<SetupIntentBody>(`setup_intents/${si.id}/confirm`, {
      client_secret: si.client_secret,
      payment_method: pm.body.id,
      key: KEY,
    });
    expect(confirmed.body.status).toBe("requires_action");
    expect(confirmed.body.next_action?.type).toBe("verify_with_microdeposits");

    const wrong = await post<StripeErrorBody>(`setup_intents/${si.id}/verify_microdeposits`, {
      client_secret: si.client_secret,
      descriptor_code: "SM00XX",
      key: KEY,
    });
    expect(wrong.status).toBe(400);
    const right = await post<SetupIntentBody>(`setup_intents/${si.id}/verify_microdeposits`, {
      client_secret: si.client_secret,
      descriptor_code: "SM11AA",
      key: KEY,
    });
    expect(right.body.status).toBe("succeeded");

    const read = await fetch(
      `${h.url}/__sandbox/stripe/v1/setup_intents/${si.id}?${new URLSearchParams({ client_secret: si.client_secret, key: KEY })}`,
    );
    expect(((await read.json()) as SetupIntentBody).status).toBe("succeeded");
  });

  it("refuses a wrong client secret, an unknown intent and a payment method of another type", async () => {
    const si = await newSetupIntent(["card"]);
    const pm = await post<PaymentMethodBody>("payment_methods", bank("000123456789"));
    const secret = await post<StripeErrorBody>(`setup_intents/${si.id}/confirm`, {
      client_secret: `${si.id}_secret_wrong`,
      payment_method: pm.body.id,
      key: KEY,
    });
    expect(secret.status).toBe(400);
    expect(secret.body.error.param).toBe("client_secret");
    const unknown = await post<StripeErrorBody>("setup_intents/seti_nope/confirm", {
      client_secret: "seti_nope_secret_x",
      key: KEY,
    });
    expect(unknown.status).toBe(404);
    const type = await post<StripeErrorBody>(`setup_intents/${si.id}/confirm`, {
      client_secret: si.client_secret,
      payment_method: pm.body.id,
      key: KEY,
    });
    expect(type.status).toBe(400);
    expect(type.body.error.param).toBe("payment_method");
  });
});

describe("parseStripeForm", () => {
  it("reads nested and array parameters and drops prototype keys", () => {
    const parsed = parseStripeForm(
      "type=card&card[number]=42&billing_details[address][postal_code]=12345&payment_method_types[]=card&payment_method_types[]=us_bank_account&__proto__[x]=1&a[constructor][y]=2",
    );
    expect(parsed).toEqual({
      type: "card",
      card: { number: "42" },
      billing_details: { address: { postal_code: "12345" } },
      payment_method_types: ["card", "us_bank_account"],
    });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
