import "server-only";

// The session cookie's settings (docs/SECURITY.md §1), read from the environment on use so tests and
// the proxy see the same values as the route handlers.

const DEV_SECRET = "dev-only-insecure-session-secret-change-me-0123456789";
const MIN_SECRET_LENGTH = 32;

export type SessionCookieSettings = {
  name: string;
  secure: boolean;
  idleMs: number;
  absoluteMs: number;
};

function positiveNumber(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== "" && Number.isFinite(n) && n > 0 ? n : fallback;
}

/** COOKIE_SECURE ("true"/"false"); default true when NODE_ENV=production. */
export function cookieSecure(): boolean {
  const value = process.env.COOKIE_SECURE;
  if (value === "true") return true;
  if (value === "false") return false;
  return process.env.NODE_ENV === "production";
}

/** Cookie name and lifetimes; needs no secret, so it is safe to call while prerendering. */
export function sessionCookieSettings(): SessionCookieSettings {
  const secure = cookieSecure();
  return {
    // __Host-: the browser only accepts it with Secure, Path=/ and no Domain.
    name: secure ? "__Host-portal_session" : "portal_session",
    secure,
    idleMs: positiveNumber(process.env.SESSION_IDLE_MINUTES, 30) * 60_000,
    absoluteMs: positiveNumber(process.env.SESSION_ABSOLUTE_HOURS, 12) * 3_600_000,
  };
}

/**
 * SESSION_SECRET (≥ 32 characters). In production there is no default: sealing or reading a session
 * fails loudly instead of running with a guessable key. Call once at start-up to fail early.
 */
export function sessionPassword(): string {
  const secret = process.env.SESSION_SECRET;
  if (secret) {
    if (secret.length < MIN_SECRET_LENGTH)
      throw new Error(`SESSION_SECRET must be at least ${MIN_SECRET_LENGTH} characters`);
    return secret;
  }
  if (process.env.NODE_ENV === "production")
    throw new Error("SESSION_SECRET is required in production");
  return DEV_SECRET;
}

/** Throws when the session configuration is unusable (for start-up checks such as instrumentation.ts). */
export function assertSessionConfig(): void {
  sessionPassword();
  sessionCookieSettings();
}
