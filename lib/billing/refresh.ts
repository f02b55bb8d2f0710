import "server-only";
import { billingRequest } from "./client";
import { reshapeTokens, type Tokens } from "./dto";

// Single-flight token refresh per session (SECURITY.md §5): concurrent callers holding the same
// refresh token share one POST /v1/auth/refresh-tokens. The map lives on globalThis because
// proxy.ts and the route handlers are bundled separately but run in one Node.js process.

type Entry = { promise: Promise<Tokens>; settledAt: number | null };

/**
 * After success the answer is reused briefly, so requests that raced with the refresh (still
 * carrying the old cookie) get the same new tokens instead of forking the token family. Shorter than
 * the upstream's overlap window (REFRESH_OVERLAP_SECONDS, 10 s).
 */
export const REFRESH_REUSE_MS = 5_000;

const KEY = Symbol.for("billing-portal.refresh.inflight");
const store = globalThis as typeof globalThis & { [KEY]?: Map<string, Entry> };

function inflight(): Map<string, Entry> {
  return (store[KEY] ??= new Map());
}

function prune(now: number): void {
  for (const [key, entry] of inflight()) {
    if (entry.settledAt !== null && now - entry.settledAt > REFRESH_REUSE_MS)
      inflight().delete(key);
  }
}

/** Exchanges a refresh token for new tokens, at most one upstream call per refresh token at a time. */
export function refreshTokens(
  refreshToken: string,
  options: { clientIp?: string } = {},
): Promise<Tokens> {
  const now = Date.now();
  prune(now);
  const existing = inflight().get(refreshToken);
  if (existing) return existing.promise;

  const promise = billingRequest<unknown>("/v1/auth/refresh-tokens", {
    method: "POST",
    body: { refreshToken },
    clientIp: options.clientIp,
  })
    .then(reshapeTokens)
    .then(
      (tokens) => {
        entry.settledAt = Date.now();
        return tokens;
      },
      (err: unknown) => {
        // A failure is never cached: the next caller may try again (or learn the session is over).
        inflight().delete(refreshToken);
        throw err;
      },
    );
  const entry: Entry = { promise, settledAt: null };
  inflight().set(refreshToken, entry);
  return entry.promise;
}

/** Test hook: forget every in-flight and recently settled refresh. */
export function resetRefreshState(): void {
  inflight().clear();
}
