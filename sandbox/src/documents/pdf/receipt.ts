/**
 * The receipt PDF of one payment (CONTRACT.md §5 "Payment receipts"): who paid, when and how, the
 * invoices it applies to in the order of its applications, and what it amounts to. A payment that
 * did not succeed still has a receipt, which says so before anything else (docs/DECISIONS.md).
 */
import type { Queryable } from "../../db";
import { easternDate } from "../../lists/business-day";
import { displayStatus, formatDay, formatMoney } from "../display";
import type { PdfFonts } from "./fonts";
import { DocumentPen } from "./layout";

export type PaymentStatus = "succeeded" | "failed" | "pending" | "refunded";

export type ReceiptDocument = {
  id: string;
  customer_id: string;
  payment_date: string;
  payment_method: string;
  payment_amount: string;
  status: PaymentStatus;
  applied_amount: string;
  unapplied_amount: string;
  refunded_amount: string;
  currency: string;
  customer_name: string;
  account_number: string;
  company_name: string;
  allocations: {
    invoice_id: string;
    invoice_date: string;
    invoice_amount: string;
    invoice_currency: string;
    amount: string;
  }[];
};

/** Where a payment's receipt lives (signed before use). */
export const receiptPdfPath = (paymentId: string) =>
  `/files/receipts/${encodeURIComponent(paymentId)}.pdf`;

/** The name the browser saves a receipt under. */
export const receiptFileName = (paymentId: string) => `receipt-${paymentId}.pdf`;

/** A payment of this customer exists (the scope check of getReceiptUrl). */
export async function customerHasPayment(
  db: Queryable,
  customerId: string,
  paymentId: string,
): Promise<boolean> {
  const rows = await db.query("SELECT 1 FROM payments WHERE id = $1 AND customer_id = $2", [
    paymentId,
    customerId,
  ]);
  return rows.length > 0;
}

/** Everything the receipt prints, or null for an unknown payment. */
export async function loadReceiptDocument(
  db: Queryable,
  paymentId: string,
): Promise<ReceiptDocument | null> {
  const [payment] = await db.query<Omit<ReceiptDocument, "allocations">>(
    `SELECT p.id, p.customer_id, to_char(p.payment_date, 'YYYY-MM-DD') AS payment_date,
            p.payment_method, p.payment_amount::text AS payment_amount, p.status,
            p.applied_amount::text AS applied_amount, p.unapplied_amount::text AS unapplied_amount,
            p.refunded_amount::text AS refunded_amount, p.currency,
            c.name AS customer_name, c.customer_id AS account_number, co.name AS company_name
       FROM payments p
       JOIN customers c ON c.id = p.customer_id
       JOIN companies co ON co.id = c.company_id
      WHERE p.id = $1`,
    [paymentId],
  );
  if (!payment) return null;
  const allocations = await db.query<ReceiptDocument["allocations"][number]>(
    `SELECT a.invoice_id, to_char(i.invoice_date, 'YYYY-MM-DD') AS invoice_date,
            i.invoice_amount::text AS invoice_amount, i.currency AS invoice_currency,
            a.amount::text AS amount
       FROM payment_applications a JOIN invoices i ON i.id = a.invoice_id
      WHERE a.payment_id = $1
      ORDER BY a.position, a.invoice_id`,
    [payment.id],
  );
  return { ...payment, allocations };
}

type StatusWords = { status: string; notice?: string; unpaidLabel?: string };

/**
 * What a status means to the customer: the words after the status, a notice above the figures
 * when the payment is not simply paid, and the label of its amount when nothing was paid.
 */
function statusWords(receipt: ReceiptDocument, money: (v: string) => string): StatusWords {
  switch (receipt.status) {
    case "failed":
      return {
        status: " — nothing was charged",
        notice: "This payment failed: nothing was charged and no invoice was paid by it.",
        unpaidLabel: "Amount attempted",
      };
    case "pending":
      return {
        status: " — not settled yet",
        notice:
          "This payment has not been settled yet, so this receipt is not a proof of payment: nothing counts as paid until it succeeds.",
        unpaidLabel: "Amount pending",
      };
    case "refunded":
      return {
        status: ` — ${money(receipt.refunded_amount)} returned`,
        notice: `This payment was refunded: ${money(receipt.refunded_amount)} was returned to the payment method.`,
      };
    default:
      return { status: "" };
  }
}

/** Whether the payment's amount was taken from the customer (a refund gives some or all back). */
const wasCharged = (status: PaymentStatus) => status === "succeeded" || status === "refunded";

/** Draws the receipt; the returned document streams as it is read. `now` dates the footer. */
export function renderReceiptPdf(
  receipt: ReceiptDocument,
  now: number,
  fonts?: PdfFonts,
): PDFKit.PDFDocument {
  const money = (v: string | number, currency = receipt.currency) =>
    formatMoney(Number(v), currency);
  const words = statusWords(receipt, money);
  const pen = new DocumentPen(`Receipt ${receipt.id}`, receipt.company_name, fonts);
  pen.heading(receipt.company_name, `Receipt ${receipt.id}`, `Currency: ${receipt.currency}`);
  pen.fields([
    ["Received from", receipt.customer_name],
    ["Account number", receipt.account_number],
    ["Payment number", receipt.id],
    ["Payment date", formatDay(receipt.payment_date)],
    ["Payment method", receipt.payment_method],
    ["Status", `${displayStatus("payments", receipt.status)}${words.status}`],
  ]);
  if (words.notice) {
    pen.gap(0.5);
    pen.text(words.notice, { bold: true });
  }

  pen.section("Allocations");
  pen.table(
    [
      { header: "Invoice", width: 120 },
      { header: "Invoice date", width: 100 },
      { header: "Invoice total", width: 140, align: "right" },
      { header: "Amount applied", width: 152, align: "right" },
    ],
    receipt.allocations.map((a) => [
      a.invoice_id,
      formatDay(a.invoice_date),
      money(a.invoice_amount, a.invoice_currency),
      money(a.amount),
    ]),
    "This payment is not applied to any invoice.",
  );

  const charged = wasCharged(receipt.status);
  const refunded = Number(receipt.refunded_amount);
  pen.gap(0.5);
  pen.totals([
    ...(words.unpaidLabel
      ? [[words.unpaidLabel, money(receipt.payment_amount)] as [string, string]]
      : []),
    ["Total paid", money(charged ? receipt.payment_amount : 0), true],
    ["Applied to invoices", money(receipt.applied_amount)],
    ["Unapplied", money(receipt.unapplied_amount)],
    ...(refunded !== 0 ? [["Refunded", money(-refunded)] as [string, string]] : []),
  ]);
  return pen.end(
    `Generated on ${formatDay(easternDate(now))} by the billing API sandbox. Dates are US Eastern days.`,
  );
}
