import "server-only";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { getPortalConfig } from "@/lib/portal-config";
import { hostFromHeaders } from "@/lib/request-host";
import { loginPathFor, safeReturnPath } from "@/lib/return-path";
import { sessionCookieSettings } from "./config";
import {
  checkSession,
  clearedSessionCookie,
  sealSession,
  sessionCookie,
  toSessionView,
  unsealSession,
} from "./seal";
import type { PortalSession, SessionView } from "./types";

export type { PortalSession, SessionView } from "./types";

// The session for server components, server functions and route handlers that use next/headers.
// Never pass a PortalSession to a client component (it holds the tokens): use getSessionView().

/** The session this request presents, after the cheap checks: lifetimes and the host it was sealed for. */
async function readSession(): Promise<{ session: PortalSession | null; cookiePresent: boolean }> {
  // cookies() first: while prerendering it bails out before anything needs the secret.
  const cookieStore = await cookies();
  const value = cookieStore.get(sessionCookieSettings().name)?.value;
  if (!value) return { session: null, cookiePresent: false };
  const session = await unsealSession(value);
  if (!session) return { session: null, cookiePresent: true };
  const host = hostFromHeaders(await headers());
  if (checkSession(session, { host }) !== "ok") return { session: null, cookiePresent: true };
  // A session belongs to the company whose host issued it.
  const config = await getPortalConfig(host);
  if (!config || config.companyId !== session.companyId)
    return { session: null, cookiePresent: true };
  return { session, cookiePresent: true };
}

const readSessionOnce = cache(readSession);

/** The current valid session, or null (absent, idle or absolute lifetime exceeded, or another host/company). */
export async function getSession(): Promise<PortalSession | null> {
  return (await readSessionOnce()).session;
}

/** The safe projection of the current session for the browser, or null. */
export async function getSessionView(): Promise<SessionView | null> {
  const session = await getSession();
  return session ? toSessionView(session) : null;
}

/**
 * The current session, or a redirect: to /portal/login?returnTo=… when there is no cookie, and to
 * /api/auth/expired?returnTo=… when a cookie is present but unusable (that route clears it, so the
 * proxy cannot bounce the login page back here in a loop).
 */
export async function requireSession(returnTo: string): Promise<PortalSession> {
  const { session, cookiePresent } = await readSessionOnce();
  if (session) return session;
  if (cookiePresent)
    redirect(`/api/auth/expired?returnTo=${encodeURIComponent(safeReturnPath(returnTo))}`);
  redirect(loginPathFor(returnTo));
}

/** Seals the session into the cookie (route handlers and server functions only). */
export async function saveSession(session: PortalSession): Promise<void> {
  const cookie = sessionCookie(await sealSession(session), session);
  (await cookies()).set(cookie);
}

/** Removes the session cookie (route handlers and server functions only). */
export async function destroySession(): Promise<void> {
  (await cookies()).set(clearedSessionCookie());
}

/**
 * Saves a refreshed session where cookies can be written; in a server component (read-only cookies)
 * it does nothing, and the proxy's proactive refresh is what keeps the cookie fresh.
 */
export async function trySaveSession(session: PortalSession): Promise<void> {
  try {
    await saveSession(session);
  } catch {
    // Read-only cookie store during rendering.
  }
}
