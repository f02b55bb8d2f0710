/**
 * Exactly once per Idempotency-Key (docs/CONTRACT.md §7.5): the first request with a key runs and
 * its answer (a payment or a decline) is kept with the request's fingerprint, in the same
 * transaction as the payment; a later request with the key gets that answer again, or a 409 when
 * its body differs. A refusal (400, 404) keeps nothing: it rolled back, and the same key may try
 * again once the cause is fixed. Keys are kept 24 hours, as Stripe keeps them.
 *
 * Two requests with one key at once: on PostgreSQL the second INSERT waits on the primary key
 * until the first commits, then finds its answer; PGlite runs one transaction at a time.
 */
import { createHash } from "node:crypto";
import type { Queryable } from "../db";
import { ApiError } from "../http";

export const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

export type KeptAnswer = { status: number; answer: unknown };

/** A stable fingerprint of the request body. */
export const fingerprint = (body: unknown) =>
  createHash("sha256").update(JSON.stringify(body)).digest("base64url");

/**
 * Runs `run` once per (customer, key) and keeps its answer; replays it to a request with the same
 * key and fingerprint. Call inside the transaction that `run` writes in.
 */
export async function once(
  tx: Queryable,
  customerId: string,
  key: string,
  print: string,
  now: number,
  run: () => Promise<KeptAnswer>,
): Promise<KeptAnswer & { replayed: boolean }> {
  await tx.query("DELETE FROM payment_requests WHERE created_at < $1", [
    new Date(now - KEY_LIFETIME_MS),
  ]);
  const claimed = await tx.query(
    `INSERT INTO payment_requests (customer_id, idempotency_key, fingerprint, status, answer, created_at)
     VALUES ($1, $2, $3, 0, 'null'::jsonb, $4)
     ON CONFLICT (customer_id, idempotency_key) DO NOTHING RETURNING 1`,
    [customerId, key, print, new Date(now)],
  );
  if (claimed.length === 0) {
    const [kept] = await tx.query<{ fingerprint: string; status: number; answer: unknown }>(
      `SELECT fingerprint, status, answer FROM payment_requests
        WHERE customer_id = $1 AND idempotency_key = $2`,
      [customerId, key],
    );
    if (!kept || kept.fingerprint !== print) {
      throw new ApiError(
        409,
        "idempotency_key_reused",
        "This Idempotency-Key was used for another request",
      );
    }
    return { status: kept.status, answer: kept.answer, replayed: true };
  }
  const result = await run();
  await tx.query(
    `UPDATE payment_requests SET status = $3, answer = $4::jsonb
      WHERE customer_id = $1 AND idempotency_key = $2`,
    [customerId, key, result.status, JSON.stringify(result.answer)],
  );
  return { ...result, replayed: false };
}
