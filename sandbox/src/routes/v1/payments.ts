/**
 * /v1/payments: paying chosen invoices or an amount with a saved method, or on the hosted page
 * for exactly that set (CONTRACT.md §7.5, §5 "Pay-now page").
 */
import { createPayment as createPaymentOperation } from "@billing-portal/contract/operations/payments";
import {
  IDEMPOTENCY_HEADER,
  createPaymentBody,
  payNowSetBody,
} from "@billing-portal/contract/wire/payments";
import { Hono } from "hono";
import { jsonBody, readJsonBody } from "../../body";
import { payNowSetUrl } from "../../documents/pay-now/set-page";
import type { SandboxEnv } from "../../env";
import { ApiError, parseWith } from "../../http";
import { requireCustomer } from "../../middleware/auth";
import { createPayment, paymentSettings } from "../../payments/create";
import { fingerprint, once } from "../../payments/idempotency";
import { createPayNowSet } from "../../payments/pay-now-sets";
import { envelope, errorEnvelope } from "../../respond";
import { accountScope, pageLinks } from "./account-context";

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

// POST /v1/payments/pay_now_url {invoice_ids?, amount?} – {payNowUrl}: the signed page of exactly
// that set, after the refusals of POST /v1/payments; charges nothing
paymentRoutes.post("/payments/pay_now_url", requireCustomer, async (c) => {
  const { db, now } = c.var.app;
  const scope = accountScope(c);
  await paymentSettings(db, scope.companyId);
  // No body reads as {}: every open invoice, in full.
  const body = parseWith(payNowSetBody, (await readJsonBody(c)) ?? {});
  const links = pageLinks(c, c.var.app);
  const setId = await db.transaction((tx) => createPayNowSet(tx, scope, body, now()));
  return envelope(c, { payNowUrl: payNowSetUrl(links, scope.customerId, setId) });
});
