/**
 * POST /v1/payments (docs/CONTRACT.md §7.5): one payment charged to a saved payment method and
 * allocated to the chosen open invoices, oldest due first. Everything is checked before the
 * provider is asked, so a refusal charges nothing; a decline allocates nothing. Run it in one
 * transaction: the invoices are locked while they are checked, charged and paid. The hosted page
 * for a chosen set (documents/pay-now/set-page.ts) runs the same checks and records the same way.
 */
import { randomBytes } from "node:crypto";
import type { CreatePaymentBody, CreatedPaymentDto } from "@billing-portal/contract/wire/payments";
import type { AccountScope } from "../account/scope";
import { gatewayFamily, getGateway } from "../account/gateway";
import { recordActivity, type Actor } from "../activity/record";
import type { Queryable } from "../db";
import { chargeToken } from "../doubles/charges";
import { ApiError, notFound } from "../http";
import { easternDate } from "../lists/business-day";
import { OPEN_INVOICE_STATUSES } from "../lists/rows";

const refuse = (errorCode: string, message: string) => new ApiError(400, errorCode, message);

/** What the route answers: the payment (201), or the provider's decline (402). */
export type PaymentAnswer =
  { status: 201; payment: CreatedPaymentDto } | { status: 402; errorCode: string; error: string };

type InvoiceRow = {
  id: string;
  due_date: string;
  balance: string;
  status: string;
  currency: string;
};
type MethodRow = {
  id: string;
  account_number: string;
  status: string;
  payment_method_type: string;
  exp_month: number | null;
  exp_year: number | null;
  provider_token: string;
};
/** A company's payment settings (migration 010). */
export type PaymentSettings = {
  takes_payments: boolean;
  partial_payments_allowed: boolean;
  partial_payment_minimum: string | null;
};

const cents = (amount: string | number) => Math.round(Number(amount) * 100);
const decimal = (c: number) => (c / 100).toFixed(2);
const money = (c: number, currency: string) => `${decimal(c)} ${currency}`;

/** The company's payment settings; 404 when its billing API takes no such payments. */
export async function paymentSettings(q: Queryable, companyId: string): Promise<PaymentSettings> {
  const [company] = await q.query<PaymentSettings>(
    `SELECT takes_payments, partial_payments_allowed, partial_payment_minimum::text
            AS partial_payment_minimum
       FROM companies WHERE id = $1`,
    [companyId],
  );
  if (!company?.takes_payments) throw notFound("Payments are not taken here");
  return company;
}

/** The invoices to pay, locked: the ones named (each the customer's and open), or all open ones. */
async function chosenInvoices(
  q: Queryable,
  customerId: string,
  ids: string[] | undefined,
): Promise<InvoiceRow[]> {
  const columns = `id, to_char(due_date, 'YYYY-MM-DD') AS due_date, balance::text AS balance,
                   status, currency`;
  if (!ids) {
    const open = await q.query<InvoiceRow>(
      `SELECT ${columns} FROM invoices
        WHERE customer_id = $1 AND status = ANY($2::text[]) AND balance > 0
        ORDER BY due_date, id FOR UPDATE`,
      [customerId, [...OPEN_INVOICE_STATUSES]],
    );
    if (open.length === 0) throw refuse("nothing_to_pay", "There are no open invoices to pay");
    return open;
  }
  const unique = [...new Set(ids)];
  const rows = await q.query<InvoiceRow>(
    `SELECT ${columns} FROM invoices WHERE customer_id = $1 AND id = ANY($2::text[])
      ORDER BY due_date, id FOR UPDATE`,
    [customerId, unique],
  );
  const found = new Set(rows.map((r) => r.id));
  const missing = unique.find((id) => !found.has(id));
  if (missing !== undefined) throw notFound(`Invoice ${missing} not found`);
  const closed = rows.find(
    (r) =>
      cents(r.balance) <= 0 || !(OPEN_INVOICE_STATUSES as readonly string[]).includes(r.status),
  );
  if (closed) {
    throw refuse(
      "invoice_not_open",
      `Invoice ${closed.id} is ${closed.status === "Void" ? "void" : "already paid"}`,
    );
  }
  return rows;
}

/** The customer's saved method, usable for a charge; 404 when it is not theirs. */
async function usableMethod(
  q: Queryable,
  customerId: string,
  id: string,
  today: string,
): Promise<MethodRow> {
  const [method] = await q.query<MethodRow>(
    `SELECT id, account_number, status, payment_method_type, exp_month, exp_year, provider_token
       FROM payment_methods WHERE customer_id = $1 AND id = $2`,
    [customerId, id],
  );
  if (!method) throw notFound("Payment method not found");
  if (method.status !== "verified") {
    throw refuse("payment_method_unusable", "This bank account is not verified yet");
  }
  const [year = 0, month = 0] = today.split("-").map(Number);
  if (
    method.exp_year &&
    method.exp_month &&
    method.exp_year * 12 + method.exp_month < year * 12 + month
  ) {
    throw refuse("payment_method_unusable", "This card has expired");
  }
  return method;
}

/** Splits `total` cents over the invoices in order, each up to its balance. */
export function allocate(
  invoices: { id: string; balance: number }[],
  total: number,
): { id: string; amount: number; after: number }[] {
  const out: { id: string; amount: number; after: number }[] = [];
  let left = total;
  for (const invoice of invoices) {
    if (left <= 0) break;
    const amount = Math.min(left, invoice.balance);
    out.push({ id: invoice.id, amount, after: invoice.balance - amount });
    left -= amount;
  }
  return out;
}

// PAY-P: paid through /v1 with a saved method; PAY-W: on the hosted pages.
const newPaymentId = (prefix: string) => `${prefix}${randomBytes(5).toString("hex").toUpperCase()}`;

/**
 * Chosen invoices and an amount, checked as POST /v1/payments and the hosted set page charge them:
 * the invoices (oldest due first, balances in cents), their currency, whole balance and the amount.
 */
export type PaymentSet = {
  currency: string;
  invoices: { id: string; due_date: string; balance: number }[];
  /** The invoices' whole balance, in cents. */
  balance: number;
  /** What is to be charged, in cents: the balance, or a part of it. */
  amount: number;
};

/**
 * The checks of a payment before anything is charged: the chosen invoices (each the customer's
 * and open; all open ones without ids), one currency, the amount against their balance and the
 * company's partial-payment settings. Throws the refusal (400, 404); locks the invoices.
 */
export async function checkPaymentSet(
  q: Queryable,
  customerId: string,
  settings: PaymentSettings,
  chosen: { invoice_ids?: string[] | undefined; amount?: number | undefined },
): Promise<PaymentSet> {
  const invoices = await chosenInvoices(q, customerId, chosen.invoice_ids);
  const currencies = [...new Set(invoices.map((i) => i.currency))];
  const [currency] = currencies;
  if (currency === undefined || currencies.length > 1) {
    throw refuse(
      "mixed_currencies",
      `The invoices are in ${currencies.join(" and ")}: pay each currency on its own`,
    );
  }
  const open = invoices.map((i) => ({ id: i.id, due_date: i.due_date, balance: cents(i.balance) }));
  const balance = open.reduce((sum, i) => sum + i.balance, 0);
  const amount = chosen.amount === undefined ? balance : cents(chosen.amount);
  if (amount > balance) {
    throw refuse(
      "amount_above_balance",
      `The amount is above the balance of the invoices (${money(balance, currency)})`,
    );
  }
  if (amount < balance) {
    if (!settings.partial_payments_allowed) {
      throw refuse("partial_payments_disabled", "Only the whole balance can be paid here");
    }
    const minimum = cents(settings.partial_payment_minimum ?? 0);
    if (amount < minimum) {
      throw refuse(
        "amount_below_minimum",
        `The smallest amount you can pay is ${money(minimum, currency)}`,
      );
    }
  }
  return { currency, invoices: open, balance, amount };
}

/** A payment as recorded: its id, Eastern business day, timestamp and allocations (cents). */
export type RecordedPayment = {
  id: string;
  paymentDate: string;
  createdAt: Date;
  allocations: { id: string; amount: number; after: number }[];
};

/** The last four digits of a card or account number as stored (`****4242`), or null. */
export const lastFour = (text: string): string | null => /(\d{4})$/.exec(text)?.[1] ?? null;

/**
 * Records one succeeded payment of a checked set, charged already: the payment row, its
 * payment_applications oldest due first (the last one partly), the invoices' new balances and
 * statuses, and its activity entry. Call in the transaction that checked the set.
 */
export async function recordPayment(
  tx: Queryable,
  payer: { customerId: string; actor: Actor },
  set: PaymentSet,
  method: { name: string; id: string | null; idPrefix: string; last4: string | null },
  now: number,
): Promise<RecordedPayment> {
  const { customerId } = payer;
  const allocations = allocate(set.invoices, set.amount);
  const id = newPaymentId(method.idPrefix);
  const stamp = new Date(now);
  const today = easternDate(now);
  await tx.query(
    `INSERT INTO payments (id, customer_id, payment_date, payment_method, payment_amount, status,
                           applied_amount, unapplied_amount, refunded_amount, auto_apply, currency,
                           custom_fields, created_date, updated_date, payment_method_id)
     VALUES ($1, $2, $3::date, $4, $5::numeric, 'succeeded', $5::numeric, 0, 0, false, $6, '{}',
             $7, $7, $8)`,
    [id, customerId, today, method.name, decimal(set.amount), set.currency, stamp, method.id],
  );
  const lines = JSON.stringify(
    allocations.map((a, position) => ({
      invoice_id: a.id,
      amount: decimal(a.amount),
      balance: decimal(a.after),
      position,
    })),
  );
  await tx.query(
    `INSERT INTO payment_applications (payment_id, invoice_id, amount, position)
     SELECT $1, line.invoice_id, line.amount, line.position
       FROM jsonb_to_recordset($2::jsonb) AS line(invoice_id text, amount numeric, position int)`,
    [id, lines],
  );
  await tx.query(
    `UPDATE invoices i
        SET balance = line.balance,
            status = CASE WHEN line.balance = 0 THEN 'Paid' ELSE 'Partially paid' END,
            updated_date = $3
       FROM jsonb_to_recordset($2::jsonb) AS line(invoice_id text, balance numeric)
      WHERE i.customer_id = $1 AND i.id = line.invoice_id`,
    [customerId, lines, stamp],
  );
  await recordActivity(tx, payer, {
    kind: "payment.made",
    actor: payer.actor,
    subjectId: id,
    details: {
      amount: set.amount / 100,
      currency: set.currency,
      payment_method: method.name,
      last4: method.last4,
      invoice_ids: allocations.map((a) => a.id),
    },
    at: now,
  });
  return { id, paymentDate: today, createdAt: stamp, allocations };
}

/** Checks, charges and records one payment. */
export async function createPayment(
  tx: Queryable,
  scope: AccountScope,
  body: CreatePaymentBody,
  now: number,
): Promise<PaymentAnswer> {
  const settings = await paymentSettings(tx, scope.companyId);
  const method = await usableMethod(tx, scope.customerId, body.payment_method_id, easternDate(now));
  const set = await checkPaymentSet(tx, scope.customerId, settings, body);

  const family = gatewayFamily((await getGateway(tx, scope.companyId)).name);
  const charge = chargeToken(family, method.provider_token);
  if (!charge.ok) return { status: 402, errorCode: charge.code, error: charge.message };

  const methodName = method.payment_method_type === "card" ? "Credit Card" : "ACH";
  const recorded = await recordPayment(
    tx,
    scope,
    set,
    {
      name: methodName,
      id: method.id,
      idPrefix: "PAY-P",
      last4: lastFour(method.account_number),
    },
    now,
  );
  return {
    status: 201,
    payment: {
      id: recorded.id,
      status: "succeeded",
      payment_date: recorded.paymentDate,
      created_at: recorded.createdAt.toISOString(),
      amount: set.amount / 100,
      currency: set.currency,
      payment_method: methodName,
      payment_method_id: method.id,
      allocations: recorded.allocations.map((a) => ({
        invoice_id: a.id,
        amount: a.amount / 100,
        balance_after: a.after / 100,
      })),
    },
  };
}
