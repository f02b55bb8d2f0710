/** The selected customer's saved payment methods: list (with the gateway setup), add, set default, delete. */
import type { PaymentMethodStatus } from "@billing-portal/contract/enums";
import { randomBytes } from "node:crypto";
import {
  addPaymentMethodBody,
  setDefaultBody,
  type PaymentMethodDto,
  type PaymentMethodListDto,
} from "@billing-portal/contract/wire/account";
import type { z } from "zod";
import { recordActivity } from "../activity/record";
import type { Queryable } from "../db";
import { ApiError, notFound, parseWith } from "../http";
import { getPaymentSettings } from "./auto-pay";
import { gatewayFamily, getGateway, normaliseBrand, type GatewayDto } from "./gateway";
import { verifyBankPageUrl, type PageLinks } from "./page-links";
import { findProviderToken, type ProviderTokenInfo } from "./provider-tokens";
import { CARDCONNECT_TOKEN, findRawNumber } from "./raw-numbers";
import { isoTime, type AccountScope } from "./scope";

export type { PaymentMethodStatus };

export type { PaymentMethodDto, PaymentMethodListDto };

type PaymentMethodRow = {
  id: string;
  customer_id: string;
  type: string;
  account_number: string;
  status: PaymentMethodStatus;
  verify_token: string | null;
  payment_method_type: string;
  payment_type: string;
  is_default: boolean;
  setup_intent_id: string | null;
  payment_intent_id: string | null;
  exp_month: number | null;
  exp_year: number | null;
  provider_token: string;
  created_at: Date;
};

const COLUMNS =
  "id, customer_id, type, account_number, status, verify_token, payment_method_type, payment_type, is_default, setup_intent_id, payment_intent_id, exp_month, exp_year, provider_token, created_at";

function toDto(row: PaymentMethodRow, links: PageLinks): PaymentMethodDto {
  const awaitingVerification =
    row.status !== "verified" && row.type !== "ECHK" && row.verify_token !== null;
  return {
    id: row.id,
    type: row.type,
    account_number: row.account_number,
    status: row.status,
    verify_url: awaitingVerification ? verifyBankPageUrl(links, row.verify_token ?? "") : null,
    payment_method_type: row.payment_method_type,
    payment_type: row.payment_type,
    default: row.is_default,
    setup_intent_id: row.setup_intent_id,
    payment_intent_id: row.payment_intent_id,
    exp_month: row.exp_month,
    exp_year: row.exp_year,
    created_at: isoTime(row.created_at),
  };
}

/** The customer row is the per-account lock: payment-method and auto-pay changes run one at a time. */
async function lockCustomer(q: Queryable, scope: AccountScope): Promise<void> {
  const [row] = await q.query(
    "SELECT id FROM customers WHERE id = $1 AND company_id = $2 FOR UPDATE",
    [scope.customerId, scope.companyId],
  );
  if (!row) throw notFound("Customer not found");
}

/** GET /v1/paymentMethods: oldest first, with the company's gateway setup. */
export async function listPaymentMethods(
  q: Queryable,
  scope: AccountScope,
  links: PageLinks,
): Promise<PaymentMethodListDto> {
  const gateway = await getGateway(q, scope.companyId);
  const rows = await q.query<PaymentMethodRow>(
    `SELECT ${COLUMNS} FROM payment_methods WHERE customer_id = $1 ORDER BY created_at, id`,
    [scope.customerId],
  );
  return { paymentMethods: rows.map((r) => toDto(r, links)), gateway };
}

/**
 * The method an id names (spec 000 §4): ids beginning `seti_` match setup_intent_id, `pi_`
 * payment_intent_id, any other the method's id. Only the customer's own methods are found.
 */
async function findMethod(
  q: Queryable,
  scope: AccountScope,
  id: string,
): Promise<PaymentMethodRow | null> {
  const column = id.startsWith("seti_")
    ? "setup_intent_id"
    : id.startsWith("pi_")
      ? "payment_intent_id"
      : "id";
  const [row] = await q.query<PaymentMethodRow>(
    `SELECT ${COLUMNS} FROM payment_methods WHERE customer_id = $1 AND ${column} = $2
      ORDER BY created_at, id LIMIT 1`,
    [scope.customerId, id],
  );
  return row ?? null;
}

const methodNotFound = () => notFound("Payment method not found");

/** A method as the activity log names it: brand or bank, card or bank, the last four digits. */
function methodRef(row: PaymentMethodRow) {
  return {
    id: row.id,
    type: row.type,
    method_kind: row.payment_method_type === "card" ? ("card" as const) : ("bank" as const),
    last4: /(\d{4})$/.exec(row.account_number)?.[1] ?? null,
  };
}

async function currentDefault(q: Queryable, customerId: string): Promise<PaymentMethodRow | null> {
  const [row] = await q.query<PaymentMethodRow>(
    `SELECT ${COLUMNS} FROM payment_methods WHERE customer_id = $1 AND is_default LIMIT 1`,
    [customerId],
  );
  return row ?? null;
}

async function makeDefault(q: Queryable, customerId: string, methodId: string): Promise<void> {
  // Cleared first: at most one default per customer is a unique index.
  await q.query(
    "UPDATE payment_methods SET is_default = false WHERE customer_id = $1 AND is_default AND id <> $2",
    [customerId, methodId],
  );
  await q.query("UPDATE payment_methods SET is_default = true WHERE id = $1", [methodId]);
}

/** PUT /v1/paymentMethods/{id}/setDefault body: the id again (optional; must agree with the path). */
export const setDefaultSchema = setDefaultBody;

/** Makes the named method the customer's only default. Run it in a transaction. */
export async function setDefaultPaymentMethod(
  q: Queryable,
  scope: AccountScope,
  id: string,
  links: PageLinks,
): Promise<PaymentMethodDto> {
  await lockCustomer(q, scope);
  const method = await findMethod(q, scope, id);
  if (!method) throw methodNotFound();
  const before = await currentDefault(q, scope.customerId);
  await makeDefault(q, scope.customerId, method.id);
  if (before?.id !== method.id) {
    await recordActivity(q, scope, {
      kind: "payment_method.default_set",
      actor: scope.actor,
      subjectId: method.id,
      details: { before: before && methodRef(before), after: methodRef(method) },
      at: links.now,
    });
  }
  return toDto({ ...method, is_default: true }, links);
}

/**
 * Deletes the named method. Deleting the only method while auto-pay is on → 400 (auto-pay would
 * have nothing to charge). A deleted default is not replaced: the customer picks the next one.
 * Run it in a transaction.
 */
export async function deletePaymentMethod(
  q: Queryable,
  scope: AccountScope,
  id: string,
  now: number,
): Promise<{ success: true }> {
  await lockCustomer(q, scope);
  const method = await findMethod(q, scope, id);
  if (!method) throw methodNotFound();
  const settings = await getPaymentSettings(q, scope.customerId);
  if (settings.auto_pay) {
    const [count] = await q.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM payment_methods WHERE customer_id = $1",
      [scope.customerId],
    );
    if (Number(count?.n ?? 0) <= 1) {
      throw new ApiError(
        400,
        "last_payment_method",
        "The only payment method cannot be deleted while auto-pay is on",
      );
    }
  }
  await q.query("DELETE FROM payment_methods WHERE id = $1", [method.id]);
  await recordActivity(q, scope, {
    kind: "payment_method.removed",
    actor: scope.actor,
    subjectId: method.id,
    details: { method: methodRef(method), was_default: method.is_default },
    at: now,
  });
  return { success: true };
}

// ---------------------------------------------------------------------------------------------
// Adding a payment method: the spec 000 §3 payload, carrying a provider token and never a number.

/** POST /v1/paymentMethods body (spec 000 §3). */
export const addPaymentMethodSchema = addPaymentMethodBody;
export type AddPaymentMethodInput = z.output<typeof addPaymentMethodSchema>;

/**
 * Reads an add-payment body: first refuses (400 `raw_account_number`) anything carrying what looks
 * like a card or bank account number, in any field, then validates the payload (422). CardConnect's
 * numeric tokens are accepted in payment_method_id and token for a company on cardconnect.
 */
export function parseAddPaymentMethodBody(
  raw: unknown,
  gateway: Pick<GatewayDto, "name">,
): AddPaymentMethodInput {
  const onCardConnect = gatewayFamily(gateway.name) === "cardconnect";
  const found = findRawNumber(
    raw,
    (field, text) =>
      onCardConnect &&
      (field === "payment_method_id" || field === "token") &&
      CARDCONNECT_TOKEN.test(text),
  );
  if (found) {
    // The value itself is never echoed or logged.
    throw new ApiError(
      400,
      "raw_account_number",
      `${found} looks like a card or bank account number: send the payment provider's token instead`,
    );
  }
  return parseWith(addPaymentMethodSchema, raw);
}

const refuse = (errorCode: string, message: string) => new ApiError(400, errorCode, message);

function newId(prefix: string): string {
  return `${prefix}${randomBytes(12).toString("base64url").replace(/[-_]/g, "x")}`;
}

/** The stored shape of a tokenized card or bank account, by gateway. */
function describeMethod(vault: ProviderTokenInfo, family: string) {
  if (vault.kind === "card") {
    return {
      type: vault.brand ?? "unknown",
      status: "verified" as const,
      payment_method_type: "card",
      payment_type: "card",
      verify_token: null,
    };
  }
  if (family === "stripe") {
    // Stripe bank accounts entered by hand need micro-deposit verification.
    return {
      type: (vault.bankName ?? "Bank account").toUpperCase(),
      status: "new" as const,
      payment_method_type: "us_bank_account",
      payment_type: "us_bank_account",
      verify_token: randomBytes(24).toString("base64url"),
    };
  }
  return {
    type: "ECHK",
    status: "verified" as const,
    payment_method_type: "ach",
    payment_type: "bank account",
    verify_token: null,
  };
}

/**
 * Adds a tokenized card or bank account to the selected customer. Refusals (400): another
 * gateway or customer named, the type disabled for the company, a token the provider did not
 * issue (or of the other kind), a card brand outside allowed_cards, an expired card, a method
 * already saved. `default: true`, or being the first method, makes it the only default.
 * Run it in a transaction.
 */
export async function addPaymentMethod(
  q: Queryable,
  scope: AccountScope,
  input: AddPaymentMethodInput,
  links: PageLinks,
): Promise<PaymentMethodDto> {
  await lockCustomer(q, scope);
  const gateway = await getGateway(q, scope.companyId);
  const family = gatewayFamily(gateway.name);
  if (input.gateway_name.toLowerCase() !== family) {
    throw refuse(
      "gateway_mismatch",
      `This account pays through ${family}, not ${input.gateway_name}`,
    );
  }
  if (input.customer_id) {
    const [named] = await q.query(
      "SELECT 1 FROM customers WHERE id = $1 AND (id = $2 OR customer_id = $2)",
      [scope.customerId, input.customer_id],
    );
    if (!named) {
      throw refuse("customer_mismatch", "customer_id is not the selected customer");
    }
  }
  const isCard = input.paymentMethod === "CC";
  if (isCard ? !gateway.cc_enabled : !gateway.ach_enabled) {
    throw refuse(
      "payment_method_disabled",
      isCard ? "Card payments are not enabled" : "Bank account payments are not enabled",
    );
  }

  const vault =
    [input.payment_method_id, input.token]
      .filter((t): t is string => Boolean(t))
      .map((t) => findProviderToken(family, t))
      .find((found) => found !== null) ?? null;
  if (!vault)
    throw refuse("invalid_payment_token", "The payment provider did not issue this token");
  if (vault.kind !== (isCard ? "card" : "bank")) {
    throw refuse("invalid_payment_token", `The token is not a ${isCard ? "card" : "bank account"}`);
  }

  if (isCard) {
    const brand = normaliseBrand(vault.brand ?? "unknown");
    if (input.type && normaliseBrand(input.type) !== brand) {
      throw refuse("card_brand_mismatch", `type ${input.type} does not match the card (${brand})`);
    }
    if (!gateway.allowed_cards.includes(brand)) {
      throw refuse(
        "card_brand_not_allowed",
        `Card type ${brand} not enabled in your payment setup.`,
      );
    }
    const today = new Date(links.now);
    const month = today.getUTCFullYear() * 12 + today.getUTCMonth() + 1;
    if (vault.expYear && vault.expMonth && vault.expYear * 12 + vault.expMonth < month) {
      throw refuse("expired_card", "The card has expired");
    }
  }

  const [duplicate] = await q.query(
    "SELECT 1 FROM payment_methods WHERE customer_id = $1 AND provider_token = $2",
    [scope.customerId, vault.token],
  );
  if (duplicate) throw refuse("duplicate_payment_method", "This payment method is already saved");

  const [count] = await q.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM payment_methods WHERE customer_id = $1",
    [scope.customerId],
  );
  const makeItDefault = input.default || Number(count?.n ?? 0) === 0;
  const shape = describeMethod(vault, family);
  const row: PaymentMethodRow = {
    id: newId("pm_"),
    customer_id: scope.customerId,
    ...shape,
    account_number: `****${vault.last4}`,
    is_default: false,
    setup_intent_id: family === "stripe" ? newId("seti_") : null,
    payment_intent_id: null,
    exp_month: isCard ? vault.expMonth : null,
    exp_year: isCard ? vault.expYear : null,
    provider_token: vault.token,
    created_at: new Date(links.now),
  };
  await q.query(
    `INSERT INTO payment_methods (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
    [
      row.id,
      row.customer_id,
      row.type,
      row.account_number,
      row.status,
      row.verify_token,
      row.payment_method_type,
      row.payment_type,
      row.is_default,
      row.setup_intent_id,
      row.payment_intent_id,
      row.exp_month,
      row.exp_year,
      row.provider_token,
      row.created_at,
    ],
  );
  if (makeItDefault) await makeDefault(q, scope.customerId, row.id);
  await recordActivity(q, scope, {
    kind: "payment_method.added",
    actor: scope.actor,
    subjectId: row.id,
    details: { method: methodRef(row), default: makeItDefault },
    at: links.now,
  });
  return toDto({ ...row, is_default: makeItDefault }, links);
}
