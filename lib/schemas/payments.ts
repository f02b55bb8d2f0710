// Paying chosen invoices (docs/CONTRACT.md §7.5) as the app holds it: the quote shown before
// anything happens, the payment made, and the company's settings. Plain types; the selection and
// the BFF bodies are zod/mini in payments-forms.ts.
import { MAX_PAYMENT_INVOICES } from "@billing-portal/contract/enums";

export { MAX_PAYMENT_INVOICES };

/** One invoice of a quote: open, with its balance. */
export type QuotedInvoice = {
  id: string;
  dueDate: string | null;
  balance: number;
  currency: string;
};

/** What the chosen invoices owe, before anything happens. */
export type PayQuote = {
  invoices: QuotedInvoice[];
  /** Chosen invoices left out: paid, void or nothing owing. */
  notOpen: number;
  /** More invoices than one payment may settle. */
  tooMany: boolean;
  /** One entry per currency; more than one cannot be paid together. */
  totals: { currency: string; amount: number }[];
};

export type PaymentAllocation = { invoiceId: string; amount: number; balanceAfter: number };

/** A payment just made. */
export type MadePayment = {
  id: string;
  paymentDate: string;
  amount: number;
  currency: string;
  paymentMethod: string;
  allocations: PaymentAllocation[];
};

/** The company's payment settings; null when its billing API takes no payments of chosen invoices. */
export type PaymentSettings = { partialAllowed: boolean; partialMinimum: number | null } | null;

/** An amount as typed: digits with an optional decimal sign and up to two decimals. */
const TYPED_AMOUNT = /^\d{1,10}([.,]\d{1,2})?$/;

/** A typed amount as a number (a decimal comma reads as a point); null when it is not one. */
export function parseTypedAmount(typed: string): number | null {
  const text = typed.trim();
  return TYPED_AMOUNT.test(text) ? Number(text.replace(",", ".")) : null;
}
