import "server-only";
import type { NextRequest, NextResponse } from "next/server";
import { sessionCookieSettings } from "@/lib/session/config";
import {
  clearedSessionCookie,
  readSessionCookie,
  sealSession,
  sessionCookie,
  type SessionRead,
} from "@/lib/session/seal";
import type { PortalSession } from "@/lib/session/types";

/** The session a route handler's request presents: sealed, alive, for this host and its company. */
export async function readRequestSession(req: NextRequest, host: string): Promise<SessionRead> {
  return readSessionCookie(req.cookies.get(sessionCookieSettings().name)?.value, host);
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
