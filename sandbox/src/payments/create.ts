/**
 * POST /v1/payments (docs/CONTRACT.md §7.5): one payment charged to a saved payment method and
 * allocated to the chosen open invoices, oldest due first. Everything is checked before the
 * provider is asked, so a refusal charges nothing; a decline allocates nothing. Run it in one
 * transaction: the invoices are locked while they are checked, charged and paid.
 */
import { randomBytes } from "node:crypto";
import type { CreatePaymentBody, CreatedPaymentDto } from "@billing-portal/contract/wire/payments";
import type { AccountScope } from "../account/scope";
import { gatewayFamily, getGateway } from "../account/gateway";
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
  status: string;
  payment_method_type: string;
  exp_month: number | null;
  exp_year: number | null;
  provider_token: string;
};
type CompanyRow = {
  takes_payments: boolean;
  partial_payments_allowed: boolean;
  partial_payment_minimum: string | null;
};

const cents = (amount: string | number) => Math.round(Number(amount) * 100);
const decimal = (c: number) => (c / 100).toFixed(2);
const money = (c: number, currency: string) => `${decimal(c)} ${currency}`;

/** The company's payment settings; 404 when its billing API takes no such payments. */
export async function paymentSettings(q: Queryable, companyId: string): Promise<CompanyRow> {
  const [company] = await q.query<CompanyRow>(
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
    `SELECT id, status, payment_method_type, exp_month, exp_year, provider_token
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

const newPaymentId = () => `PAY-P${randomBytes(5).toString("hex").toUpperCase()}`;

/** Checks, charges and records one payment. */
export async function createPayment(
  tx: Queryable,
  scope: AccountScope,
  body: CreatePaymentBody,
  now: number,
): Promise<PaymentAnswer> {
  const settings = await paymentSettings(tx, scope.companyId);
  const today = easternDate(now);
  const method = await usableMethod(tx, scope.customerId, body.payment_method_id, today);
  const invoices = await chosenInvoices(tx, scope.customerId, body.invoice_ids);

  const currencies = [...new Set(invoices.map((i) => i.currency))];
  const [currency] = currencies;
  if (currency === undefined || currencies.length > 1) {
    throw refuse(
      "mixed_currencies",
      `The invoices are in ${currencies.join(" and ")}: pay each currency on its own`,
    );
  }
  const open = invoices.map((i) => ({ id: i.id, balance: cents(i.balance) }));
  const balance = open.reduce((sum, i) => sum + i.balance, 0);
  const amount = body.amount === undefined ? balance : cents(body.amount);
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

  const family = gatewayFamily((await getGateway(tx, scope.companyId)).name);
  const charge = chargeToken(family, method.provider_token);
  if (!charge.ok) return { status: 402, errorCode: charge.code, error: charge.message };

  const allocations = allocate(open, amount);
  const id = newPaymentId();
  const stamp = new Date(now);
  const methodName = method.payment_method_type === "card" ? "Credit Card" : "ACH";
  await tx.query(
    `INSERT INTO payments (id, customer_id, payment_date, payment_method, payment_amount, status,
                           applied_amount, unapplied_amount, refunded_amount, auto_apply, currency,
                           custom_fields, created_date, updated_date, payment_method_id)
     VALUES ($1, $2, $3::date, $4, $5::numeric, 'succeeded', $5::numeric, 0, 0, false, $6, '{}',
             $7, $7, $8)`,
    [id, scope.customerId, today, methodName, decimal(amount), currency, stamp, method.id],
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
    [scope.customerId, lines, stamp],
  );
  return {
    status: 201,
    payment: {
      id,
      status: "succeeded",
      payment_date: today,
      created_at: stamp.toISOString(),
      amount: amount / 100,
      currency,
      payment_method: methodName,
      payment_method_id: method.id,
      allocations: allocations.map((a) => ({
        invoice_id: a.id,
        amount: a.amount / 100,
        balance_after: a.after / 100,
      })),
    },
  };
}
