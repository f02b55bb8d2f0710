// Paying chosen invoices or an amount with a saved payment method, and the receipts
// (docs/CONTRACT.md §7.5). Optional: a billing API without them leaves `payments` out of the
// portal configuration, answers 404 here, and the portal pays through the hosted page alone.
import { z } from "zod";
import { defineOperation } from "../operation";
import {
  IDEMPOTENCY_HEADER,
  createPaymentBody,
  createdPaymentDto,
  idempotencyKey,
  payNowSetBody,
  paymentIdQuery,
  receiptUrlDto,
} from "../wire/payments";
import { payNowUrlDto } from "../wire/lists";

const base = { tag: "payments", auth: "bearer", optional: true } as const;

export const createPayment = defineOperation({
  ...base,
  id: "createPayment",
  method: "post",
  path: "/v1/payments",
  summary: "Charge a saved payment method for chosen invoices or an amount, exactly once",
  description:
    "One payment, allocated to the chosen open invoices (all open ones without invoice_ids) oldest due first. The same Idempotency-Key with the same body answers the first answer again, declines included; with another body it is a 409 idempotency_key_reused. Refusals charge nothing: 400 amount_above_balance, amount_below_minimum, partial_payments_disabled, invoice_not_open, mixed_currencies, nothing_to_pay, payment_method_unusable; 404 for an invoice or payment method not the customer's; 402 when the provider declines.",
  headers: z.object({ [IDEMPOTENCY_HEADER]: idempotencyKey }),
  body: createPaymentBody,
  data: createdPaymentDto,
  status: 201,
  errors: [400, 401, 402, 404, 409, 422],
});

export const getPaymentReceiptUrl = defineOperation({
  ...base,
  id: "getPaymentReceiptUrl",
  method: "get",
  path: "/v1/payments/getReceiptUrl",
  summary: "A signed, expiring link to the receipt PDF of one of the customer's payments",
  query: paymentIdQuery,
  data: receiptUrlDto,
  errors: [400, 401, 404],
});

export const createPayNowUrl = defineOperation({
  ...base,
  id: "createPayNowUrl",
  method: "post",
  path: "/v1/payments/pay_now_url",
  summary: "The hosted pay-now page for exactly these invoices, or this amount (signed, expiring)",
  description:
    "The page shows the chosen open invoices (all open ones without invoice_ids) and the amount, takes a card, and pays them as POST /v1/payments would: the same refusals (400, 404) are answered here before any page exists; a decline is shown on the page and allocates nothing.",
  body: payNowSetBody,
  data: payNowUrlDto,
  errors: [400, 401, 404, 422],
});
