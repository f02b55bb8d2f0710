/**
 * The hosted pay-now page for a chosen set (POST /v1/payments/pay_now_url, docs/CONTRACT.md §5
 * "Pay-now page"): the set is checked as POST /v1/payments checks a payment (create.ts) and kept
 * server-side (migration 011), its page shows it, and paying it charges a card typed on the page
 * and records the payment as create.ts does, once: the set keeps the id of the payment that paid it.
 */
import { createHash, randomBytes } from "node:crypto";
import type { PayNowSetBody } from "@billing-portal/contract/wire/payments";
import { gatewayFamily, getGateway } from "../account/gateway";
import type { AccountScope } from "../account/scope";
import { linkActor } from "../activity/record";
import type { Queryable } from "../db";
import type { PayNowCustomer } from "../documents/pay-now/payment";
import { chargeCard, type CardDetails } from "../doubles/card-checkout";
import {
  checkPaymentSet,
  lastFour,
  paymentSettings,
  recordPayment,
  type PaymentSet,
  type RecordedPayment,
} from "./create";

/** Sets older than this are deleted when a new one is made: their links expired long before. */
export const SET_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** A stored set: the invoices resolved when its link was made, and the amount (null: all due). */
export type PayNowSet = {
  id: string;
  customer_id: string;
  invoice_ids: string[];
  amount: string | null;
  payment_id: string | null;
};

const newSetId = () => `pns_${randomBytes(18).toString("base64url")}`;

/**
 * Checks the chosen invoices and amount as POST /v1/payments does (the same refusals, thrown) and
 * keeps the set; answers its id. Charges nothing. Run in a transaction.
 */
export async function createPayNowSet(
  tx: Queryable,
  scope: AccountScope,
  body: PayNowSetBody,
  now: number,
): Promise<string> {
  const settings = await paymentSettings(tx, scope.companyId);
  const set = await checkPaymentSet(tx, scope.customerId, settings, body);
  await tx.query("DELETE FROM pay_now_sets WHERE created_at < $1", [
    new Date(now - SET_LIFETIME_MS),
  ]);
  const id = newSetId();
  await tx.query(
    `INSERT INTO pay_now_sets (id, customer_id, invoice_ids, amount, created_at)
     VALUES ($1, $2, $3::jsonb, $4::numeric, $5)`,
    [
      id,
      scope.customerId,
      JSON.stringify(set.invoices.map((i) => i.id)),
      body.amount === undefined ? null : (set.amount / 100).toFixed(2),
      new Date(now),
    ],
  );
  return id;
}

/** The set's customer (and its company), and the set; null when either is unknown or not theirs. */
export async function findPayNowSet(
  q: Queryable,
  customerId: string,
  setId: string,
  lock = false,
): Promise<{ customer: PayNowCustomer; set: PayNowSet } | null> {
  const [customer] = await q.query<PayNowCustomer>(
    `SELECT c.id, c.name, c.company_id, co.name AS company_name, co.domain AS company_domain
       FROM customers c JOIN companies co ON co.id = c.company_id WHERE c.id = $1`,
    [customerId],
  );
  if (!customer) return null;
  const [set] = await q.query<PayNowSet>(
    `SELECT id, customer_id, invoice_ids, amount::text AS amount, payment_id
       FROM pay_now_sets WHERE id = $1 AND customer_id = $2${lock ? " FOR UPDATE" : ""}`,
    [setId, customerId],
  );
  return set ? { customer, set } : null;
}

/** The set checked now, as POST /v1/payments would check it (refusals thrown). */
export async function checkPayNowSet(
  q: Queryable,
  customer: PayNowCustomer,
  set: PayNowSet,
): Promise<PaymentSet> {
  const settings = await paymentSettings(q, customer.company_id);
  return checkPaymentSet(q, customer.id, settings, {
    invoice_ids: set.invoice_ids,
    amount: set.amount === null ? undefined : Number(set.amount),
  });
}

/**
 * A digest of the set as its page shows it (each invoice's id and balance, the currency, the
 * amount): the page's form carries it, signed, and paying requires the set to be the same still.
 * A digest, not the lines, so the form stays small however many invoices the set holds.
 */
export const quoteDigest = (set: PaymentSet): string =>
  createHash("sha256")
    .update(JSON.stringify([set.currency, set.amount, set.invoices.map((i) => [i.id, i.balance])]))
    .digest("base64url");

export type SetPayment =
  | { kind: "paid"; set: PaymentSet; payment: RecordedPayment }
  | { kind: "already_paid"; paymentId: string }
  | { kind: "changed" }
  | { kind: "declined"; set: PaymentSet; message: string };

/** The method a card typed on the hosted page is recorded as (the payments list's words). */
export const SET_PAYMENT_METHOD = "Credit Card";

/**
 * Pays the set once, in one transaction: the set and its invoices locked, the set not paid yet,
 * the checks of POST /v1/payments passed (refusals thrown), the balances and amount those the
 * page quoted (`quoted`, its quoteDigest); then the card is charged and, unless declined, one
 * payment recorded and the set marked paid. Anything but "paid" writes nothing.
 */
export async function payPayNowSet(
  tx: Queryable,
  customerId: string,
  setId: string,
  quoted: string,
  card: CardDetails,
  now: number,
): Promise<SetPayment | null> {
  const found = await findPayNowSet(tx, customerId, setId, true);
  if (!found) return null;
  const { customer, set: stored } = found;
  if (stored.payment_id !== null) return { kind: "already_paid", paymentId: stored.payment_id };
  const set = await checkPayNowSet(tx, customer, stored);
  if (quoteDigest(set) !== quoted) return { kind: "changed" };

  const gateway = await getGateway(tx, customer.company_id);
  const charge = chargeCard(gatewayFamily(gateway.name), gateway.api_key, card, now);
  if (!charge.ok) return { kind: "declined", set, message: charge.message };

  const payment = await recordPayment(
    tx,
    { customerId, actor: linkActor },
    set,
    { name: SET_PAYMENT_METHOD, id: null, idPrefix: "PAY-W", last4: lastFour(card.number) },
    now,
  );
  await tx.query("UPDATE pay_now_sets SET payment_id = $2 WHERE id = $1", [setId, payment.id]);
  return { kind: "paid", set, payment };
}
