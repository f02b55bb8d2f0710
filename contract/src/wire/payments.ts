// Paying chosen invoices or an amount (docs/CONTRACT.md §7.5): one payment charged to a saved
// payment method and allocated to open invoices, oldest due first; exactly once per
// Idempotency-Key; a receipt per payment. Amounts are decimals with at most two places.
import { z } from "zod";
import { DECLINE_CODES, MAX_PAYMENT_INVOICES, type DeclineCode } from "../enums";
import { wireDay, wireId, wireInstant } from "./envelope";
import { named } from "./named";

export { DECLINE_CODES, MAX_PAYMENT_INVOICES, type DeclineCode };

/** Whether a number has at most two decimals (cents), floating-point noise aside. */
const inCents = (x: number) => Math.abs(x * 100 - Math.round(x * 100)) < 1e-6;

/** The header that makes a payment happen once: the same key answers the same payment again. */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const idempotencyKey = z
  .string({ error: "is required" })
  .regex(/^[A-Za-z0-9_-]{16,128}$/, { error: "must be 16 to 128 letters, digits, - or _" });

export const createPaymentBody = z.strictObject({
  invoice_ids: z
    .array(wireId)
    .min(1, { error: "must name at least one invoice" })
    .max(MAX_PAYMENT_INVOICES, { error: `must name at most ${MAX_PAYMENT_INVOICES} invoices` })
    .optional()
    .meta({ description: "The invoices to pay; absent: every open invoice" }),
  amount: z
    .number({ error: "must be a number" })
    .positive({ error: "must be above zero" })
    .max(1e12, { error: "is too large" })
    .refine(inCents, { error: "must have at most two decimals" })
    .optional()
    .meta({
      description:
        "A part of the invoices' balance, applied oldest due first; absent: their whole balance",
    }),
  payment_method_id: wireId.meta({ description: "One of the customer's saved payment methods" }),
});
export type CreatePaymentBody = z.output<typeof createPaymentBody>;

export const paymentAllocationDto = named(
  "PaymentAllocation",
  z.looseObject({
    invoice_id: wireId,
    amount: z.number().positive(),
    balance_after: z.number().nonnegative().meta({ description: "the invoice's balance after" }),
  }),
);
export type PaymentAllocationDto = z.output<typeof paymentAllocationDto>;

export const createdPaymentDto = named(
  "CreatedPayment",
  z.looseObject({
    id: wireId,
    status: z.literal("succeeded"),
    payment_date: wireDay,
    created_at: wireInstant,
    amount: z.number().positive(),
    currency: z.string().length(3),
    payment_method: z.string().max(200).meta({ description: "As the payments list shows it" }),
    payment_method_id: wireId,
    allocations: z.array(paymentAllocationDto).min(1).meta({ description: "oldest due first" }),
  }),
);
export type CreatedPaymentDto = z.output<typeof createdPaymentDto>;

export const paymentIdQuery = z.object({
  payment_id: wireId.meta({ description: "One of the customer's payments" }),
});

export const receiptUrlDto = named(
  "ReceiptUrl",
  z.looseObject({ receipt_url: z.string().max(4096) }),
);

export const payNowSetBody = z.strictObject({
  invoice_ids: createPaymentBody.shape.invoice_ids,
  amount: createPaymentBody.shape.amount,
});
export type PayNowSetBody = z.output<typeof payNowSetBody>;
