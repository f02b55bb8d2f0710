import "server-only";
import { billingRequest } from "./client";
import { reshapeTokens, type Tokens } from "./dto";

// Single-flight token refresh per session (docs/SECURITY.md §5): concurrent callers holding the same
// refresh token share one POST /v1/auth/refresh-tokens. The map lives on globalThis because
// proxy.ts, the pages and the route handlers are bundled separately but run in one Node.js process.
//
// A settled refresh is remembered (old refresh token → new tokens) for a while. Requests that raced
// with it still carry the old cookie; they get the same new tokens instead of forking the token
// family, and the next request of this process re-seals them. Nothing relies on this memory across
// instances: tokens are only refreshed where the new cookie is written in the same answer (the
// proxy, BFF handlers, /api/auth/expired; never a page render), so another instance always sees
// them in the cookie.

type Entry = { promise: Promise<Tokens>; tokens: Tokens | null; settledAt: number | null };

/** How long a rotation is remembered (about one access-token lifetime). */
export const ROTATION_MEMORY_MS = 15 * 60_000;
const MAX_ENTRIES = 10_000;

const KEY = Symbol.for("billing-portal.refresh.rotations");
const store = globalThis as typeof globalThis & { [KEY]?: Map<string, Entry> };

function entries(): Map<string, Entry> {
  return (store[KEY] ??= new Map());
}

function prune(now: number): void {
  const map = entries();
  // Insertion order is time order: drop from the oldest end.
  for (const [key, entry] of map) {
    const expired = entry.settledAt !== null && now - entry.settledAt > ROTATION_MEMORY_MS;
    if (!expired && map.size <= MAX_ENTRIES) break;
    if (entry.settledAt !== null) map.delete(key);
    else break;
  }
}

/** Exchanges a refresh token for new tokens, at most one upstream call per refresh token. */
export function refreshTokens(
  refreshToken: string,
  options: { clientIp?: string } = {},
): Promise<Tokens> {
  prune(Date.now());
  const existing = entries().get(refreshToken);
  if (existing) return existing.promise;

  const promise = billingRequest<unknown>("/v1/auth/refresh-tokens", {
    method: "POST",
    body: { refreshToken },
    clientIp: options.clientIp,
  })
    .then(reshapeTokens)
    .then(
      (tokens) => {
        entry.tokens = tokens;
        entry.settledAt = Date.now();
        return tokens;
      },
      (err: unknown) => {
        // A failure is never remembered: the next caller may try again (or learn the session is over).
        entries().delete(refreshToken);
        throw err;
      },
    );
  const entry: Entry = { promise, tokens: null, settledAt: null };
  entries().set(refreshToken, entry);
  return promise;
}

/** The newest tokens this process obtained by rotating `refreshToken` (following the chain), or null. */
export function latestTokens(refreshToken: string): Tokens | null {
  prune(Date.now());
  let latest: Tokens | null = null;
  let current = refreshToken;
  for (let hops = 0; hops < 20; hops++) {
    const next = entries().get(current)?.tokens;
    if (!next) break;
    latest = next;
    current = next.refreshToken;
  }
  return latest;
}

/** Forgets the rotations of a session that ended (logout). */
export function forgetRotations(refreshToken: string): void {
  let current: string | undefined = refreshToken;
  for (let hops = 0; current && hops < 20; hops++) {
    const next: string | undefined = entries().get(current)?.tokens?.refreshToken;
    entries().delete(current);
    current = next;
  }
}

/** Test hook: forget every in-flight and remembered refresh. */
export function resetRefreshState(): void {
  entries().clear();
}
