/** Access and refresh tokens: rotation with an overlap window, reuse detection, revocation. */
import { randomUUID } from "node:crypto";
import type { App } from "../app";
import { hashToken, newToken } from "../crypto";
import type { Queryable } from "../db";
import { ApiError } from "../http";
import {
  markSessionsRevoked,
  startSession,
  touchSession,
  type SessionOrigin,
} from "./user-sessions";

export type TokensDto = { accessToken: string; refreshToken: string; accessTokenExpiresAt: string };

/**
 * Issues an access token and a refresh token of `familyId`. Without one, a new family is born: a
 * sign-in, recorded as a session (user-sessions.ts) with the browser's user agent and address.
 */
export async function issueTokens(
  q: Queryable,
  app: App,
  userId: string,
  familyId?: string,
  origin: SessionOrigin = { userAgent: null, ip: null },
): Promise<TokensDto> {
  const now = app.now();
  if (familyId === undefined) {
    familyId = randomUUID();
    await startSession(q, { familyId, userId, origin, now });
  }
  const accessToken = newToken();
  const refreshToken = newToken();
  const accessExpires = new Date(now + app.config.accessTokenTtlSeconds * 1000);
  const refreshExpires = new Date(now + app.config.refreshTokenTtlSeconds * 1000);
  // Housekeeping: expired access tokens are useless; refresh tokens are kept a day past expiry.
  await q.query("DELETE FROM access_tokens WHERE expires_at < $1", [new Date(now)]);
  await q.query("DELETE FROM refresh_tokens WHERE expires_at < $1", [new Date(now - 86_400_000)]);
  await q.query(
    "INSERT INTO access_tokens (token_hash, user_id, family_id, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)",
    [hashToken(accessToken), userId, familyId, accessExpires, new Date(now)],
  );
  await q.query(
    `INSERT INTO refresh_tokens (id, user_id, family_id, token_hash, expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [randomUUID(), userId, familyId, hashToken(refreshToken), refreshExpires, new Date(now)],
  );
  return { accessToken, refreshToken, accessTokenExpiresAt: accessExpires.toISOString() };
}

export type AccessTokenRow = {
  userId: string;
  expiresAt: number;
  familyId: string;
  /** When its session was last seen (epoch ms), or null for a family without a session row. */
  lastSeenAt: number | null;
};

/** An access token's user, expiry and family, or null when unknown (revoked tokens are deleted). */
export async function findAccessToken(
  q: Queryable,
  accessToken: string,
): Promise<AccessTokenRow | null> {
  const rows = await q.query<{
    user_id: string;
    expires_at: Date;
    family_id: string;
    last_seen_at: Date | null;
  }>(
    `SELECT a.user_id, a.expires_at, a.family_id, s.last_seen_at
       FROM access_tokens a LEFT JOIN user_sessions s ON s.family_id = a.family_id
      WHERE a.token_hash = $1`,
    [hashToken(accessToken)],
  );
  const row = rows[0];
  return row
    ? {
        userId: row.user_id,
        expiresAt: new Date(row.expires_at).getTime(),
        familyId: row.family_id,
        lastSeenAt: row.last_seen_at ? new Date(row.last_seen_at).getTime() : null,
      }
    : null;
}

/** Lets every access token of the user expire now; their refresh tokens stay valid. */
export async function expireUserAccessTokens(
  q: Queryable,
  now: number,
  userId: string,
): Promise<void> {
  await q.query("UPDATE access_tokens SET expires_at = $2 WHERE user_id = $1", [
    userId,
    new Date(now - 1000),
  ]);
}

/** Revokes every refresh token of a family and deletes its access tokens. */
export async function revokeFamily(q: Queryable, now: number, familyId: string): Promise<void> {
  await q.query(
    "UPDATE refresh_tokens SET revoked_at = $2 WHERE family_id = $1 AND revoked_at IS NULL",
    [familyId, new Date(now)],
  );
  await q.query("DELETE FROM access_tokens WHERE family_id = $1", [familyId]);
  await markSessionsRevoked(q, now, { familyId });
}

/** Ends every session of a user (password reset). */
export async function revokeUserTokens(q: Queryable, now: number, userId: string): Promise<void> {
  await q.query(
    "UPDATE refresh_tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL",
    [userId, new Date(now)],
  );
  await q.query("DELETE FROM access_tokens WHERE user_id = $1", [userId]);
  await markSessionsRevoked(q, now, { userId });
}

type RefreshRow = {
  id: string;
  user_id: string;
  family_id: string;
  expires_at: Date;
  rotated_at: Date | null;
  revoked_at: Date | null;
};

/**
 * Rotates a refresh token. The just-rotated token stays usable for REFRESH_OVERLAP_SECONDS after
 * its rotation (it yields another fresh pair of the same family); presenting it later revokes the
 * whole family (reuse detection).
 */
export async function refreshTokens(app: App, refreshToken: string): Promise<TokensDto> {
  const now = app.now();
  const outcome = await app.db.transaction(async (tx): Promise<TokensDto | ApiError> => {
    const rows = await tx.query<RefreshRow>(
      `SELECT id, user_id, family_id, expires_at, rotated_at, revoked_at
         FROM refresh_tokens WHERE token_hash = $1 FOR UPDATE`,
      [hashToken(refreshToken)],
    );
    const row = rows[0];
    if (!row || row.revoked_at) return new ApiError(401, "token_invalid", "Invalid refresh token");
    if (new Date(row.expires_at).getTime() <= now)
      return new ApiError(401, "token_expired", "Refresh token expired");
    if (row.rotated_at) {
      const rotatedAt = new Date(row.rotated_at).getTime();
      if (now - rotatedAt > app.config.refreshOverlapSeconds * 1000) {
        // Committed before the error is answered: the family stays revoked.
        await revokeFamily(tx, now, row.family_id);
        return new ApiError(
          401,
          "token_invalid",
          "Refresh token reuse detected; the session was ended",
        );
      }
    } else {
      await tx.query("UPDATE refresh_tokens SET rotated_at = $2 WHERE id = $1", [
        row.id,
        new Date(now),
      ]);
    }
    await touchSession(tx, row.family_id, now);
    return issueTokens(tx, app, row.user_id, row.family_id);
  });
  if (outcome instanceof ApiError) throw outcome;
  return outcome;
}

/** Logout: revokes the family of this refresh token (unknown tokens are ignored). Returns the family. */
export async function revokeRefreshToken(app: App, refreshToken: string): Promise<string | null> {
  const rows = await app.db.query<{ family_id: string }>(
    "SELECT family_id FROM refresh_tokens WHERE token_hash = $1",
    [hashToken(refreshToken)],
  );
  const family = rows[0]?.family_id ?? null;
  if (family) await app.db.transaction((tx) => revokeFamily(tx, app.now(), family));
  return family;
}

/** Revokes the family of an access token (logout without a refresh token). */
export async function revokeAccessTokenFamily(app: App, accessToken: string): Promise<void> {
  const rows = await app.db.query<{ family_id: string }>(
    "SELECT family_id FROM access_tokens WHERE token_hash = $1",
    [hashToken(accessToken)],
  );
  const family = rows[0]?.family_id;
  if (family) await app.db.transaction((tx) => revokeFamily(tx, app.now(), family));
}
