// Paying chosen invoices: what the customer chose on the invoices list (a selection the BFF
// resolves to invoices) and the BFF's bodies, as zod/mini (the BFF handlers parse with these).
import * as z from "zod/mini";

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
