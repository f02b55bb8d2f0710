/**
 * The statement PDF: one period of the customer's account. Opening balance = invoices (not void)
 * dated before the period minus succeeded payments dated before it; the period's invoices add,
 * its payments subtract; closing = opening + invoices − payments. Amounts are those in the
 * customer's currency (the one most of its invoices use).
 */
import type { Queryable } from "../../db";
import { easternDate } from "../../lists/business-day";
import { displayStatus, formatDay, formatMoney } from "../display";
import type { PdfFonts } from "./fonts";
import { DocumentPen } from "./layout";

export type StatementDocument = {
  id: string;
  customer_id: string;
  customer_name: string;
  account_number: string;
  company_name: string;
  statement_date: string;
  start_date: string;
  end_date: string;
  currency: string;
  opening: number;
  invoices: { id: string; date: string; due: string; status: string; amount: string }[];
  payments: { id: string; date: string; method: string; amount: string }[];
};

type Header = Omit<StatementDocument, "currency" | "opening" | "invoices" | "payments">;

/** Everything the statement PDF prints, or null for an unknown statement. */
export async function loadStatementDocument(
  db: Queryable,
  statementId: string,
): Promise<StatementDocument | null> {
  const [s] = await db.query<Header>(
    `SELECT s.id, s.customer_id, s.customer_name, c.customer_id AS account_number,
            co.name AS company_name, to_char(s.statement_date, 'YYYY-MM-DD') AS statement_date,
            to_char(s.start_date, 'YYYY-MM-DD') AS start_date,
            to_char(s.end_date, 'YYYY-MM-DD') AS end_date
       FROM statements s
       JOIN customers c ON c.id = s.customer_id
       JOIN companies co ON co.id = c.company_id
      WHERE s.id = $1`,
    [statementId],
  );
  if (!s) return null;
  const [currencyRow] = await db.query<{ currency: string }>(
    `SELECT currency FROM invoices WHERE customer_id = $1
      GROUP BY currency ORDER BY count(*) DESC, currency COLLATE "C" LIMIT 1`,
    [s.customer_id],
  );
  const currency = currencyRow?.currency ?? "USD";
  const [opening] = await db.query<{ invoiced: string; paid: string }>(
    `SELECT (SELECT COALESCE(sum(invoice_amount), 0)::text FROM invoices
              WHERE customer_id = $1 AND currency = $2 AND status <> 'Void'
                AND invoice_date < $3::date) AS invoiced,
            (SELECT COALESCE(sum(payment_amount), 0)::text FROM payments
              WHERE customer_id = $1 AND currency = $2 AND status = 'succeeded'
                AND payment_date < $3::date) AS paid`,
    [s.customer_id, currency, s.start_date],
  );
  const invoices = await db.query<StatementDocument["invoices"][number]>(
    `SELECT id, to_char(invoice_date, 'YYYY-MM-DD') AS date, to_char(due_date, 'YYYY-MM-DD') AS due,
            status, invoice_amount::text AS amount
       FROM invoices
      WHERE customer_id = $1 AND currency = $2 AND status <> 'Void'
        AND invoice_date BETWEEN $3::date AND $4::date
      ORDER BY invoice_date, id`,
    [s.customer_id, currency, s.start_date, s.end_date],
  );
  const payments = await db.query<StatementDocument["payments"][number]>(
    `SELECT id, to_char(payment_date, 'YYYY-MM-DD') AS date, payment_method AS method,
            payment_amount::text AS amount
       FROM payments
      WHERE customer_id = $1 AND currency = $2 AND status = 'succeeded'
        AND payment_date BETWEEN $3::date AND $4::date
      ORDER BY payment_date, id`,
    [s.customer_id, currency, s.start_date, s.end_date],
  );
  return {
    ...s,
    currency,
    opening: Number(opening?.invoiced ?? 0) - Number(opening?.paid ?? 0),
    invoices,
    payments,
  };
}

const sum = (rows: { amount: string }[]) => rows.reduce((total, r) => total + Number(r.amount), 0);

/** The closing balance: opening plus the period's invoices minus its payments (cent-exact). */
export function closingBalance(s: StatementDocument): number {
  return Math.round((s.opening + sum(s.invoices) - sum(s.payments)) * 100) / 100;
}

/** Draws the statement; the returned document streams as it is read. */
export function renderStatementPdf(
  s: StatementDocument,
  now: number,
  fonts?: PdfFonts,
): PDFKit.PDFDocument {
  const money = (v: string | number) => formatMoney(Number(v), s.currency);
  const period = `${formatDay(s.start_date)} – ${formatDay(s.end_date)}`;
  const pen = new DocumentPen(`Statement ${s.id}`, s.company_name, fonts);
  pen.heading(s.company_name, `Statement ${s.id}`, `Currency: ${s.currency}`);
  pen.fields([
    ["Customer", s.customer_name],
    ["Account number", s.account_number],
    ["Statement date", formatDay(s.statement_date)],
    ["Period", period],
  ]);
  pen.section("Summary");
  pen.totals([
    ["Opening balance", money(s.opening)],
    ["Invoices this period", money(sum(s.invoices))],
    ["Payments this period", money(-sum(s.payments))],
    ["Closing balance", money(closingBalance(s)), true],
  ]);
  pen.section("Invoices");
  pen.table(
    [
      { header: "Invoice", width: 110 },
      { header: "Date", width: 100 },
      { header: "Due", width: 100 },
      { header: "Status", width: 82 },
      { header: "Amount", width: 120, align: "right" },
    ],
    s.invoices.map((i) => [
      i.id,
      formatDay(i.date),
      formatDay(i.due),
      displayStatus("invoices", i.status),
      money(i.amount),
    ]),
    "No invoices in this period.",
  );
  pen.section("Payments");
  pen.table(
    [
      { header: "Payment", width: 110 },
      { header: "Date", width: 100 },
      { header: "Method", width: 182 },
      { header: "Amount", width: 120, align: "right" },
    ],
    s.payments.map((p) => [p.id, formatDay(p.date), p.method, money(p.amount)]),
    "No payments in this period.",
  );
  return pen.end(
    `Generated on ${formatDay(easternDate(now))} by the billing API sandbox. Dates are US Eastern days.`,
  );
}
