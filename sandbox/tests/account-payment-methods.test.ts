import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PaymentMethodDto, PaymentMethodListDto } from "../src/account/payment-methods";
import { bankToken, bearer, cardToken, selectCustomer } from "./support/account";
import { startHarness, type Harness } from "./support/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness("account_payment_methods");
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.reset();
});

const list = async (token: string) => {
  const res = await h.api<PaymentMethodListDto>("GET", "/v1/paymentMethods", { token });
  expect(res.status).toBe(200);
  return res.body.data;
};
const add = (token: string, body: unknown) =>
  h.api<PaymentMethodDto>("POST", "/v1/paymentMethods", { token, body });
const defaults = async (token: string) =>
  (await list(token)).paymentMethods.filter((m) => m.default).map((m) => m.id);

/** The spec 000 §3 payload of a Stripe card. */
const stripeCard = (token: string, extra: Record<string, unknown> = {}) => ({
  payment_method_id: token,
  paymentMethod: "CC",
  payment_type: "Credit Card",
  default: true,
  type: "mastercard",
  customer_id: "cus_acme_1001",
  gateway_name: "stripe",
  token,
  ...extra,
});

describe("GET /v1/paymentMethods", () => {
  it("answers the customer's methods, oldest first, and Acme's stripe setup", async () => {
    const data = await list(await bearer(h, "ada@acme.test"));
    expect(data.gateway).toEqual({
      name: "stripe",
      gateway_configuration: { site: null, accept_cvv: false },
      test_enabled: "true",
      allowed_cards: ["visa", "mastercard", "amex", "dinersclub"],
      api_key: "pk_test_sandbox_acme_water",
      account_id: "acct_sandbox_acme",
      ach_enabled: true,
      cc_enabled: true,
    });
    expect(
      data.paymentMethods.map((m) => [m.id, m.type, m.account_number, m.status, m.default]),
    ).toEqual([
      ["pm_seed_ada_visa", "visa", "****4242", "verified", true],
      ["pm_seed_ada_bank", "STRIPE TEST BANK", "****6789", "verified", false],
      ["pm_seed_ada_pending", "STRIPE TEST BANK", "****1116", "unverified", false],
    ]);
    const [card, bank, pending] = data.paymentMethods;
    expect(card).toMatchObject({
      payment_method_type: "card",
      exp_month: 12,
      exp_year: 2032,
      payment_intent_id: "pi_seed_ada_first_payment",
      verify_url: null,
    });
    expect(bank).toMatchObject({ payment_type: "bank_account", verify_url: null, exp_month: null });
    expect(pending?.payment_type).toBe("us_bank_account");
    const verify = new URL(pending?.verify_url ?? "");
    expect(verify.origin).toBe(h.url);
    expect(verify.pathname).toMatch(/^\/hosted\/verify-bank-account\//);
    expect(verify.searchParams.get("signature")).toBeTruthy();
    expect(Number(verify.searchParams.get("expires")) * 1000).toBeGreaterThan(h.now());
  });

  it("answers Globex's cardconnect setup, with an ECHK account", async () => {
    const data = await list(await bearer(h, "gina@globex.test"));
    expect(data.gateway).toMatchObject({
      name: "cardconnect-test",
      gateway_configuration: { site: "fts", accept_cvv: true },
      test_enabled: "true",
      allowed_cards: ["visa", "mastercard", "amex", "discover"],
    });
    expect(data.paymentMethods.find((m) => m.type === "ECHK")).toMatchObject({
      payment_type: "bank account",
      verify_url: null,
    });
  });

  it("answers an empty list for a customer without methods", async () => {
    expect((await list(await bearer(h, "multi@acme.test"))).paymentMethods).toEqual([]);
  });
});

describe("POST /v1/paymentMethods", () => {
  it("adds a tokenized card; default: true makes it the only default", async () => {
    const token = await bearer(h, "ada@acme.test");
    const pm = cardToken(h, "stripe", "5555555555554444", [7, 2035]);
    const res = await add(token, stripeCard(pm));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      type: "mastercard",
      account_number: "****4444",
      status: "verified",
      default: true,
      exp_month: 7,
      exp_year: 2035,
      verify_url: null,
    });
    expect(res.body.data.setup_intent_id).toMatch(/^seti_/);
    expect(await defaults(token)).toEqual([res.body.data.id]);
    expect((await list(token)).paymentMethods.at(-1)?.id).toBe(res.body.data.id);
  });

  it("leaves the default alone with default: false", async () => {
    const token = await bearer(h, "ada@acme.test");
    const res = await add(
      token,
      stripeCard(cardToken(h, "stripe", "5555555555554444"), { default: false }),
    );
    expect(res.body.data.default).toBe(false);
    expect(await defaults(token)).toEqual(["pm_seed_ada_visa"]);
  });

  it("makes a customer's first method the default", async () => {
    const token = await bearer(h, "multi@acme.test");
    const pm = cardToken(h, "stripe", "4242424242424242");
    const res = await add(
      token,
      stripeCard(pm, { default: false, type: "visa", customer_id: "CUST-1002" }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.default).toBe(true);
  });

  it("accepts 'diners' as dinersclub", async () => {
    const token = await bearer(h, "ada@acme.test");
    const res = await add(
      token,
      stripeCard(cardToken(h, "stripe", "3056930009020004"), { type: "diners" }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.type).toBe("dinersclub");
  });

  it("adds a stripe bank account awaiting verification, with a verify_url", async () => {
    const token = await bearer(h, "ada@acme.test");
    const res = await add(token, {
      payment_method_id: bankToken(h, "stripe"),
      paymentMethod: "ACH",
      payment_type: "Bank Account",
      default: false,
      customer_id: "cus_acme_1001",
      gateway_name: "stripe",
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      type: "STRIPE TEST BANK",
      account_number: "****6789",
      status: "new",
      payment_type: "us_bank_account",
      exp_month: null,
    });
    expect(new URL(res.body.data.verify_url ?? "").origin).toBe(h.url);
  });

  it("adds a cardconnect card and e-check by their numeric CardSecure tokens", async () => {
    const token = await bearer(h, "gina@globex.test");
    const card = cardToken(h, "cardconnect", "6011111111111117");
    expect(card).toMatch(/^9\d{11}1117$/);
    const res = await add(token, {
      payment_method_id: card,
      token: card,
      paymentMethod: "CC",
      payment_type: "Credit Card",
      default: true,
      type: "discover",
      customer_id: "cus_globex_2001",
      gateway_name: "cardconnect",
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ type: "discover", default: true, setup_intent_id: null });
    const echk = await add(token, {
      token: bankToken(h, "cardconnect"),
      paymentMethod: "ACH",
      payment_type: "Bank Account",
      default: false,
      gateway_name: "cardconnect",
    });
    expect(echk.status).toBe(200);
    expect(echk.body.data).toMatchObject({ type: "ECHK", status: "verified", verify_url: null });
  });

  it.each([
    ["the token field", { payment_method_id: "4242424242424242", token: "4242424242424242" }],
    ["a spaced number", { token: "4242 4242 4242 4242" }],
    ["an extra field", { card: { number: "378282246310005" } }],
    ["a bank account number", { account_number: "000123456789" }],
    ["a JSON number", { cardNumber: 5555555555554444 }],
  ])("refuses a raw card or account number in %s with 400 raw_account_number", async (_, extra) => {
    const token = await bearer(h, "ada@acme.test");
    const res = await add(token, stripeCard(cardToken(h, "stripe", "5555555555554444"), extra));
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe("raw_account_number");
    expect(res.text).not.toMatch(/4242424242424242|378282246310005|000123456789|5555555555554444/);
    expect((await list(token)).paymentMethods).toHaveLength(3);
  });

  it("refuses a numeric token on stripe: only cardconnect issues those", async () => {
    const token = await bearer(h, "ada@acme.test");
    const res = await add(token, stripeCard("9418594164541111"));
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe("raw_account_number");
  });

  it("refuses a brand outside allowed_cards with the spec's message", async () => {
    const token = await bearer(h, "ada@acme.test");
    const res = await add(
      token,
      stripeCard(cardToken(h, "stripe", "6011111111111117"), { type: "discover" }),
    );
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe("card_brand_not_allowed");
    expect(res.body.error).toBe("Card type discover not enabled in your payment setup.");
  });

  it("checks the brand the provider knows, not the one the payload claims", async () => {
    const token = await bearer(h, "ada@acme.test");
    const res = await add(
      token,
      stripeCard(cardToken(h, "stripe", "6011111111111117"), { type: "visa" }),
    );
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe("card_brand_mismatch");
  });

  it.each([
    [
      "a token the provider never issued",
      "card",
      { payment_method_id: "pm_madeUp", token: undefined },
      "invalid_payment_token",
    ],
    ["another gateway", "card", { gateway_name: "cardconnect" }, "gateway_mismatch"],
    ["another customer", "card", { customer_id: "cus_acme_1005" }, "customer_mismatch"],
    ["a bank account's token as a card", "bank", {}, "invalid_payment_token"],
  ] as const)("refuses %s with 400", async (_, kind, extra, errorCode) => {
    const token = await bearer(h, "ada@acme.test");
    const pm =
      kind === "bank" ? bankToken(h, "stripe") : cardToken(h, "stripe", "5555555555554444");
    const res = await add(token, stripeCard(pm, extra));
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe(errorCode);
  });

  it("refuses the same token twice", async () => {
    const token = await bearer(h, "ada@acme.test");
    const pm = cardToken(h, "stripe", "5555555555554444");
    expect((await add(token, stripeCard(pm))).status).toBe(200);
    const again = await add(token, stripeCard(pm));
    expect(again.status).toBe(400);
    expect(again.body.errorCode).toBe("duplicate_payment_method");
  });

  it("answers 422 to a payload of the wrong shape", async () => {
    const token = await bearer(h, "ada@acme.test");
    const pm = cardToken(h, "stripe", "5555555555554444");
    expect((await add(token, stripeCard(pm, { paymentMethod: "CASH" }))).status).toBe(422);
    const mismatch = await add(token, stripeCard(pm, { payment_type: "Bank Account" }));
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.error).toBe("payment_type: payment_type does not match paymentMethod");
    const none = await add(
      token,
      stripeCard(pm, { payment_method_id: undefined, token: undefined }),
    );
    expect(none.body.error).toBe("payment_method_id: payment_method_id or token is required");
  });
});

describe("PUT /v1/paymentMethods/{id}/setDefault", () => {
  it("makes that method the only default and answers it", async () => {
    const token = await bearer(h, "ada@acme.test");
    const res = await h.api<PaymentMethodDto>(
      "PUT",
      "/v1/paymentMethods/pm_seed_ada_bank/setDefault",
      {
        token,
        body: { id: "pm_seed_ada_bank" },
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: "pm_seed_ada_bank", default: true });
    expect(await defaults(token)).toEqual(["pm_seed_ada_bank"]);
  });

  it("answers 404 for another customer's method and 400 when the body names another id", async () => {
    const token = await bearer(h, "ada@acme.test");
    const foreign = await h.api("PUT", "/v1/paymentMethods/pm_seed_zero_mc/setDefault", { token });
    expect(foreign.status).toBe(404);
    const mismatch = await h.api("PUT", "/v1/paymentMethods/pm_seed_ada_bank/setDefault", {
      token,
      body: { id: "pm_seed_ada_visa" },
    });
    expect(mismatch.status).toBe(400);
    expect(await defaults(token)).toEqual(["pm_seed_ada_visa"]);
    expect(await defaults(await bearer(h, "zero@acme.test"))).toEqual(["pm_seed_zero_mc"]);
  });
});

describe("DELETE /v1/paymentMethods/{id}", () => {
  const ids = async (token: string) => (await list(token)).paymentMethods.map((m) => m.id);

  it("deletes by the method's id", async () => {
    const token = await bearer(h, "ada@acme.test");
    const res = await h.api("DELETE", "/v1/paymentMethods/pm_seed_ada_bank", { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ success: true });
    expect(await ids(token)).toEqual(["pm_seed_ada_visa", "pm_seed_ada_pending"]);
  });

  it("matches ids beginning seti_ against setup_intent_id and pi_ against payment_intent_id", async () => {
    const token = await bearer(h, "ada@acme.test");
    expect(
      (await h.api("DELETE", "/v1/paymentMethods/seti_seed_ada_pending", { token })).status,
    ).toBe(200);
    expect(await ids(token)).toEqual(["pm_seed_ada_visa", "pm_seed_ada_bank"]);
    expect(
      (await h.api("DELETE", "/v1/paymentMethods/pi_seed_ada_first_payment", { token })).status,
    ).toBe(200);
    expect(await ids(token)).toEqual(["pm_seed_ada_bank"]);
    // An intent id is not a method id, nor the other way round.
    expect(
      (await h.api("DELETE", "/v1/paymentMethods/seti_pm_seed_ada_bank", { token })).status,
    ).toBe(404);
    expect((await h.api("DELETE", "/v1/paymentMethods/seti_seed_ada_bank", { token })).status).toBe(
      200,
    );
  });

  it("answers 404 for another customer's method, by any of its ids, and keeps it", async () => {
    const token = await bearer(h, "ada@acme.test");
    for (const id of ["pm_seed_zero_mc", "seti_seed_zero_mc", "pm_seed_gina_visa"]) {
      const res = await h.api("DELETE", `/v1/paymentMethods/${id}`, { token });
      expect(res.status).toBe(404);
      expect(res.body.errorCode).toBe("not_found");
    }
    expect(await ids(await bearer(h, "zero@acme.test"))).toEqual(["pm_seed_zero_mc"]);
  });

  it("refuses to delete the last method while auto-pay is on, and allows it once auto-pay is off", async () => {
    const token = await bearer(h, "zero@acme.test");
    const refused = await h.api("DELETE", "/v1/paymentMethods/pm_seed_zero_mc", { token });
    expect(refused.status).toBe(400);
    expect(refused.body.errorCode).toBe("last_payment_method");
    await h.api("POST", "/v1/customers/updateAutoPay", { token, body: { auto_pay: false } });
    expect((await h.api("DELETE", "/v1/paymentMethods/pm_seed_zero_mc", { token })).status).toBe(
      200,
    );
    expect(await ids(token)).toEqual([]);
  });

  it("scopes to the selected customer of a user with several", async () => {
    const token = await bearer(h, "multi@acme.test");
    expect(
      (await h.api("DELETE", "/v1/paymentMethods/pm_seed_contoso_visa", { token })).status,
    ).toBe(404);
    await selectCustomer(h, token, "CUST-1003");
    // Contoso has auto-pay on and this is its only method.
    expect(
      (await h.api("DELETE", "/v1/paymentMethods/pm_seed_contoso_visa", { token })).status,
    ).toBe(400);
  });
});

describe("GET /v1/paymentMethods/getAchCreditDetails", () => {
  it("answers the customer's bank-transfer details", async () => {
    const res = await h.api("GET", "/v1/paymentMethods/getAchCreditDetails", {
      token: await bearer(h, "ada@acme.test"),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      account_number: "8402331907",
      routing_number: "110000000",
      swift_code: "TSTEUS33",
      bank_name: "STRIPE TEST BANK",
      cash_balance: 125.5,
    });
  });

  it("answers 404 for a customer without any (the portal hides the section)", async () => {
    const res = await h.api("GET", "/v1/paymentMethods/getAchCreditDetails", {
      token: await bearer(h, "gina@globex.test"),
    });
    expect(res.status).toBe(404);
  });
});

describe("GET /v1/paymentMethods/getAddPaymentMethodFormUrl", () => {
  it("answers a signed, expiring URL of the sandbox's hosted add-payment page", async () => {
    const res = await h.api<{ formUrl: string }>(
      "GET",
      "/v1/paymentMethods/getAddPaymentMethodFormUrl",
      {
        token: await bearer(h, "ada@acme.test"),
      },
    );
    expect(res.status).toBe(200);
    const url = new URL(res.body.data.formUrl);
    expect(url.origin).toBe(h.url);
    expect(url.pathname).toBe("/hosted/add-payment-method/cus_acme_1001");
    expect(url.searchParams.get("signature")).toBeTruthy();
  });

  it("answers null when the company takes no cards", async () => {
    await h.sandbox.db.query(
      "UPDATE company_gateways SET cc_enabled = false WHERE company_id = 'acme'",
    );
    const res = await h.api("GET", "/v1/paymentMethods/getAddPaymentMethodFormUrl", {
      token: await bearer(h, "ada@acme.test"),
    });
    expect(res.body.data).toEqual({ formUrl: null });
  });
});

describe("POST /v1/cache/clear_cache", () => {
  it("acknowledges with {success: true}", async () => {
    const res = await h.api("POST", "/v1/cache/clear_cache", {
      token: await bearer(h, "ada@acme.test"),
      body: {},
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ success: true });
  });
});

describe("authentication", () => {
  it.each([
    ["GET", "/v1/paymentMethods"],
    ["POST", "/v1/paymentMethods"],
    ["PUT", "/v1/paymentMethods/pm_seed_ada_bank/setDefault"],
    ["DELETE", "/v1/paymentMethods/pm_seed_ada_bank"],
    ["GET", "/v1/paymentMethods/getAchCreditDetails"],
    ["GET", "/v1/paymentMethods/getAddPaymentMethodFormUrl"],
    ["POST", "/v1/cache/clear_cache"],
  ])("%s %s answers 401 without a bearer token", async (method, path) => {
    const res = await h.api(
      method,
      path,
      method === "GET" || method === "DELETE" ? {} : { body: {} },
    );
    expect(res.status).toBe(401);
  });
});
