/** E-mail tokens (invitation, reset, verify, punch-out): single-use, expiring, stored hashed. */
import { randomUUID } from "node:crypto";
import { hashToken, newToken } from "../crypto";
import type { Queryable } from "../db";

export type EmailTokenKind = "invitation" | "reset" | "verify" | "punchout";

export type EmailTokenRow = {
  id: string;
  kind: EmailTokenKind;
  email: string;
  company_id: string;
  customer_id: string | null;
  user_id: string | null;
  expires_at: Date;
  used_at: Date | null;
};

/** Stores a new token (only its hash); the token itself goes into the e-mail's link. */
export async function createEmailToken(
  q: Queryable,
  now: number,
  input: {
    kind: EmailTokenKind;
    email: string;
    companyId: string;
    customerId?: string | null;
    userId?: string | null;
    ttlSeconds: number;
  },
): Promise<{ id: string; token: string; expiresAt: Date }> {
  const id = randomUUID();
  const token = newToken();
  const expiresAt = new Date(now + input.ttlSeconds * 1000);
  await q.query(
    `INSERT INTO email_tokens (id, kind, token_hash, email, company_id, customer_id, user_id, expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      id,
      input.kind,
      hashToken(token),
      input.email,
      input.companyId,
      input.customerId ?? null,
      input.userId ?? null,
      expiresAt,
      new Date(now),
    ],
  );
  return { id, token, expiresAt };
}

/** The token row of that kind (used or not, expired or not), or null. `forUpdate` locks it (in a transaction). */
export async function findEmailToken(
  q: Queryable,
  kind: EmailTokenKind,
  token: string,
  forUpdate = false,
): Promise<EmailTokenRow | null> {
  if (!token || token.length > 512) return null;
  const rows = await q.query<EmailTokenRow>(
    `SELECT id, kind, email, company_id, customer_id, user_id, expires_at, used_at
       FROM email_tokens WHERE token_hash = $1 AND kind = $2${forUpdate ? " FOR UPDATE" : ""}`,
    [hashToken(token), kind],
  );
  return rows[0] ?? null;
}

/** Whether the token's lifetime is over. */
export const isExpired = (row: Pick<EmailTokenRow, "expires_at">, now: number) =>
  new Date(row.expires_at).getTime() <= now;
/** Neither used nor expired. */
export const isUsable = (row: Pick<EmailTokenRow, "expires_at" | "used_at">, now: number) =>
  !row.used_at && !isExpired(row, now);

/** Burns the token (a second use finds it used). */
export async function markEmailTokenUsed(q: Queryable, now: number, id: string): Promise<void> {
  await q.query("UPDATE email_tokens SET used_at = $2 WHERE id = $1 AND used_at IS NULL", [
    id,
    new Date(now),
  ]);
}
