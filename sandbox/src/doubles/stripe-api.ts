/**
 * The fake Stripe API behind the Stripe.js double: the few publishable-key calls Stripe.js makes
 * (create a PaymentMethod, retrieve / confirm / verify a SetupIntent) plus a test-only SetupIntent
 * creation that a real integration does server-side with its secret key.
 *
 * Answers have Stripe's shapes: the objects as Stripe returns them, errors as
 * `{ error: { type, code?, decline_code?, message, param? } }` with Stripe's HTTP statuses
 * (400 bad request, 401 bad key, 402 request failed, 404 unknown object).
 *
 * Test values (Stripe's own test numbers):
 * - cards 4242424242424242 (visa), 5555555555554444 (mastercard), 378282246310005 (amex),
 *   6011111111111117 (discover), 3056930009020004 (diners), 3566002020360505 (jcb),
 *   6200000000000005 (unionpay) succeed; 4000000000000002 is declined (card_declined),
 *   4000000000009995 insufficient_funds, 4000000000000069 expired_card,
 *   4000000000000127 incorrect_cvc. Unlike Stripe (which declines when the card is used), the double
 *   declines at creation, so the portal's inline error can be tested with createPaymentMethod alone.
 *   4000000000000341 is saved like a good card and declined when charged (charges.ts), as in Stripe.
 * - us_bank_account: routing 110000000 with account 000123456789 succeeds; account 000111111116
 *   fails with "Your bank account could not be verified.". Microdeposits: descriptor code SM11AA or
 *   amounts 32 and 45.
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import {
  accountNumberValid,
  checkExpiryDate,
  detectBrand,
  digitsOf,
  luhnValid,
  routingNumberValid,
  cardLengths,
} from "./card-rules";
import { CHARGE_TIME_DECLINES } from "./charges";
import { MICRODEPOSIT_AMOUNTS, MICRODEPOSIT_DESCRIPTOR_CODE } from "./microdeposits";
import {
  lookupProviderPaymentMethod,
  lookupProviderSetupIntent,
  storePaymentMethod,
  storeSetupIntent,
  type ProviderPaymentMethod,
  type ProviderSetupIntent,
} from "./vault";

export type ProviderAnswer = { status: number; body: unknown };

export type StripeError = {
  type: "card_error" | "invalid_request_error" | "api_error";
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
};

const failure = (status: number, error: StripeError): ProviderAnswer => ({
  status,
  body: { error },
});

/** Outcomes of Stripe's special test card numbers. */
const TEST_CARD_FAILURES: Record<string, StripeError> = {
  "4000000000000002": {
    type: "card_error",
    code: "card_declined",
    decline_code: "generic_decline",
    message: "Your card was declined.",
  },
  "4000000000009995": {
    type: "card_error",
    code: "card_declined",
    decline_code: "insufficient_funds",
    message: "Your card has insufficient funds.",
  },
  "4000000000000069": {
    type: "card_error",
    code: "expired_card",
    message: "Your card has expired.",
    param: "exp_month",
  },
  "4000000000000127": {
    type: "card_error",
    code: "incorrect_cvc",
    message: "Your card's security code is incorrect.",
    param: "cvc",
  },
};

/** Bank accounts whose verification fails. */
const FAILING_BANK_ACCOUNTS = new Set(["000111111116"]);
const STRIPE_TEST_ROUTING = "110000000";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
function randomId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = "";
  for (const b of bytes) out += BASE62[b % 62];
  return `${prefix}${out}`;
}

const unix = (ms: number) => Math.floor(ms / 1000);

// ---------------------------------------------------------------------------------------------
// Form bodies

const FORBIDDEN_KEYS = new Set(["__proto__", "prototype", "constructor"]);
type FormValue = string | FormValue[] | { [key: string]: FormValue };

/**
 * Reads Stripe's form encoding (`card[number]=…&payment_method_types[]=card`) into nested objects.
 * Keys that could reach an object's prototype are dropped.
 */
export function parseStripeForm(text: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!m?.[1]) continue;
    const path = [m[1], ...[...(m[2] ?? "").matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1] ?? "")];
    if (path.length > 6 || path.some((k) => FORBIDDEN_KEYS.has(k))) continue;
    let node: Record<string, FormValue> | FormValue[] = root;
    for (let i = 0; i < path.length; i++) {
      const key = path[i]!;
      const last = i === path.length - 1;
      const nextIsArray = !last && path[i + 1] === "";
      if (Array.isArray(node)) {
        if (key !== "") break;
        if (last) node.push(value);
        else break; // nested objects inside arrays are not used by these calls
        continue;
      }
      if (last) {
        if (key === "") break;
        node[key] = value;
        continue;
      }
      const existing: FormValue | undefined = node[key];
      if (nextIsArray) {
        const arr: FormValue[] = Array.isArray(existing) ? existing : [];
        node[key] = arr;
        node = arr;
      } else {
        const obj: Record<string, FormValue> =
          existing && typeof existing === "object" && !Array.isArray(existing) ? existing : {};
        node[key] = obj;
        node = obj;
      }
    }
  }
  return root;
}

/** `card.number` → `card[number]`, as Stripe names a parameter. */
function paramName(path: readonly PropertyKey[]): string {
  const [head, ...rest] = path.map(String);
  return `${head ?? ""}${rest.map((p) => `[${p}]`).join("")}`;
}

function valueAt(params: unknown, path: readonly PropertyKey[]): unknown {
  let node = params;
  for (const key of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

function invalidRequest(error: z.ZodError, params: unknown): ProviderAnswer {
  const issue = error.issues[0];
  const param = issue ? paramName(issue.path) : undefined;
  const missing = issue !== undefined && valueAt(params, issue.path) === undefined;
  return failure(400, {
    type: "invalid_request_error",
    code: missing ? "parameter_missing" : "parameter_invalid",
    message: missing
      ? `Missing required param: ${param}.`
      : `Invalid value for ${param}: ${issue?.message ?? "invalid"}.`,
    ...(param ? { param } : {}),
  });
}

// ---------------------------------------------------------------------------------------------
// Keys

const publishableKey = z.string().regex(/^pk_test_[A-Za-z0-9_]+$/);

/** Stripe.js sends the publishable key as `key`; the double accepts test keys only. */
function checkKey(params: Record<string, unknown>): ProviderAnswer | null {
  const key = params.key;
  if (key === undefined || key === "") {
    return failure(401, {
      type: "invalid_request_error",
      message:
        "You did not provide an API key. Stripe.js sends the publishable key as the `key` parameter.",
    });
  }
  if (!publishableKey.safeParse(key).success) {
    const shown = typeof key === "string" ? `${key.slice(0, 8)}…` : "(not a string)";
    return failure(401, {
      type: "invalid_request_error",
      message: `Invalid API Key provided: ${shown} (the Stripe double accepts pk_test_ keys only)`,
    });
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Payment methods

const text = (max: number) => z.string().max(max);
const digitString = (min: number, max: number) =>
  z.string().regex(new RegExp(`^\\d{${min},${max}}$`), { error: "must be digits" });

const billingDetailsSchema = z
  .object({
    name: text(200).optional(),
    email: text(320).optional(),
    phone: text(40).optional(),
    address: z
      .object({
        line1: text(200).optional(),
        line2: text(200).optional(),
        city: text(200).optional(),
        state: text(200).optional(),
        postal_code: text(20).optional(),
        country: text(2).optional(),
      })
      .optional(),
  })
  .optional();

const cardParamsSchema = z.object({
  type: z.literal("card"),
  card: z.object({
    number: z.string().regex(/^[\d ]{1,30}$/, { error: "must be digits" }),
    exp_month: digitString(1, 2),
    exp_year: digitString(2, 4),
    cvc: digitString(1, 8).optional(),
  }),
  billing_details: billingDetailsSchema,
});

const bankParamsSchema = z.object({
  type: z.literal("us_bank_account"),
  us_bank_account: z.object({
    account_number: z.string().regex(/^\d{1,30}$/, { error: "must be digits" }),
    routing_number: z.string().regex(/^\d{1,30}$/, { error: "must be digits" }),
    account_holder_type: z.enum(["individual", "company"]),
    account_type: z.enum(["checking", "savings"]).optional(),
  }),
  billing_details: z.object({
    name: text(200).min(1),
    email: text(320).optional(),
    phone: text(40).optional(),
    address: z.record(z.string(), z.unknown()).optional(),
  }),
});

const typeSchema = z.object({ type: z.enum(["card", "us_bank_account"]) });

type BillingDetails = z.infer<typeof billingDetailsSchema>;

function billingDetailsObject(b: BillingDetails) {
  const a = b?.address;
  return {
    address: {
      city: a?.city ?? null,
      country: a?.country ?? null,
      line1: a?.line1 ?? null,
      line2: a?.line2 ?? null,
      postal_code: a?.postal_code ?? null,
      state: a?.state ?? null,
    },
    email: b?.email ?? null,
    name: b?.name ?? null,
    phone: b?.phone ?? null,
  };
}

/** The PaymentMethod object as Stripe returns it. */
export function paymentMethodObject(pm: ProviderPaymentMethod, billing: BillingDetails = {}) {
  const common = {
    id: pm.id,
    object: "payment_method",
    allow_redisplay: "unspecified",
    billing_details: billingDetailsObject({
      ...billing,
      name: pm.holderName ?? undefined,
      email: pm.email ?? undefined,
    }),
    created: unix(pm.createdAt),
    customer: null,
    livemode: false,
    metadata: {},
  };
  if (pm.kind === "card") {
    return {
      ...common,
      type: "card",
      card: {
        brand: pm.brand,
        display_brand: pm.brand === "diners" ? "diners_club" : pm.brand,
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: null },
        country: "US",
        exp_month: pm.expMonth,
        exp_year: pm.expYear,
        funding: "credit",
        last4: pm.last4,
        networks: { available: [pm.brand], preferred: null },
        three_d_secure_usage: { supported: true },
        wallet: null,
      },
    };
  }
  return {
    ...common,
    type: "us_bank_account",
    us_bank_account: {
      account_holder_type: pm.accountHolderType,
      account_type: pm.accountType,
      bank_name: pm.bankName,
      financial_connections_account: null,
      last4: pm.last4,
      networks: { preferred: "ach", supported: ["ach"] },
      routing_number: pm.routingNumber,
      status_details: {},
    },
  };
}

function createCard(params: z.infer<typeof cardParamsSchema>, now: number): ProviderAnswer {
  const number = digitsOf(params.card.number);
  const brand = detectBrand(number);
  if (!cardLengths(brand).includes(number.length) || !luhnValid(number)) {
    return failure(402, {
      type: "card_error",
      code: "incorrect_number",
      message: "Your card number is incorrect.",
      param: "number",
    });
  }
  const month = Number(params.card.exp_month);
  const rawYear = Number(params.card.exp_year);
  const year = params.card.exp_year.length === 2 ? 2000 + rawYear : rawYear;
  const expiryError = checkExpiryDate(month, year, new Date(now));
  if (expiryError) {
    const monthWrong = expiryError.code === "invalid_expiry_month";
    return failure(402, {
      type: "card_error",
      code: monthWrong ? "invalid_expiry_month" : "invalid_expiry_year",
      message: monthWrong
        ? "Your card's expiration month is invalid."
        : "Your card's expiration year is invalid.",
      param: monthWrong ? "exp_month" : "exp_year",
    });
  }
  const cvc = params.card.cvc;
  if (cvc !== undefined && !/^\d{3,4}$/.test(cvc)) {
    return failure(402, {
      type: "card_error",
      code: "invalid_cvc",
      message: "Your card's security code is invalid.",
      param: "cvc",
    });
  }
  const testFailure = TEST_CARD_FAILURES[number];
  if (testFailure) return failure(402, testFailure);
  const chargeDecline = CHARGE_TIME_DECLINES[number];

  const pm = storePaymentMethod({
    id: randomId("pm_"),
    provider: "stripe",
    kind: "card",
    brand,
    last4: number.slice(-4),
    expMonth: month,
    expYear: year,
    holderName: params.billing_details?.name ?? null,
    email: params.billing_details?.email ?? null,
    createdAt: now,
    ...(chargeDecline && { chargeDecline }),
  });
  return { status: 200, body: paymentMethodObject(pm, params.billing_details) };
}

function createBankAccount(params: z.infer<typeof bankParamsSchema>, now: number): ProviderAnswer {
  const { account_number: account, routing_number: routing } = params.us_bank_account;
  if (!routingNumberValid(routing)) {
    return failure(400, {
      type: "invalid_request_error",
      code: "routing_number_invalid",
      message: "Invalid routing number.",
      param: "us_bank_account[routing_number]",
    });
  }
  if (!accountNumberValid(account)) {
    return failure(400, {
      type: "invalid_request_error",
      code: "account_number_invalid",
      message: "The account number must have 4 to 17 digits.",
      param: "us_bank_account[account_number]",
    });
  }
  if (FAILING_BANK_ACCOUNTS.has(account)) {
    return failure(402, {
      type: "invalid_request_error",
      code: "bank_account_verification_failed",
      message: "Your bank account could not be verified.",
      param: "us_bank_account[account_number]",
    });
  }
  const pm = storePaymentMethod({
    id: randomId("pm_"),
    provider: "stripe",
    kind: "bank",
    last4: account.slice(-4),
    routingNumber: routing,
    bankName: routing === STRIPE_TEST_ROUTING ? "STRIPE TEST BANK" : "SANDBOX TEST BANK",
    accountHolderType: params.us_bank_account.account_holder_type,
    accountType: params.us_bank_account.account_type ?? "checking",
    holderName: params.billing_details.name,
    email: params.billing_details.email ?? null,
    createdAt: now,
  });
  return { status: 200, body: paymentMethodObject(pm) };
}

/** POST /v1/payment_methods with a publishable key (what Stripe.js's createPaymentMethod sends). */
export function createPaymentMethod(params: Record<string, unknown>, now: number): ProviderAnswer {
  const keyProblem = checkKey(params);
  if (keyProblem) return keyProblem;
  const type = typeSchema.safeParse(params);
  if (!type.success) return invalidRequest(type.error, params);
  if (type.data.type === "card") {
    const parsed = cardParamsSchema.safeParse(params);
    return parsed.success ? createCard(parsed.data, now) : invalidRequest(parsed.error, params);
  }
  const parsed = bankParamsSchema.safeParse(params);
  return parsed.success
    ? createBankAccount(parsed.data, now)
    : invalidRequest(parsed.error, params);
}

// ---------------------------------------------------------------------------------------------
// Setup intents

/** The SetupIntent object as Stripe returns it to a publishable key. */
export function setupIntentObject(si: ProviderSetupIntent, origin: string) {
  return {
    id: si.id,
    object: "setup_intent",
    cancellation_reason: null,
    client_secret: si.clientSecret,
    created: unix(si.createdAt),
    description: si.description,
    last_setup_error: null,
    livemode: false,
    next_action:
      si.status === "requires_action"
        ? {
            type: "verify_with_microdeposits",
            verify_with_microdeposits: {
              arrival_date: si.microdepositsArrivalDate,
              hosted_verification_url: `${origin}/__sandbox/stripe/microdeposits/${si.id}?client_secret=${encodeURIComponent(si.clientSecret)}`,
              microdeposit_type: "descriptor_code",
            },
          }
        : null,
    payment_method: si.paymentMethod,
    payment_method_types: si.paymentMethodTypes,
    status: si.status,
    usage: si.usage,
  };
}

const createSetupIntentSchema = z.object({
  payment_method_types: z
    .array(z.enum(["card", "us_bank_account"]))
    .min(1)
    .optional(),
  customer: text(100).optional(),
  usage: z.enum(["off_session", "on_session"]).optional(),
  description: text(500).optional(),
});

export type CreateSetupIntentInput = z.input<typeof createSetupIntentSchema>;

/**
 * Creates a SetupIntent, as a server would with its secret key. Exported for the sandbox's account
 * API (and served at POST /__sandbox/stripe/v1/setup_intents for tests, without a key).
 */
export function createSetupIntent(
  params: Record<string, unknown>,
  now: number,
  origin: string,
): ProviderAnswer {
  const parsed = createSetupIntentSchema.safeParse(params);
  if (!parsed.success) return invalidRequest(parsed.error, params);
  const id = randomId("seti_");
  const si = storeSetupIntent({
    id,
    clientSecret: `${id}_secret_${randomId("", 25)}`,
    status: "requires_payment_method",
    paymentMethodTypes: parsed.data.payment_method_types ?? ["card"],
    paymentMethod: null,
    customer: parsed.data.customer ?? null,
    usage: parsed.data.usage ?? "off_session",
    description: parsed.data.description ?? null,
    createdAt: now,
    microdepositsArrivalDate: null,
  });
  return { status: 200, body: setupIntentObject(si, origin) };
}

/** Finds the SetupIntent and checks the client secret Stripe.js presents with it. */
function authorisedSetupIntent(
  id: string,
  params: Record<string, unknown>,
): ProviderSetupIntent | ProviderAnswer {
  const keyProblem = checkKey(params);
  if (keyProblem) return keyProblem;
  const si = lookupProviderSetupIntent(id);
  if (!si) {
    return failure(404, {
      type: "invalid_request_error",
      code: "resource_missing",
      message: `No such setupintent: '${id.slice(0, 64)}'`,
      param: "intent",
    });
  }
  if (params.client_secret !== si.clientSecret) {
    return failure(400, {
      type: "invalid_request_error",
      code: "parameter_invalid",
      message:
        "The client_secret provided does not match the client_secret associated with the SetupIntent.",
      param: "client_secret",
    });
  }
  return si;
}

const isAnswer = (x: ProviderSetupIntent | ProviderAnswer): x is ProviderAnswer =>
  "status" in x && "body" in x;

/** GET /v1/setup_intents/{id}?client_secret=… (stripe.retrieveSetupIntent). */
export function retrieveSetupIntent(
  id: string,
  params: Record<string, unknown>,
  origin: string,
): ProviderAnswer {
  const si = authorisedSetupIntent(id, params);
  if (isAnswer(si)) return si;
  return { status: 200, body: setupIntentObject(si, origin) };
}

const confirmSchema = z.object({
  payment_method: z.string().regex(/^pm_[A-Za-z0-9]+$/, { error: "must be a PaymentMethod id" }),
});

/**
 * POST /v1/setup_intents/{id}/confirm with a PaymentMethod id (Stripe.js creates the PaymentMethod
 * first). A card succeeds; a bank account waits for microdeposit verification (requires_action).
 */
export function confirmSetupIntent(
  id: string,
  params: Record<string, unknown>,
  now: number,
  origin: string,
): ProviderAnswer {
  const si = authorisedSetupIntent(id, params);
  if (isAnswer(si)) return si;
  if (si.status !== "requires_payment_method" && si.status !== "requires_confirmation") {
    return failure(400, {
      type: "invalid_request_error",
      code: "setup_intent_unexpected_state",
      message: `You cannot confirm this SetupIntent because it has a status of ${si.status}.`,
    });
  }
  const parsed = confirmSchema.safeParse(params);
  if (!parsed.success) return invalidRequest(parsed.error, params);
  const pm = lookupProviderPaymentMethod(parsed.data.payment_method);
  if (!pm) {
    return failure(400, {
      type: "invalid_request_error",
      code: "resource_missing",
      message: `No such PaymentMethod: '${parsed.data.payment_method}'`,
      param: "payment_method",
    });
  }
  const pmType = pm.kind === "card" ? "card" : "us_bank_account";
  if (!si.paymentMethodTypes.includes(pmType)) {
    return failure(400, {
      type: "invalid_request_error",
      code: "payment_intent_incompatible_payment_method",
      message: `The provided PaymentMethod type (${pmType}) is not allowed by this SetupIntent (payment_method_types: ${si.paymentMethodTypes.join(", ")}).`,
      param: "payment_method",
    });
  }
  const updated = storeSetupIntent({
    ...si,
    paymentMethod: pm.id,
    status: pm.kind === "card" ? "succeeded" : "requires_action",
    microdepositsArrivalDate: pm.kind === "card" ? null : unix(now) + 2 * 86_400,
  });
  return { status: 200, body: setupIntentObject(updated, origin) };
}

const verifySchema = z.union([
  z.object({ descriptor_code: z.string().min(1).max(10) }),
  z.object({ amounts: z.array(z.union([z.string(), z.number()])).length(2) }),
]);

/** POST /v1/setup_intents/{id}/verify_microdeposits (descriptor code SM11AA, or amounts 32 and 45). */
export function verifySetupIntentMicrodeposits(
  id: string,
  params: Record<string, unknown>,
  origin: string,
): ProviderAnswer {
  const si = authorisedSetupIntent(id, params);
  if (isAnswer(si)) return si;
  if (si.status !== "requires_action") {
    return failure(400, {
      type: "invalid_request_error",
      code: "setup_intent_unexpected_state",
      message: `This SetupIntent has a status of ${si.status}; it is not waiting for microdeposits.`,
    });
  }
  const parsed = verifySchema.safeParse(params);
  if (!parsed.success) return invalidRequest(parsed.error, params);
  const matches =
    "descriptor_code" in parsed.data
      ? parsed.data.descriptor_code === MICRODEPOSIT_DESCRIPTOR_CODE
      : parsed.data.amounts.map(Number).join() === MICRODEPOSIT_AMOUNTS.join();
  if (!matches) {
    return failure(400, {
      type: "invalid_request_error",
      code:
        "descriptor_code" in parsed.data
          ? "payment_method_microdeposit_verification_descriptor_code_mismatch"
          : "payment_method_microdeposit_verification_amounts_mismatch",
      message:
        "descriptor_code" in parsed.data
          ? "The verification code provided does not match. Use SM11AA in the sandbox."
          : "The amounts provided do not match. Use 32 and 45 in the sandbox.",
    });
  }
  const updated = storeSetupIntent({ ...si, status: "succeeded", microdepositsArrivalDate: null });
  return { status: 200, body: setupIntentObject(updated, origin) };
}
