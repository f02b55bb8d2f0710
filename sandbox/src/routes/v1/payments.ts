/** /v1/payments: paying chosen invoices or an amount with a saved method (CONTRACT.md §7.5). */
import { createPayment as createPaymentOperation } from "@billing-portal/contract/operations/payments";
import { IDEMPOTENCY_HEADER, createPaymentBody } from "@billing-portal/contract/wire/payments";
import { Hono } from "hono";
import { jsonBody } from "../../body";
import type { SandboxEnv } from "../../env";
import { ApiError, parseWith } from "../../http";
import { requireCustomer } from "../../middleware/auth";
import { createPayment, paymentSettings } from "../../payments/create";
import { fingerprint, once } from "../../payments/idempotency";
import { envelope, errorEnvelope } from "../../respond";
import { accountScope } from "./account-context";

export const paymentRoutes = new Hono<SandboxEnv>();

// POST /v1/payments {invoice_ids?, amount?, payment_method_id} + Idempotency-Key – 201 {payment};
// 402 a decline, replayed to the same key as the payment is
paymentRoutes.post("/payments", requireCustomer, async (c) => {
  const { db, now } = c.var.app;
  const scope = accountScope(c);
  await paymentSettings(db, scope.companyId);
  const headers = parseWith(createPaymentOperation.headers, {
    [IDEMPOTENCY_HEADER]: c.req.header(IDEMPOTENCY_HEADER),
  });
  const key = headers[IDEMPOTENCY_HEADER];
  const body = await jsonBody(c, createPaymentBody);
  const at = now();
  const kept = await db.transaction((tx) =>
    once(tx, scope.customerId, key, fingerprint(body), at, async () => {
      const result = await createPayment(tx, scope, body, at);
      return result.status === 201
        ? { status: 201, answer: result.payment }
        : { status: 402, answer: { errorCode: result.errorCode, error: result.error } };
    }),
  );
  if (kept.replayed) c.header("Idempotent-Replayed", "true");
  if (kept.status === 201) return envelope(c, kept.answer, 201);
  const { errorCode, error } = kept.answer as { errorCode: string; error: string };
  return errorEnvelope(c, new ApiError(402, errorCode, error));
});
