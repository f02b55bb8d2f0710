/** SQL of second factors, recovery codes and sign-in challenges (migrations/016_second_factor.sql). */
import { randomBytes } from "node:crypto";
import type { Queryable } from "../db";
import { hashToken } from "../crypto";

export type FactorRow = {
  id: string;
  user_id: string;
  kind: "totp" | "passkey";
  name: string;
  totp_secret: string | null;
  last_totp_step: number | null;
  confirmed_at: string | null;
  created_at: string;
  last_used_at: string | null;
};

const COLUMNS = `id, user_id, kind, name, totp_secret, last_totp_step::float8 AS last_totp_step,
  confirmed_at, created_at, last_used_at`;

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v === null ? null : String(v));
const row = (r: FactorRow): FactorRow => ({
  ...r,
  last_totp_step: r.last_totp_step === null ? null : Number(r.last_totp_step),
  confirmed_at: iso(r.confirmed_at),
  created_at: iso(r.created_at) ?? "",
  last_used_at: iso(r.last_used_at),
});

/** The user's factors, oldest first; `confirmed` keeps only those confirmed. */
export async function listFactorRows(
  q: Queryable,
  userId: string,
  confirmed = true,
): Promise<FactorRow[]> {
  const rows = await q.query<FactorRow>(
    `SELECT ${COLUMNS} FROM user_factors WHERE user_id = $1
       ${confirmed ? "AND confirmed_at IS NOT NULL" : ""} ORDER BY created_at, id`,
    [userId],
  );
  return rows.map(row);
}

export async function findFactor(
  q: Queryable,
  userId: string,
  id: string,
  forUpdate = false,
): Promise<FactorRow | null> {
  const [found] = await q.query<FactorRow>(
    `SELECT ${COLUMNS} FROM user_factors WHERE user_id = $1 AND id = $2 ${forUpdate ? "FOR UPDATE" : ""}`,
    [userId, id],
  );
  return found ? row(found) : null;
}

export async function insertTotpFactor(
  q: Queryable,
  userId: string,
  name: string,
  secret: string,
  now: number,
): Promise<string> {
  // One enrollment waits for its first code at a time.
  await q.query("DELETE FROM user_factors WHERE user_id = $1 AND confirmed_at IS NULL", [userId]);
  const id = `FAC-${randomBytes(9).toString("base64url")}`;
  await q.query(
    `INSERT INTO user_factors (id, user_id, kind, name, totp_secret, created_at)
     VALUES ($1, $2, 'totp', $3, $4, $5)`,
    [id, userId, name, secret, new Date(now).toISOString()],
  );
  return id;
}

/**
 * Records a code accepted in `step`, unless a code of that step or a later one was accepted
 * meanwhile (two sign-ins racing with one code): false then, and the code is refused.
 */
export async function markTotpUsed(
  q: Queryable,
  id: string,
  step: number,
  now: number,
  confirm: boolean,
): Promise<boolean> {
  const at = new Date(now).toISOString();
  const rows = await q.query(
    `UPDATE user_factors SET last_totp_step = $2, last_used_at = $3
       ${confirm ? ", confirmed_at = $3" : ""}
      WHERE id = $1 AND (last_totp_step IS NULL OR last_totp_step < $2) RETURNING 1`,
    [id, step, at],
  );
  return rows.length > 0;
}

export async function deleteFactor(q: Queryable, id: string): Promise<void> {
  await q.query("DELETE FROM user_factors WHERE id = $1", [id]);
}

// ——— Recovery codes ———

/** "xxxx-xxxx-xx": 10 characters of an alphabet without look-alikes, grouped for reading. */
function recoveryCode(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join("");
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

/** A recovery code as typed: case, spaces and dashes do not matter. */
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]+/g, "");

/** Replaces the user's recovery codes with `count` new ones; answers them (shown once). */
export async function issueRecoveryCodes(
  q: Queryable,
  userId: string,
  count: number,
): Promise<string[]> {
  await q.query("DELETE FROM user_recovery_codes WHERE user_id = $1", [userId]);
  const codes = Array.from({ length: count }, recoveryCode);
  for (const code of codes) {
    await q.query("INSERT INTO user_recovery_codes (user_id, code_hash) VALUES ($1, $2)", [
      userId,
      hashToken(normalizeRecoveryCode(code)),
    ]);
  }
  return codes;
}

export async function recoveryCodesLeft(q: Queryable, userId: string): Promise<number> {
  const [r] = await q.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM user_recovery_codes WHERE user_id = $1 AND used_at IS NULL",
    [userId],
  );
  return Number(r?.n ?? 0);
}

/** Uses up one of the user's recovery codes; false when it is not one, or was used. */
export async function consumeRecoveryCode(
  q: Queryable,
  userId: string,
  code: string,
  now: number,
): Promise<boolean> {
  const rows = await q.query(
    `UPDATE user_recovery_codes SET used_at = $3
      WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING 1`,
    [userId, hashToken(normalizeRecoveryCode(code)), new Date(now).toISOString()],
  );
  return rows.length > 0;
}

export async function deleteRecoveryCodes(q: Queryable, userId: string): Promise<void> {
  await q.query("DELETE FROM user_recovery_codes WHERE user_id = $1", [userId]);
}

// ——— Sign-in challenges ———

export async function insertChallenge(
  q: Queryable,
  userId: string,
  challenge: string,
  expiresAt: number,
  human: boolean,
): Promise<void> {
  await q.query(
    "INSERT INTO login_challenges (id_hash, user_id, expires_at, human) VALUES ($1, $2, $3, $4)",
    [hashToken(challenge), userId, new Date(expiresAt).toISOString(), human],
  );
}

/** The user a challenge was issued to, if it is unused and unexpired at `now` (locked). */
export async function findChallenge(
  q: Queryable,
  challenge: string,
  now: number,
): Promise<{ user_id: string; human: boolean } | null> {
  const [r] = await q.query<{ user_id: string; human: boolean }>(
    `SELECT user_id, human FROM login_challenges
      WHERE id_hash = $1 AND used_at IS NULL AND expires_at > $2 FOR UPDATE`,
    [hashToken(challenge), new Date(now).toISOString()],
  );
  return r ?? null;
}

export async function useChallenge(q: Queryable, challenge: string, now: number): Promise<void> {
  await q.query("UPDATE login_challenges SET used_at = $2 WHERE id_hash = $1", [
    hashToken(challenge),
    new Date(now).toISOString(),
  ]);
}
