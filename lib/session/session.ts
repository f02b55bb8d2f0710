import "server-only";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { hostFromHeaders } from "@/lib/request-host";
import { expiredPathFor, loginPathFor } from "@/lib/return-path";
import { sessionCookieSettings } from "./config";
import { readSessionCookie, type SessionRead } from "./seal";
import type { PortalSession } from "./types";

export type { PortalSession, SessionView } from "./types";

// The session for server components, server functions and route handlers that use next/headers.
// Never pass a PortalSession to a client component (it holds the tokens): use toSessionView().

/** The session this request presents: lifetimes, the host it was sealed for, and that host's company. */
async function readSession(): Promise<SessionRead> {
  // cookies() first: while prerendering it bails out before anything needs the secret.
  const value = (await cookies()).get(sessionCookieSettings().name)?.value;
  if (!value) return { state: "none", session: null };
  return readSessionCookie(value, hostFromHeaders(await headers()));
}

const readSessionOnce = cache(readSession);

/** The current valid session, or null (absent, idle or absolute lifetime exceeded, or another host/company). */
export async function getSession(): Promise<PortalSession | null> {
  return (await readSessionOnce()).session;
}

/**
 * The current session, or a redirect: to /portal/login?returnTo=… when there is no cookie, and to
 * /api/auth/expired?returnTo=… when a cookie is present but unusable (that route clears it, so the
 * proxy cannot bounce the login page back here in a loop). `ended`: the proxy has just ended the
 * session (idle, expired, refresh refused), so the login page says so.
 */
export async function requireSession(
  returnTo: string,
  options: { ended?: boolean } = {},
): Promise<PortalSession> {
  const { state, session } = await readSessionOnce();
  if (session) return session;
  if (state === "invalid") redirect(expiredPathFor(returnTo));
  redirect(loginPathFor(returnTo, options.ended ? { error: "sessionExpired" } : {}));
}
