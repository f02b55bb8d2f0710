/**
 * Paying the open invoices from the hosted pay-now page. The page shows a quote (the open invoices
 * and their balances) and carries it, signed, in its form; paying re-reads those invoices under
 * lock and records a succeeded payment only if every one still owes exactly what was shown. So a
 * second submission (or a stale page) finds nothing owing or a changed amount and records nothing.
 */
import { createHmac, randomBytes } from "node:crypto";
import { z } from "zod";
import { safeEqual } from "../../crypto";
import { linkActor, recordActivity } from "../../activity/record";
import type { Queryable } from "../../db";
import { easternDate } from "../../lists/business-day";
import { OPEN_INVOICE_STATUSES } from "../../lists/rows";

export type PayNowCustomer = {
  id: string;
  name: string;
  company_id: string;
  company_name: string;
  company_domain: string;
};
export type OpenInvoice = { id: string; due_date: string; balance: string; currency: string };
/** One quoted invoice: id, balance in minor units, currency. */
export type QuoteLine = [string, number, string];
export type Quote = { customerId: string; expires: number; lines: QuoteLine[] };

/** The customer, its company and its open invoices (oldest due first), or null for an unknown customer. */
export async function loadPayNow(
  db: Queryable,
  customerId: string,
): Promise<{ customer: PayNowCustomer; invoices: OpenInvoice[] } | null> {
  const [customer] = await db.query<PayNowCustomer>(
    `SELECT c.id, c.name, c.company_id, co.name AS company_name, co.domain AS company_domain
       FROM customers c JOIN companies co ON co.id = c.company_id WHERE c.id = $1`,
    [customerId],
  );
  if (!customer) return null;
  const invoices = await db.query<OpenInvoice>(
    `SELECT id, to_char(due_date, 'YYYY-MM-DD') AS due_date, balance::text AS balance, currency
       FROM invoices
      WHERE customer_id = $1 AND status = ANY($2::text[]) AND balance > 0
      ORDER BY due_date, id`,
    [customerId, [...OPEN_INVOICE_STATUSES]],
  );
  return { customer, invoices };
}

/** A decimal amount as minor units (cents). */
export const toCents = (amount: string | number) => Math.round(Number(amount) * 100);

/** The amount due per currency, in minor units, currencies in order of appearance. */
export function totalsByCurrency(lines: QuoteLine[]): { currency: string; cents: number }[] {
  const totals = new Map<string, number>();
  for (const [, cents, currency] of lines)
    totals.set(currency, (totals.get(currency) ?? 0) + cents);
  return [...totals].map(([currency, cents]) => ({ currency, cents }));
}

/** The quote of the invoices a page shows. */
export const quoteLines = (invoices: OpenInvoice[]): QuoteLine[] =>
  invoices.map((i) => [i.id, toCents(i.balance), i.currency]);

// The quote is signed with the link key under its own label, so a quote token can never pass
// for a link signature or the other way round.
const quoteMac = (key: Buffer, payload: string) =>
  createHmac("sha256", key).update(`pay-now quote\n${payload}`).digest("base64url");

/** The form's token: the quote as base64url JSON and its HMAC. */
export function signQuote(key: Buffer, quote: Quote): string {
  const payload = Buffer.from(
    JSON.stringify({ c: quote.customerId, e: quote.expires, l: quote.lines }),
  ).toString("base64url");
  return `${payload}.${quoteMac(key, payload)}`;
}

const quotePayload = z.object({
  c: z.string(),
  e: z.number().int(),
  l: z
    .array(z.tuple([z.string().max(100), z.number().int().positive(), z.string().length(3)]))
    .min(1)
    .max(10_000),
});

/**
 * The payload of a `<base64url JSON>.<mac>` token whose MAC `macOf` accepts and whose JSON fits
 * `schema`, else null (the pay-now page's and the set page's signed quotes).
 */
export function openSignedPayload<S extends z.ZodType>(
  token: string,
  macOf: (payload: string) => string,
  schema: S,
): z.output<S> | null {
  const [payload, mac, extra] = token.split(".");
  if (!payload || !mac || extra !== undefined || !safeEqual(mac, macOf(payload))) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  const result = schema.safeParse(parsed);
  return result.success ? result.data : null;
}

/** The quote of a token signed for this customer and not yet expired, else null. */
export function readQuote(
  key: Buffer,
  token: string,
  customerId: string,
  now: number,
): Quote | null {
  const opened = openSignedPayload(token, (payload) => quoteMac(key, payload), quotePayload);
  if (!opened) return null;
  const { c, e, l } = opened;
  if (c !== customerId || e * 1000 <= now) return null;
  return { customerId: c, expires: e, lines: l };
}

export type PaymentRecord = {
  id: string;
  currency: string;
  cents: number;
  invoiceIds: string[];
};
export type PayOutcome =
  { kind: "paid"; payments: PaymentRecord[] } | { kind: "already_paid" } | { kind: "changed" };

const newPaymentId = () => `PAY-W${randomBytes(5).toString("hex").toUpperCase()}`;
const decimal = (cents: number) => (cents / 100).toFixed(2);

/** The method recorded for pay-now payments (the page plays a card checkout). */
export const PAY_NOW_METHOD = "Credit Card";

/**
 * Pays the quoted invoices in one transaction: one succeeded payment per currency, applied to its
 * invoices (payment_applications), whose balances drop to 0 and statuses become Paid.
 */
export async function payQuote(tx: Queryable, quote: Quote, now: number): Promise<PayOutcome> {
  const ids = quote.lines.map(([id]) => id);
  const current = await tx.query<{ id: string; balance: string; status: string; currency: string }>(
    `SELECT id, balance::text AS balance, status, currency FROM invoices
      WHERE customer_id = $1 AND id = ANY($2::text[])
      ORDER BY id FOR UPDATE`,
    [quote.customerId, ids],
  );
  const byId = new Map(current.map((r) => [r.id, r]));
  const open = (r: { balance: string; status: string } | undefined) =>
    !!r &&
    toCents(r.balance) > 0 &&
    (OPEN_INVOICE_STATUSES as readonly string[]).includes(r.status);
  if (!quote.lines.some(([id]) => open(byId.get(id)))) return { kind: "already_paid" };
  const unchanged = quote.lines.every(([id, cents, currency]) => {
    const row = byId.get(id);
    return open(row) && toCents(row?.balance ?? 0) === cents && row?.currency === currency;
  });
  if (!unchanged) return { kind: "changed" };

  const stamp = new Date(now);
  const today = easternDate(now);
  const payments: PaymentRecord[] = [];
  for (const { currency, cents } of totalsByCurrency(quote.lines)) {
    const lines = quote.lines.filter(([, , c]) => c === currency);
    const id = newPaymentId();
    await tx.query(
      `INSERT INTO payments (id, customer_id, payment_date, payment_method, payment_amount, status,
                             applied_amount, unapplied_amount, refunded_amount, auto_apply, currency,
                             custom_fields, created_date, updated_date)
       VALUES ($1, $2, $3::date, $4, $5::numeric, 'succeeded', $5::numeric, 0, 0, false, $6, '{}', $7, $7)`,
      [id, quote.customerId, today, PAY_NOW_METHOD, decimal(cents), currency, stamp],
    );
    await tx.query(
      `INSERT INTO payment_applications (payment_id, invoice_id, amount, position)
       SELECT $1, line.invoice_id, line.amount, line.position
         FROM jsonb_to_recordset($2::jsonb) AS line(invoice_id text, amount numeric, position int)`,
      [
        id,
        JSON.stringify(
          lines.map(([invoiceId, c], position) => ({
            invoice_id: invoiceId,
            amount: decimal(c),
            position,
          })),
        ),
      ],
    );
    payments.push({ id, currency, cents, invoiceIds: lines.map(([invoiceId]) => invoiceId) });
    // Paid on the page of the customer's signed link: whoever holds it, not a signed-in user.
    await recordActivity(
      tx,
      { customerId: quote.customerId },
      {
        kind: "payment.made",
        actor: linkActor,
        subjectId: id,
        details: {
          amount: cents / 100,
          currency,
          payment_method: PAY_NOW_METHOD,
          last4: null,
          invoice_ids: lines.map(([invoiceId]) => invoiceId),
        },
        at: now,
      },
    );
  }
  await tx.query(
    `UPDATE invoices SET balance = 0, status = 'Paid', updated_date = $3
      WHERE customer_id = $1 AND id = ANY($2::text[])`,
    [quote.customerId, ids, stamp],
  );
  return { kind: "paid", payments };
}
