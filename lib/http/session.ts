import "server-only";
import type { NextRequest, NextResponse } from "next/server";
import { getPortalConfig } from "@/lib/portal-config";
import { sessionCookieSettings } from "@/lib/session/config";
import {
  checkSession,
  clearedSessionCookie,
  sealSession,
  sessionCookie,
  unsealSession,
} from "@/lib/session/seal";
import type { PortalSession } from "@/lib/session/types";

export type RequestSession =
  | { state: "none"; session: null }
  | { state: "invalid"; session: null }
  | { state: "ok"; session: PortalSession };

/** The session a route handler's request presents: sealed, alive, for this host and its company. */
export async function readRequestSession(req: NextRequest, host: string): Promise<RequestSession> {
  const value = req.cookies.get(sessionCookieSettings().name)?.value;
  if (!value) return { state: "none", session: null };
  const session = await unsealSession(value);
  if (!session || checkSession(session, { host }) !== "ok")
    return { state: "invalid", session: null };
  const config = await getPortalConfig(host);
  if (!config || config.companyId !== session.companyId) return { state: "invalid", session: null };
  return { state: "ok", session };
}

/** Seals the session into the response's Set-Cookie (lastSeenAt = now: the idle lifetime restarts). */
export async function writeSessionCookie(
  res: NextResponse,
  session: PortalSession,
  now = Date.now(),
): Promise<void> {
  const fresh = { ...session, lastSeenAt: now };
  res.cookies.set(sessionCookie(await sealSession(fresh), fresh, now));
}

/** Removes the session cookie in the response. */
export function clearSessionCookie(res: NextResponse): void {
  res.cookies.set(clearedSessionCookie());
}
