import "server-only";
import { adoptRotation, refreshMarginMs, refreshSession } from "@/lib/billing/authed";
import { SessionEndedError } from "@/lib/billing/errors";
import { sessionCookieSettings } from "./config";
import {
  checkSession,
  clearedSessionCookie,
  sealSession,
  sessionCookie,
  shouldSlide,
  unsealSession,
  type SessionCookie,
} from "./seal";
import type { PortalSession } from "./types";

// What proxy.ts does with the session cookie on each request, kept apart from the proxy so it can be
// tested: read and check it cheaply (no portal-config fetch: the sealed host must equal the request's
// host), refresh tokens that expire within a minute, and slide the idle lifetime.

/**
 * The proxy refreshes when the access token expires within this many ms (callWithSession: 30 s),
 * or within a third of its lifetime when that is shorter (refreshMarginMs): a page's render must
 * not outlive the token it renders with.
 */
export const PROXY_REFRESH_MS = 60_000;

export type ProxySession = {
  /** none: no cookie; ok: usable; expired: lifetime over or refresh refused; invalid: tampered or another host. */
  state: "none" | "ok" | "expired" | "invalid";
  session: PortalSession | null;
  /** The Set-Cookie to send (and the value the rest of this request must see), if any. */
  cookie: SessionCookie | null;
};

/** Reads the session for the proxy and decides whether the cookie must be refreshed, slid or cleared. */
export async function resolveProxySession(
  cookieValue: string | undefined,
  { host, clientIp, now = Date.now() }: { host: string; clientIp: string; now?: number },
): Promise<ProxySession> {
  if (!cookieValue) return { state: "none", session: null, cookie: null };
  const sealed = await unsealSession(cookieValue);
  const check = sealed ? checkSession(sealed, { host, now }) : "foreign";
  if (!sealed || check !== "ok") {
    return {
      state: check === "expired" ? "expired" : "invalid",
      session: null,
      cookie: clearedSessionCookie(),
    };
  }

  // A rotation a racing request of this process made: save it in this answer too.
  const adopted = adoptRotation(sealed);
  let session = adopted ?? sealed;
  let changed = adopted !== null;
  if (session.accessTokenExpiresAt - now < refreshMarginMs(session, PROXY_REFRESH_MS, 1 / 3)) {
    try {
      session = await refreshSession(session, { clientIp });
      changed = true;
    } catch (err) {
      if (err instanceof SessionEndedError)
        return { state: "expired", session: null, cookie: clearedSessionCookie() };
      // Upstream unreachable: keep the session; the page's own call decides what happens next.
    }
  }
  if (!changed && !shouldSlide(session, now)) return { state: "ok", session, cookie: null };

  session = { ...session, lastSeenAt: now };
  return { state: "ok", session, cookie: sessionCookie(await sealSession(session), session, now) };
}

/** The Cookie request header with the session cookie replaced (value) or removed (""), for this request's pages. */
export function rewriteCookieHeader(header: string | null, value: string): string {
  const { name } = sessionCookieSettings();
  const parts = (header ?? "")
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part && part.split("=", 1)[0]?.trim() !== name);
  if (value) parts.push(`${name}=${value}`);
  return parts.join("; ");
}
