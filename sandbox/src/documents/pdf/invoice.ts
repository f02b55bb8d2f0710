/** The invoice PDF: the invoice as the portal shows it, its usage lines and the payments applied. */
import type { Queryable } from "../../db";
import { easternDate } from "../../lists/business-day";
import { OPEN_INVOICE_STATUSES } from "../../lists/rows";
import { displayStatus, formatDay, formatMoney } from "../display";
import type { PdfFonts } from "./fonts";
import { DocumentPen } from "./layout";

/** Usage lines printed on one invoice; the rest are counted, not listed. */
export const MAX_INVOICE_LINES = 500;

export type InvoiceDocument = {
  id: string;
  customer_id: string;
  invoice_date: string;
  due_date: string;
  invoice_amount: string;
  balance: string;
  status: string;
  currency: string;
  salesforce_id: string | null;
  customer_name: string;
  account_number: string;
  company_name: string;
  lines: { date: string; description: string; quantity: string; unit: string }[];
  moreLines: number;
  payments: { id: string; date: string; method: string; amount: string }[];
};

/** An invoice of this customer exists (the scope check of getPdfUrl). */
export async function customerHasInvoice(
  db: Queryable,
  customerId: string,
  invoiceId: string,
): Promise<boolean> {
  const rows = await db.query("SELECT 1 FROM invoices WHERE id = $1 AND customer_id = $2", [
    invoiceId,
    customerId,
  ]);
  return rows.length > 0;
}

/** Everything the invoice PDF prints, or null for an unknown invoice. */
export async function loadInvoiceDocument(
  db: Queryable,
  invoiceId: string,
): Promise<InvoiceDocument | null> {
  const [invoice] = await db.query<Omit<InvoiceDocument, "lines" | "moreLines" | "payments">>(
    `SELECT i.id, i.customer_id, to_char(i.invoice_date, 'YYYY-MM-DD') AS invoice_date,
            to_char(i.due_date, 'YYYY-MM-DD') AS due_date, i.invoice_amount::text AS invoice_amount,
            i.balance::text AS balance, i.status, i.currency, i.salesforce_id,
            c.name AS customer_name, c.customer_id AS account_number, co.name AS company_name
       FROM invoices i
       JOIN customers c ON c.id = i.customer_id
       JOIN companies co ON co.id = c.company_id
      WHERE i.id = $1`,
    [invoiceId],
  );
  if (!invoice) return null;
  const lines = await db.query<InvoiceDocument["lines"][number]>(
    `SELECT to_char(date, 'YYYY-MM-DD') AS date, description, quantity::text AS quantity,
            unit_of_measure AS unit
       FROM usages WHERE customer_id = $1 AND invoice_id = $2
      ORDER BY date, id LIMIT ${MAX_INVOICE_LINES + 1}`,
    [invoice.customer_id, invoice.id],
  );
  let moreLines = 0;
  if (lines.length > MAX_INVOICE_LINES) {
    lines.length = MAX_INVOICE_LINES;
    const [count] = await db.query<{ n: string }>(
      "SELECT count(*)::text AS n FROM usages WHERE customer_id = $1 AND invoice_id = $2",
      [invoice.customer_id, invoice.id],
    );
    moreLines = Number(count?.n ?? 0) - MAX_INVOICE_LINES;
  }
  const payments = await db.query<InvoiceDocument["payments"][number]>(
    `SELECT p.id, to_char(p.payment_date, 'YYYY-MM-DD') AS date, p.payment_method AS method,
            a.amount::text AS amount
       FROM payment_applications a JOIN payments p ON p.id = a.payment_id
      WHERE a.invoice_id = $1
      ORDER BY p.payment_date, p.id`,
    [invoice.id],
  );
  return { ...invoice, lines, moreLines, payments };
}

/** Trailing zeros of a stored quantity dropped (12.5000 → 12.5). */
const quantity = (q: string) => (q.includes(".") ? q.replace(/\.?0+$/, "") : q);

/** Draws the invoice; the returned document streams as it is read. `now` dates the footer and the overdue rule. */
export function renderInvoicePdf(
  invoice: InvoiceDocument,
  now: number,
  fonts?: PdfFonts,
): PDFKit.PDFDocument {
  const money = (v: string | number) => formatMoney(Number(v), invoice.currency);
  const today = easternDate(now);
  const open = (OPEN_INVOICE_STATUSES as readonly string[]).includes(invoice.status);
  const overdue = open && invoice.due_date < today;
  const pen = new DocumentPen(`Invoice ${invoice.id}`, invoice.company_name, fonts);
  pen.heading(invoice.company_name, `Invoice ${invoice.id}`, `Currency: ${invoice.currency}`);
  pen.fields([
    ["Bill to", invoice.customer_name],
    ["Account number", invoice.account_number],
    ["Invoice number", invoice.id],
    ["Invoice date", formatDay(invoice.invoice_date)],
    ["Due date", formatDay(invoice.due_date)],
    ["Status", `${displayStatus("invoices", invoice.status)}${overdue ? " (overdue)" : ""}`],
    ...(invoice.salesforce_id ? [["Reference", invoice.salesforce_id] as [string, string]] : []),
  ]);

  pen.section("Charges");
  pen.table(
    [
      { header: "Description", width: 392 },
      { header: "Amount", width: 120, align: "right" },
    ],
    [[`Services billed ${formatDay(invoice.invoice_date)}`, money(invoice.invoice_amount)]],
  );
  const paid = invoice.payments.reduce((sum, p) => sum + Number(p.amount), 0);
  pen.totals([
    ["Invoice total", money(invoice.invoice_amount), true],
    ["Payments applied", money(-paid)],
    ["Balance due", money(invoice.balance), true],
  ]);

  pen.section("Payments applied");
  pen.table(
    [
      { header: "Payment", width: 110 },
      { header: "Date", width: 100 },
      { header: "Method", width: 182 },
      { header: "Amount", width: 120, align: "right" },
    ],
    invoice.payments.map((p) => [p.id, formatDay(p.date), p.method, money(p.amount)]),
    "No payments have been applied to this invoice.",
  );

  if (invoice.lines.length > 0) {
    pen.section("Usage billed on this invoice");
    pen.table(
      [
        { header: "Date", width: 90 },
        { header: "Description", width: 262 },
        { header: "Quantity", width: 90, align: "right" },
        { header: "Unit", width: 70 },
      ],
      invoice.lines.map((l) => [formatDay(l.date), l.description, quantity(l.quantity), l.unit]),
    );
    if (invoice.moreLines > 0) {
      pen.text(`… and ${invoice.moreLines} more usage records (see the Usages list).`, {
        size: 9,
      });
    }
  }
  return pen.end(
    `Generated on ${formatDay(today)} by the billing API sandbox. Dates are US Eastern days.`,
  );
}
