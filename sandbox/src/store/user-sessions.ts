/**
 * Sessions the customer can see (issue 34 §2, docs/CONTRACT.md §1 "Sessions"): one row per
 * refresh-token family, born at sign-in, seen again when its tokens are used, revoked with them.
 */
import { createHash } from "node:crypto";
import type { SessionDto } from "@billing-portal/contract/wire/sessions";
import type { Queryable } from "../db";

/** The browser behind a sign-in, as the portal forwarded it. */
export type SessionOrigin = { userAgent: string | null; ip: string | null };

/** last_seen_at is written at most this often per family (every request would be a write). */
export const LAST_SEEN_EVERY_MS = 60_000;

/** The public id of a session: a hash of its family, so nothing of the token store leaves. */
export function sessionId(familyId: string): string {
  return createHash("sha256").update(`session:${familyId}`, "utf8").digest("hex").slice(0, 32);
}

/** Records a new family's sign-in. */
export async function startSession(
  q: Queryable,
  input: { familyId: string; userId: string; origin: SessionOrigin; now: number },
): Promise<void> {
  const at = new Date(input.now);
  // Housekeeping: sessions signed out more than a day ago are of no further use.
  await q.query("DELETE FROM user_sessions WHERE user_id = $1 AND revoked_at < $2", [
    input.userId,
    new Date(input.now - 86_400_000),
  ]);
  await q.query(
    `INSERT INTO user_sessions (family_id, user_id, user_agent, ip, created_at, last_seen_at)
     VALUES ($1, $2, $3, $4, $5, $5)`,
    [
      input.familyId,
      input.userId,
      input.origin.userAgent?.slice(0, 512) ?? null,
      input.origin.ip?.slice(0, 100) ?? null,
      at,
    ],
  );
}

/** Moves a session's last_seen_at to `now`, unless it moved less than a minute ago. */
export async function touchSession(q: Queryable, familyId: string, now: number): Promise<void> {
  await q.query(
    "UPDATE user_sessions SET last_seen_at = $2 WHERE family_id = $1 AND last_seen_at <= $3",
    [familyId, new Date(now), new Date(now - LAST_SEEN_EVERY_MS)],
  );
}

/** Marks the sessions of one family, or of one user, signed out. */
export async function markSessionsRevoked(
  q: Queryable,
  now: number,
  which: { familyId: string } | { userId: string; exceptFamilyId?: string | null },
): Promise<void> {
  if ("familyId" in which) {
    await q.query(
      "UPDATE user_sessions SET revoked_at = $2 WHERE family_id = $1 AND revoked_at IS NULL",
      [which.familyId, new Date(now)],
    );
    return;
  }
  await q.query(
    `UPDATE user_sessions SET revoked_at = $3
      WHERE user_id = $1 AND revoked_at IS NULL AND family_id IS DISTINCT FROM $2`,
    [which.userId, which.exceptFamilyId ?? null, new Date(now)],
  );
}

type SessionRow = {
  family_id: string;
  user_agent: string | null;
  ip: string | null;
  created_at: Date;
  last_seen_at: Date;
};

/**
 * The user's live sessions, last seen first: not signed out, with a refresh token neither revoked
 * nor expired. `currentFamilyId` (the caller's) is marked current.
 */
export async function listSessions(
  q: Queryable,
  userId: string,
  currentFamilyId: string,
  now: number,
): Promise<SessionDto[]> {
  const rows = await q.query<SessionRow>(
    `SELECT s.family_id, s.user_agent, s.ip, s.created_at, s.last_seen_at
       FROM user_sessions s
      WHERE s.user_id = $1 AND s.revoked_at IS NULL
        AND EXISTS (SELECT 1 FROM refresh_tokens r
                     WHERE r.family_id = s.family_id AND r.revoked_at IS NULL AND r.expires_at > $2)
      ORDER BY s.last_seen_at DESC, s.created_at DESC, s.family_id
      LIMIT 100`,
    [userId, new Date(now)],
  );
  return rows.map((row) => ({
    id: sessionId(row.family_id),
    user_agent: row.user_agent,
    ip: row.ip,
    created_at: new Date(row.created_at).toISOString(),
    last_seen_at: new Date(row.last_seen_at).toISOString(),
    current: row.family_id === currentFamilyId,
  }));
}

/**
 * Signs out every other session of the user: the refresh tokens of each live family but
 * `keepFamilyId` are revoked and their access tokens deleted, so the next call of another browser
 * is a 401 and its refresh is refused. Answers how many live sessions ended.
 */
export async function revokeOtherSessions(
  q: Queryable,
  userId: string,
  keepFamilyId: string,
  now: number,
): Promise<number> {
  const at = new Date(now);
  const live = await q.query<{ family_id: string }>(
    `SELECT DISTINCT family_id FROM refresh_tokens
      WHERE user_id = $1 AND family_id <> $2 AND revoked_at IS NULL AND expires_at > $3`,
    [userId, keepFamilyId, at],
  );
  await q.query(
    `UPDATE refresh_tokens SET revoked_at = $3
      WHERE user_id = $1 AND family_id <> $2 AND revoked_at IS NULL`,
    [userId, keepFamilyId, at],
  );
  await q.query("DELETE FROM access_tokens WHERE user_id = $1 AND family_id <> $2", [
    userId,
    keepFamilyId,
  ]);
  await markSessionsRevoked(q, now, { userId, exceptFamilyId: keepFamilyId });
  return live.length;
}

/** The family of one of the user's live sessions, by its public id, or null. */
export async function findLiveSessionFamily(
  q: Queryable,
  userId: string,
  id: string,
  now: number,
): Promise<string | null> {
  const rows = await q.query<{ family_id: string }>(
    `SELECT s.family_id FROM user_sessions s
      WHERE s.user_id = $1 AND s.revoked_at IS NULL
        AND EXISTS (SELECT 1 FROM refresh_tokens r
                     WHERE r.family_id = s.family_id AND r.revoked_at IS NULL AND r.expires_at > $2)`,
    [userId, new Date(now)],
  );
  return rows.find((row) => sessionId(row.family_id) === id)?.family_id ?? null;
}
