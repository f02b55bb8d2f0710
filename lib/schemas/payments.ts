// Paying chosen invoices (docs/CONTRACT.md §7.5) as the app holds it: what the customer chose on
// the invoices list (a selection the BFF resolves to invoices), the quote shown before anything
// happens, and the payment made. zod/mini: the pay dialog validates with these, the BFF handlers
// parse with them.
import * as z from "zod/mini";
import { MAX_PAYMENT_INVOICES } from "@billing-portal/contract/enums";

export { MAX_PAYMENT_INVOICES };

const id = z.string().check(z.minLength(1), z.maxLength(200));

/**
 * The invoices chosen: rows ticked by id; every row matching the list's filters (the `filters`
 * URL parameter of the invoices list) but those unticked; the open invoices past due; or every
 * open invoice (an amount is applied to them oldest first).
 */
export const paySelectionSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("ids"), ids: z.array(id).check(z.minLength(1), z.maxLength(1000)) }),
  z.object({
    kind: z.literal("matching"),
    filters: z.string().check(z.maxLength(4000)),
    excluded: z.array(id).check(z.maxLength(1000)),
  }),
  z.object({ kind: z.literal("overdue") }),
  z.object({ kind: z.literal("open") }),
]);
export type PaySelection = z.infer<typeof paySelectionSchema>;

/** A decimal amount to the cent, above zero. */
const amount = z.number().check(
  z.positive(),
  z.lte(1e12),
  z.refine((x: number) => Math.abs(x * 100 - Math.round(x * 100)) < 1e-6),
);

/** POST /api/payments/quote */
export const quoteBodySchema = z.object({ selection: paySelectionSchema });

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

/** POST /api/payments: one payment, made once per key. */
export const payBodySchema = z.object({
  selection: paySelectionSchema,
  amount: z.optional(amount),
  paymentMethodId: id,
  idempotencyKey: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,128}$/)),
});
export type PayBody = z.infer<typeof payBodySchema>;

/** POST /api/payments/hosted: the hosted page for exactly this set. */
export const hostedPayBodySchema = z.object({
  selection: paySelectionSchema,
  amount: z.optional(amount),
});

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
