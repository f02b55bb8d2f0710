/** GET /v1/customers/account_detail: the balance banner's figures, computed from the data. */
import type { AccountDetailDto } from "@billing-portal/contract/wire/lists";
import type { Queryable } from "../db";
import { OPEN_INVOICE_STATUSES } from "./rows";

export type AccountDetail = AccountDetailDto["customerAccountDetails"];

const DEFAULT_CURRENCY = "USD";

/**
 * Balance = the open invoices' balances; the last succeeded payment (date, amount, currency); the
 * most recently paid invoice (by its last update) and its amount; the customer's currency is the
 * one most of its invoices are in.
 */
export async function accountDetail(
  db: Queryable,
  customerId: string,
  options: { invoicePdfUrl: (invoiceId: string) => string | null } = { invoicePdfUrl: () => null },
): Promise<{ customerAccountDetails: AccountDetail }> {
  const [balance] = await db.query<{ balance: string | null; currency: string | null }>(
    `SELECT (SELECT sum(balance)::text FROM invoices
              WHERE customer_id = $1 AND status = ANY($2::text[])) AS balance,
            (SELECT currency FROM invoices WHERE customer_id = $1
              GROUP BY currency ORDER BY count(*) DESC, currency COLLATE "C" LIMIT 1) AS currency`,
    [customerId, [...OPEN_INVOICE_STATUSES]],
  );
  const [payment] = await db.query<{ date: string; amount: string; currency: string }>(
    `SELECT to_char(payment_date, 'YYYY-MM-DD') AS date, payment_amount::text AS amount, currency
       FROM payments WHERE customer_id = $1 AND status = 'succeeded'
      ORDER BY payment_date DESC, id DESC LIMIT 1`,
    [customerId],
  );
  const [paid] = await db.query<{ id: string; amount: string; currency: string }>(
    `SELECT id, invoice_amount::text AS amount, currency
       FROM invoices WHERE customer_id = $1 AND status = 'Paid'
      ORDER BY updated_date DESC, id DESC LIMIT 1`,
    [customerId],
  );
  return {
    customerAccountDetails: {
      balance: Number(balance?.balance ?? 0),
      payment_date: payment?.date ?? null,
      payment_amount: payment ? Number(payment.amount) : null,
      payment_currency: payment?.currency ?? null,
      last_paid_invoice: paid?.id ?? null,
      inv_paid_amount: paid ? Number(paid.amount) : null,
      invoice_currency: paid?.currency ?? null,
      invoice_pdf_url: paid ? options.invoicePdfUrl(paid.id) : null,
      customer_currency: balance?.currency ?? DEFAULT_CURRENCY,
      paymentGatewayEnabled: true,
    },
  };
}
