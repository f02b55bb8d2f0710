import "server-only";
import { BillingApiError, RefreshNeededError, SessionEndedError } from "./errors";
import { latestTokens, refreshTokens } from "./refresh";

// Calls with a session's tokens. Any object that holds the tokens will do (the sealed session of
// lib/session is one): the billing client knows tokens, not cookies, so it imports nothing of
// lib/session, and the session's own fields come back unchanged beside the new tokens.

/** What a call needs of a session: its tokens. */
export type TokenHolder = {
  accessToken: string;
  refreshToken: string;
  /** epoch ms */
  accessTokenExpiresAt: number;
  /** The access token's lifetime when it arrived (sessions sealed before it existed lack it). */
  accessTokenLifetimeMs?: number;
};

/** Refresh before a call when the access token expires within this many ms (at most). */
export const PROACTIVE_REFRESH_MS = 30_000;

/**
 * How long before its expiry a token is refreshed: `maxMs`, or a share of its lifetime when that is
 * shorter. A fixed margin as long as the lifetime itself (a billing API configured with 30-second
 * tokens) would refresh on every request: 32 refreshes per session in a minute of the load bench,
 * instead of two or three.
 */
export function refreshMarginMs(holder: TokenHolder, maxMs: number, share: number): number {
  const lifetime = holder.accessTokenLifetimeMs;
  return lifetime && lifetime > 0 ? Math.min(maxMs, lifetime * share) : maxMs;
}

export type AuthedResult<T, S extends TokenHolder = TokenHolder> = {
  result: T;
  session: S;
  refreshed: boolean;
};

/** The session with the newest tokens this process already rotated it to, or null when there are none. */
export function adoptRotation<S extends TokenHolder>(session: S): S | null {
  const tokens = latestTokens(session.refreshToken);
  return tokens ? { ...session, ...tokens } : null;
}

/**
 * The session with fresh tokens. A refresh the upstream refuses (4xx) ends the session; an upstream
 * outage (5xx, timeout) is passed on as is, so a blip does not sign anybody out.
 */
export async function refreshSession<S extends TokenHolder>(
  session: S,
  options: { clientIp?: string } = {},
): Promise<S> {
  try {
    const tokens = await refreshTokens(session.refreshToken, options);
    return { ...session, ...tokens };
  } catch (err) {
    if (err instanceof BillingApiError && err.status >= 400 && err.status < 500) {
      throw new SessionEndedError("refresh refused");
    }
    throw err;
  }
}

/** How a call may refresh: `refresh: false` where the refreshed session could not be saved. */
export type CallOptions = { clientIp?: string; now?: number; refresh?: boolean };

/**
 * Runs fn with the session's access token: refreshes first when it expires within 30 s, and once
 * more after a 401 (then retries once; never a loop). Returns the possibly updated session so the
 * caller can re-seal the cookie. Throws SessionEndedError when the session cannot be used.
 *
 * With `refresh: false` (page renders) it never refreshes: the token is used while it lasts (the
 * proxy refreshes a minute before it expires) and a 401 throws RefreshNeededError.
 */
export async function callWithSession<T, S extends TokenHolder>(
  session: S,
  fn: (accessToken: string, session: S) => Promise<T>,
  options: CallOptions = {},
): Promise<AuthedResult<T, S>> {
  // Tokens another request of this process already rotated to come first.
  const adopted = adoptRotation(session);
  let current = adopted ?? session;
  let refreshedNow = false;
  const mayRefresh = options.refresh !== false;
  if (
    mayRefresh &&
    current.accessTokenExpiresAt - (options.now ?? Date.now()) <
      refreshMarginMs(current, PROACTIVE_REFRESH_MS, 1 / 6)
  ) {
    current = await refreshSession(current, options);
    refreshedNow = true;
  }
  try {
    const result = await fn(current.accessToken, current);
    return { result, session: current, refreshed: refreshedNow || adopted !== null };
  } catch (err) {
    if (!(err instanceof BillingApiError) || err.status !== 401) throw err;
    // A token we have just been given is refused: refreshing again would not change that.
    if (refreshedNow) throw new SessionEndedError("401 after refresh");
    if (!mayRefresh) throw new RefreshNeededError();
  }
  current = await refreshSession(current, options);
  try {
    return { result: await fn(current.accessToken, current), session: current, refreshed: true };
  } catch (err) {
    if (err instanceof BillingApiError && err.status === 401)
      throw new SessionEndedError("401 after refresh");
    throw err;
  }
}
