import "server-only";
import { sealData, unsealData } from "iron-session";
import { z } from "zod";
import type { Tokens, User } from "@/lib/billing/dto";
import { getPortalConfig } from "@/lib/portal-config";
import { sessionCookieSettings, sessionPassword } from "./config";
import type { PortalSession, SessionView } from "./types";

// Sealing, reading and checking the session cookie without next/headers, so route handlers
// (through withRoute), server components (through session.ts) and proxy.ts share one implementation.

/** Re-seal lastSeenAt (the idle lifetime) at most this often. */
export const SLIDE_INTERVAL_MS = 60_000;
/** A cookie stays well under the browsers' 4096-byte limit for name, value and attributes. */
const MAX_SEAL_LENGTH = 3_500;

export const sessionSchema = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
  accessTokenExpiresAt: z.number(),
  accessTokenLifetimeMs: z.number().optional(),
  userId: z.string().min(1),
  email: z.string(),
  companyId: z.string().min(1),
  host: z.string().min(1),
  selectedCustomerId: z.string().nullable(),
  issuedAt: z.number(),
  lastSeenAt: z.number(),
});

/** Encrypts and signs a session for the cookie (iron, AES-256-CBC + HMAC-SHA-256). */
export async function sealSession(session: PortalSession): Promise<string> {
  const { absoluteMs } = sessionCookieSettings();
  const data: PortalSession = sessionSchema.parse(session);
  const sealed = await sealData(data, {
    password: sessionPassword(),
    ttl: Math.ceil(absoluteMs / 1000),
  });
  if (sealed.length > MAX_SEAL_LENGTH) throw new Error("session cookie too large");
  return sealed;
}

// Unsealed cookies by their exact value. Unsealing derives two keys (PBKDF2) and decrypts, CPU time
// that shows in the BFF's profile (bench/profile-bff.ts), on every BFF call and page render, while
// a browser sends the same value until the session slides (once a minute). The same value always
// unseals to the same session; lifetimes are still checked on every read (checkSession), and
// entries are dropped after a few minutes so the process does not hold old tokens longer than it
// must. A least-recently-used map: a hit moves its entry to the end, and when it is full the oldest
// entries go first (not the whole map at once).
const UNSEALED_TTL_MS = 5 * 60_000;
const MAX_UNSEALED = 1_000;
const UNSEALED_KEY = Symbol.for("billing-portal.unsealed-sessions");
const unsealedRoot = globalThis as typeof globalThis & {
  [UNSEALED_KEY]?: Map<string, { session: PortalSession; until: number; password: string }>;
};
const unsealed = (unsealedRoot[UNSEALED_KEY] ??= new Map());

/** The session inside a cookie value, or null when absent, tampered with, sealed with another key or malformed. */
export async function unsealSession(
  value: string | undefined | null,
): Promise<PortalSession | null> {
  if (!value || value.length > 4096) return null;
  const now = Date.now();
  const hit = unsealed.get(value);
  // Only under the key it was unsealed with; a copy, as callers may build a changed session from it.
  if (hit && hit.until > now && hit.password === sessionPassword()) {
    unsealed.delete(value);
    unsealed.set(value, hit);
    return { ...hit.session };
  }
  if (hit) unsealed.delete(value);
  const session = await unsealFresh(value);
  if (session) {
    // Oldest first: expired entries and, when still full, the least recently used.
    for (const [key, entry] of unsealed) {
      if (unsealed.size < MAX_UNSEALED && entry.until > now) break;
      unsealed.delete(key);
    }
    unsealed.set(value, {
      session: { ...session },
      until: now + UNSEALED_TTL_MS,
      password: sessionPassword(),
    });
  }
  return session;
}

async function unsealFresh(value: string): Promise<PortalSession | null> {
  const { absoluteMs } = sessionCookieSettings();
  try {
    const data = await unsealData<unknown>(value, {
      password: sessionPassword(),
      ttl: Math.ceil(absoluteMs / 1000),
    });
    const parsed = sessionSchema.safeParse(data);
    return parsed.success ? parsed.data : null;
  } catch (err) {
    if (err instanceof Error && /SESSION_SECRET/.test(err.message)) throw err;
    return null;
  }
}

export type SessionCheck = "ok" | "expired" | "foreign";

/** Lifetimes (idle and absolute) and the host the session was sealed for. */
export function checkSession(
  session: PortalSession,
  { host, now = Date.now() }: { host: string; now?: number },
): SessionCheck {
  const { idleMs, absoluteMs } = sessionCookieSettings();
  if (now - session.issuedAt > absoluteMs || now - session.lastSeenAt > idleMs) return "expired";
  if (!host || session.host !== host) return "foreign";
  return "ok";
}

export type SessionRead =
  | { state: "none"; session: null }
  | { state: "invalid"; session: null }
  | { state: "ok"; session: PortalSession };

/**
 * The session a cookie value presents on `host`: sealed by us, alive, sealed for this host, and of
 * the company that lives there (the proxy stops at the cheaper checks; pages and handlers use this).
 */
export async function readSessionCookie(
  value: string | undefined,
  host: string,
): Promise<SessionRead> {
  if (!value) return { state: "none", session: null };
  const session = await unsealSession(value);
  if (!session || checkSession(session, { host }) !== "ok")
    return { state: "invalid", session: null };
  const config = await getPortalConfig(host);
  if (!config || config.companyId !== session.companyId) return { state: "invalid", session: null };
  return { state: "ok", session };
}

/** A brand-new session for a sign-in: built from scratch, nothing carried over from an older one. */
export function newSession(input: {
  tokens: Tokens;
  user: User;
  host: string;
  companyId: string;
  now?: number;
}): PortalSession {
  const now = input.now ?? Date.now();
  return {
    accessToken: input.tokens.accessToken,
    refreshToken: input.tokens.refreshToken,
    accessTokenExpiresAt: input.tokens.accessTokenExpiresAt,
    accessTokenLifetimeMs: input.tokens.accessTokenLifetimeMs,
    userId: input.user.id,
    email: input.user.email,
    companyId: input.companyId,
    host: input.host,
    selectedCustomerId: input.user.selectedCustomerId,
    issuedAt: now,
    lastSeenAt: now,
  };
}

/** Whether lastSeenAt is old enough to be worth a new Set-Cookie. */
export function shouldSlide(session: PortalSession, now = Date.now()): boolean {
  return now - session.lastSeenAt >= SLIDE_INTERVAL_MS;
}

export type SessionCookie = {
  name: string;
  value: string;
  httpOnly: true;
  secure: boolean;
  sameSite: "lax";
  path: "/";
  maxAge: number;
  expires?: Date;
};

/** The Set-Cookie attributes for a sealed session: it dies with the absolute lifetime at the latest. */
export function sessionCookie(
  value: string,
  session: PortalSession,
  now = Date.now(),
): SessionCookie {
  const { name, secure, absoluteMs } = sessionCookieSettings();
  const maxAge = Math.max(0, Math.floor((session.issuedAt + absoluteMs - now) / 1000));
  return { name, value, httpOnly: true, secure, sameSite: "lax", path: "/", maxAge };
}

/** A Set-Cookie that removes the session (same attributes, or a __Host- cookie would not be replaced). */
export function clearedSessionCookie(): SessionCookie {
  const { name, secure } = sessionCookieSettings();
  return {
    name,
    value: "",
    httpOnly: true,
    secure,
    sameSite: "lax",
    path: "/",
    maxAge: 0,
    expires: new Date(0),
  };
}

/** What the browser may know about its session (never the tokens). */
export function toSessionView(session: PortalSession): SessionView {
  return {
    user: { id: session.userId, email: session.email },
    companyId: session.companyId,
    selectedCustomerId: session.selectedCustomerId,
  };
}
