import { describe, expect, it } from "vitest";
import { GET as achCredit } from "@/app/api/account/ach-credit/route";
import { GET as addPaymentForm } from "@/app/api/account/add-payment-form/route";
import { PUT as autoPay } from "@/app/api/account/auto-pay/route";
import { POST as clearCache } from "@/app/api/account/clear-cache/route";
import {
  GET as contactDetails,
  PUT as saveContactDetails,
} from "@/app/api/account/contact-details/route";
import { POST as changePassword } from "@/app/api/account/password/route";
import { PUT as setDefault } from "@/app/api/account/payment-methods/[id]/default/route";
import { DELETE as deleteMethod } from "@/app/api/account/payment-methods/[id]/route";
import { GET as paymentMethods, POST as addMethod } from "@/app/api/account/payment-methods/route";
import { bffRequest, fail, noParams, ok, setSessionCookie, setUpSignedInRoutes } from "./support";

const { upstream, cookie, get } = setUpSignedInRoutes();

/** Calls to /v1 besides the portal configuration every request reads. */
const accountCalls = () => upstream.calls.filter((c) => c.path !== "/v1/portalConfiguration");
const send = (path: string, method: string, body: unknown = {}) =>
  bffRequest(path, { method, body, cookie: cookie() });
const idCtx = (id: string) => ({ params: Promise.resolve({ id }) });
const json = async <T = Record<string, unknown>>(res: Response) => (await res.json()) as T;

const contactDto = {
  first_name: "Ada",
  last_name: "Lovelace",
  address1: "221 Analytical Engine Way",
  address2: null,
  city: "Cambridge",
  state: "MA",
  zip: "02139",
  phone: "+1 617 555 0101",
  mobile: null,
  email: "ada@acme.test",
  job_title: null,
  department: null,
  auto_pay: false,
  edit_auto_pay: true,
  payment_options: {
    ach_enabled: true,
    credit_enabled: true,
    ach_credit_enabled: false,
    affirm_enabled: true,
  },
};

const methodDto = (over: Record<string, unknown> = {}) => ({
  id: "pm_visa",
  type: "visa",
  account_number: "****4242",
  status: "verified",
  verify_url: null,
  payment_method_type: "card",
  payment_type: "card",
  default: true,
  setup_intent_id: "seti_1",
  payment_intent_id: null,
  exp_month: 12,
  exp_year: 2030,
  created_at: "2030-01-01T00:00:00.000Z",
  ...over,
});

const stripeGateway = {
  name: "stripe",
  gateway_configuration: { site: null, accept_cvv: false },
  test_enabled: "true",
  allowed_cards: ["visa", "Mastercard", "amex", "dinersclub"],
  api_key: "pk_test_x",
  account_id: "acct_x",
  ach_enabled: true,
  cc_enabled: true,
};

const validContact = {
  firstName: " Grace ",
  lastName: "Hopper",
  email: "grace@acme.test",
  phone: "+1 (555) 010-2030 ext. 7",
  mobile: "",
  jobTitle: "",
  department: "",
  address1: "1 Navy Yard",
  address2: "",
  city: "Arlington",
  state: "VA",
  zip: "22202",
};

describe("GET /api/account/contact-details", () => {
  it("answers the app's shape (camelCase, auto-pay and options), never the DTO", async () => {
    upstream.on("GET", "/v1/user/me/contactDetails", ok(contactDto));
    const res = await contactDetails(get("/api/account/contact-details"), noParams());
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await json(res);
    expect(body).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@acme.test",
      phone: "+1 617 555 0101",
      mobile: null,
      jobTitle: null,
      department: null,
      address1: "221 Analytical Engine Way",
      address2: null,
      city: "Cambridge",
      state: "MA",
      zip: "02139",
      autoPay: false,
      editAutoPay: true,
      paymentOptions: {
        achEnabled: true,
        creditEnabled: true,
        achCreditEnabled: false,
        affirmEnabled: true,
      },
    });
    expect(upstream.callsTo("GET", "/v1/user/me/contactDetails")[0]?.headers.authorization).toBe(
      "Bearer access-0",
    );
  });

  it("answers 401 without a session, without calling upstream", async () => {
    const res = await contactDetails(
      bffRequest("/api/account/contact-details", { method: "GET" }),
      noParams(),
    );
    expect(res.status).toBe(401);
    expect(accountCalls()).toHaveLength(0);
  });
});

describe("PUT /api/account/contact-details", () => {
  it("sends all twelve fields, trimmed, blanks as null, and answers what the upstream saved", async () => {
    upstream.on("PUT", "/v1/user/me/contactDetails", (call) =>
      ok({ ...contactDto, ...(call.body as object) }),
    );
    const res = await saveContactDetails(
      send("/api/account/contact-details", "PUT", validContact),
      noParams(),
    );
    expect(res.status).toBe(200);
    expect(upstream.callsTo("PUT", "/v1/user/me/contactDetails")[0]?.body).toEqual({
      first_name: "Grace",
      last_name: "Hopper",
      address1: "1 Navy Yard",
      address2: null,
      city: "Arlington",
      state: "VA",
      zip: "22202",
      phone: "+1 (555) 010-2030 ext. 7",
      mobile: null,
      email: "grace@acme.test",
      job_title: null,
      department: null,
    });
    expect(await json(res)).toMatchObject({ firstName: "Grace", zip: "22202", mobile: null });
  });

  it("answers 422 with each field's message key, without calling upstream", async () => {
    const res = await saveContactDetails(
      send("/api/account/contact-details", "PUT", {
        ...validContact,
        firstName: "  ",
        email: "grace@",
        phone: "call me",
        zip: "02139!",
      }),
      noParams(),
    );
    expect(res.status).toBe(422);
    const { error } = await json<{ error: { fields: Record<string, string> } }>(res);
    expect(error.fields).toEqual({
      firstName: "validation.required",
      email: "validation.email",
      phone: "account.validation.phone",
      zip: "account.validation.zip",
    });
    expect(accountCalls()).toHaveLength(0);
  });

  it("answers 403 without the CSRF header", async () => {
    const req = bffRequest("/api/account/contact-details", {
      method: "PUT",
      body: validContact,
      cookie: cookie(),
      headers: { "x-csrf": "" },
    });
    expect((await saveContactDetails(req, noParams())).status).toBe(403);
    expect(accountCalls()).toHaveLength(0);
  });
});

describe("POST /api/account/password", () => {
  const body = {
    currentPassword: "Portal!2345",
    password: "Fresh#Start9",
    passwordConfirmation: "Fresh#Start9",
  };

  it("passes the three fields upstream and answers ok", async () => {
    upstream.on("POST", "/v1/user/me/changePassword", ok({ success: true }));
    const res = await changePassword(send("/api/account/password", "POST", body), noParams());
    expect(res.status).toBe(200);
    expect(upstream.callsTo("POST", "/v1/user/me/changePassword")[0]?.body).toEqual(body);
  });

  it("refuses a password that breaks the rules with 'Password Conditions not met.', without calling upstream", async () => {
    const res = await changePassword(
      send("/api/account/password", "POST", {
        ...body,
        password: "freshstart9",
        passwordConfirmation: "freshstart9",
      }),
      noParams(),
    );
    expect(res.status).toBe(422);
    expect((await json<{ error: { fields: object } }>(res)).error.fields).toEqual({
      password: "validation.passwordConditions",
    });
    expect(accountCalls()).toHaveLength(0);
  });

  it("turns a wrong current password into a field error and keeps the session", async () => {
    upstream.on(
      "POST",
      "/v1/user/me/changePassword",
      fail(400, "invalid_current_password", "Current password is incorrect"),
    );
    const res = await changePassword(send("/api/account/password", "POST", body), noParams());
    expect(res.status).toBe(422);
    expect((await json<{ error: { fields: object } }>(res)).error.fields).toEqual({
      currentPassword: "account.changePassword.wrongCurrent",
    });
    expect(setSessionCookie(res)?.value ?? "kept").not.toBe("");
  });

  it("passes a rate limit on with its Retry-After", async () => {
    upstream.on("POST", "/v1/user/me/changePassword", {
      ...fail(429, "rate_limited", "slow down", { "Retry-After": "120" }, { retryAfter: 120 }),
    });
    const res = await changePassword(send("/api/account/password", "POST", body), noParams());
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("120");
  });
});

describe("PUT /api/account/auto-pay", () => {
  it("sends {auto_pay} and answers the stored setting", async () => {
    upstream.on("POST", "/v1/customers/updateAutoPay", (call) => ok(call.body));
    const res = await autoPay(send("/api/account/auto-pay", "PUT", { autoPay: true }), noParams());
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ autoPay: true });
    expect(upstream.callsTo("POST", "/v1/customers/updateAutoPay")[0]?.body).toEqual({
      auto_pay: true,
    });
  });

  it("passes the refusal's code through (auto_pay_not_editable, 403)", async () => {
    upstream.on(
      "POST",
      "/v1/customers/updateAutoPay",
      fail(403, "auto_pay_not_editable", "Auto-pay cannot be changed"),
    );
    const res = await autoPay(send("/api/account/auto-pay", "PUT", { autoPay: true }), noParams());
    expect(res.status).toBe(403);
    const { error } = await json<{ error: { code: string; message: string } }>(res);
    expect(error).toEqual({ code: "auto_pay_not_editable", message: "errors.generic" });
  });

  it("answers 422 to a body that is not a boolean", async () => {
    const res = await autoPay(send("/api/account/auto-pay", "PUT", { autoPay: "yes" }), noParams());
    expect(res.status).toBe(422);
    expect(accountCalls()).toHaveLength(0);
  });
});

describe("GET /api/account/payment-methods", () => {
  it("reshapes the methods and the gateway setup; unsafe verify links are dropped", async () => {
    upstream.on(
      "GET",
      "/v1/paymentMethods",
      ok({
        paymentMethods: [
          methodDto(),
          methodDto({
            id: "pm_bank",
            type: "STRIPE TEST BANK",
            account_number: "****6789",
            status: "new",
            verify_url: "javascript:alert(1)",
            payment_method_type: "us_bank_account",
            payment_type: "us_bank_account",
            default: false,
            exp_month: null,
            exp_year: null,
          }),
          methodDto({
            id: "pm_bank2",
            status: "unverified",
            verify_url: `${upstream.url}/hosted/verify-bank-account/abc?expires=1&signature=x`,
            default: false,
          }),
        ],
        gateway: stripeGateway,
      }),
    );
    const res = await paymentMethods(get("/api/account/payment-methods"), noParams());
    expect(res.status).toBe(200);
    const body = await json<{ paymentMethods: Record<string, unknown>[]; gateway: object }>(res);
    expect(body.gateway).toEqual({
      name: "stripe",
      family: "stripe",
      site: null,
      acceptCvv: false,
      testMode: true,
      allowedCards: ["visa", "mastercard", "amex", "dinersclub"],
      apiKey: "pk_test_x",
      accountId: "acct_x",
      achEnabled: true,
      ccEnabled: true,
    });
    expect(body.paymentMethods[0]).toEqual({
      id: "pm_visa",
      type: "visa",
      accountNumber: "****4242",
      status: "verified",
      verifyUrl: null,
      paymentMethodType: "card",
      paymentType: "card",
      isDefault: true,
      setupIntentId: "seti_1",
      paymentIntentId: null,
      expMonth: 12,
      expYear: 2030,
    });
    expect(body.paymentMethods[1]?.verifyUrl).toBeNull();
    expect(body.paymentMethods[2]?.verifyUrl).toMatch(/\/hosted\/verify-bank-account\/abc/);
    expect(JSON.stringify(body)).not.toContain("account_number");
  });

  it("reads CardConnect's site (default 'fts') and test mode from the string test_enabled", async () => {
    upstream.on(
      "GET",
      "/v1/paymentMethods",
      ok({
        paymentMethods: [],
        gateway: {
          ...stripeGateway,
          name: "cardconnect-live",
          gateway_configuration: { site: null, accept_cvv: true },
          test_enabled: "false",
          api_key: null,
          account_id: null,
        },
      }),
    );
    const body = await json<{ gateway: Record<string, unknown> }>(
      await paymentMethods(get("/api/account/payment-methods"), noParams()),
    );
    expect(body.gateway).toMatchObject({
      family: "cardconnect",
      site: "fts",
      acceptCvv: true,
      testMode: false,
    });
  });

  it("answers 502 to an answer of an unknown shape", async () => {
    upstream.on("GET", "/v1/paymentMethods", ok({ paymentMethods: [{ id: 1 }] }));
    const res = await paymentMethods(get("/api/account/payment-methods"), noParams());
    expect(res.status).toBe(502);
  });
});

describe("POST /api/account/payment-methods", () => {
  const card = {
    payment_method_id: "pm_1AbC",
    paymentMethod: "CC",
    payment_type: "Credit Card",
    default: true,
    type: "visa",
    gateway_name: "stripe",
  };

  it("sends spec 000 §3's payload with the session's customer, whatever the browser says, and answers 201 with the method", async () => {
    upstream.on("POST", "/v1/paymentMethods", ok(methodDto({ id: "pm_new" })));
    const res = await addMethod(
      send("/api/account/payment-methods", "POST", { ...card, customer_id: "someone-else" }),
      noParams(),
    );
    expect(res.status).toBe(201);
    expect(upstream.callsTo("POST", "/v1/paymentMethods")[0]?.body).toEqual({
      ...card,
      customer_id: "c-1",
    });
    expect(await json(res)).toMatchObject({ id: "pm_new", isDefault: true });
  });

  it("takes a CardSecure token on cardconnect, as payment_method_id and token", async () => {
    upstream.on("POST", "/v1/paymentMethods", ok(methodDto({ id: "pm_cc" })));
    const body = {
      payment_method_id: "9411234567891111",
      token: "9411234567891111",
      paymentMethod: "ACH",
      payment_type: "Bank Account",
      default: false,
      gateway_name: "cardconnect",
    };
    const res = await addMethod(send("/api/account/payment-methods", "POST", body), noParams());
    expect(res.status).toBe(201);
    expect(upstream.callsTo("POST", "/v1/paymentMethods")[0]?.body).toMatchObject(body);
  });

  it.each([
    ["a raw card number", { payment_method_id: "4242424242424242" }],
    ["a CardSecure token on stripe", { payment_method_id: "9411234567891111" }],
    [
      "a card number as the token",
      { gateway_name: "cardconnect", payment_method_id: "4111111111111111" },
    ],
    ["kinds that disagree", { payment_type: "Bank Account" }],
    ["an unknown gateway", { gateway_name: "paypal" }],
    ["a field the spec does not list", { card_number: "4242424242424242" }],
  ])("refuses %s with 422, without calling upstream", async (_name, change) => {
    const res = await addMethod(
      send("/api/account/payment-methods", "POST", { ...card, ...change }),
      noParams(),
    );
    expect(res.status).toBe(422);
    expect(accountCalls()).toHaveLength(0);
  });

  it("passes the upstream's refusal code on (card_brand_not_allowed)", async () => {
    upstream.on(
      "POST",
      "/v1/paymentMethods",
      fail(400, "card_brand_not_allowed", "Card type discover not enabled in your payment setup."),
    );
    const res = await addMethod(send("/api/account/payment-methods", "POST", card), noParams());
    expect(res.status).toBe(400);
    expect((await json<{ error: { code: string } }>(res)).error.code).toBe(
      "card_brand_not_allowed",
    );
  });
});

describe("PUT /api/account/payment-methods/:id/default and DELETE /api/account/payment-methods/:id", () => {
  it("sets the default with the id in path and body", async () => {
    upstream.on("PUT", "/v1/paymentMethods/seti_123/setDefault", ok(methodDto({ id: "pm_x" })));
    const res = await setDefault(
      send("/api/account/payment-methods/seti_123/default", "PUT"),
      idCtx("seti_123"),
    );
    expect(res.status).toBe(200);
    expect(upstream.callsTo("PUT", "/v1/paymentMethods/seti_123/setDefault")[0]?.body).toEqual({
      id: "seti_123",
    });
    expect(await json(res)).toMatchObject({ id: "pm_x", isDefault: true });
  });

  it("deletes with a bodiless DELETE and answers ok", async () => {
    upstream.on("DELETE", "/v1/paymentMethods/pi_9", ok({ success: true }));
    const res = await deleteMethod(
      send("/api/account/payment-methods/pi_9", "DELETE"),
      idCtx("pi_9"),
    );
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ ok: true });
    expect(upstream.callsTo("DELETE", "/v1/paymentMethods/pi_9")[0]?.body).toBeUndefined();
  });

  it("passes last_payment_method (400) and another customer's method (404) on", async () => {
    upstream.on(
      "DELETE",
      "/v1/paymentMethods/pm_only",
      fail(400, "last_payment_method", "auto-pay needs one"),
    );
    upstream.on("DELETE", "/v1/paymentMethods/pm_theirs", fail(404, "not_found", "no such"));
    const only = await deleteMethod(
      send("/api/account/payment-methods/pm_only", "DELETE"),
      idCtx("pm_only"),
    );
    expect(only.status).toBe(400);
    expect((await json<{ error: { code: string } }>(only)).error.code).toBe("last_payment_method");
    const theirs = await deleteMethod(
      send("/api/account/payment-methods/pm_theirs", "DELETE"),
      idCtx("pm_theirs"),
    );
    expect(theirs.status).toBe(404);
  });

  it("answers 404 to an id that is not plain, without calling upstream", async () => {
    for (const id of ["../user/me", "pm x", "a".repeat(300)]) {
      const res = await deleteMethod(send(`/api/account/payment-methods/x`, "DELETE"), idCtx(id));
      expect(res.status).toBe(404);
    }
    expect(accountCalls()).toHaveLength(0);
  });

  it("answers 403 to a foreign origin", async () => {
    const req = bffRequest("/api/account/payment-methods/pm_1/default", {
      method: "PUT",
      body: {},
      cookie: cookie(),
      headers: { origin: "https://evil.example" },
    });
    expect((await setDefault(req, idCtx("pm_1"))).status).toBe(403);
    expect(accountCalls()).toHaveLength(0);
  });
});

describe("GET /api/account/ach-credit, GET /api/account/add-payment-form, POST /api/account/clear-cache", () => {
  it("reshapes the bank-transfer details and passes a 404 on", async () => {
    upstream.on(
      "GET",
      "/v1/paymentMethods/getAchCreditDetails",
      ok({
        account_number: "8402331907",
        routing_number: "110000000",
        swift_code: null,
        bank_name: "STRIPE TEST BANK",
        cash_balance: "125.50",
      }),
    );
    const res = await achCredit(get("/api/account/ach-credit"), noParams());
    expect(await json(res)).toEqual({
      accountNumber: "8402331907",
      routingNumber: "110000000",
      swiftCode: null,
      bankName: "STRIPE TEST BANK",
      cashBalance: 125.5,
    });
    upstream.on("GET", "/v1/paymentMethods/getAchCreditDetails", fail(404, "not_found", "none"));
    expect((await achCredit(get("/api/account/ach-credit"), noParams())).status).toBe(404);
  });

  it("keeps the form URL only when it is https or on the billing API's origin", async () => {
    upstream.on(
      "GET",
      "/v1/paymentMethods/getAddPaymentMethodFormUrl",
      ok({ formUrl: `${upstream.url}/hosted/add-payment-method/c-1?expires=1&signature=x` }),
    );
    const safe = await json<{ url: string | null }>(
      await addPaymentForm(get("/api/account/add-payment-form"), noParams()),
    );
    expect(safe.url).toMatch(/\/hosted\/add-payment-method\/c-1/);
    upstream.on(
      "GET",
      "/v1/paymentMethods/getAddPaymentMethodFormUrl",
      ok({ formUrl: "http://elsewhere.example/form" }),
    );
    const unsafe = await json(
      await addPaymentForm(get("/api/account/add-payment-form"), noParams()),
    );
    expect(unsafe).toEqual({ url: null });
    upstream.on("GET", "/v1/paymentMethods/getAddPaymentMethodFormUrl", ok({ formUrl: null }));
    expect(
      await json(await addPaymentForm(get("/api/account/add-payment-form"), noParams())),
    ).toEqual({
      url: null,
    });
  });

  it("asks the billing API to clear its cache", async () => {
    upstream.on("POST", "/v1/cache/clear_cache", ok({ success: true }));
    const res = await clearCache(send("/api/account/clear-cache", "POST"), noParams());
    expect(res.status).toBe(200);
    expect(upstream.callsTo("POST", "/v1/cache/clear_cache")).toHaveLength(1);
  });
});
