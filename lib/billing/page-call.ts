import "server-only";
import { getClientIp } from "@/lib/request-host";
import { trySaveSession } from "@/lib/session/session";
import type { PortalSession } from "@/lib/session/types";
import { callWithSession } from "./authed";

/**
 * Runs an upstream call for a server component or server-side loader with the session's token. A
 * refreshed session is re-sealed where cookies can be written (the proxy's proactive refresh covers
 * renders). SessionEndedError means: redirect to /api/auth/expired?returnTo=…
 */
export async function callForPage<T>(
  session: PortalSession,
  fn: (accessToken: string, clientIp: string) => Promise<T>,
): Promise<T> {
  const clientIp = await getClientIp();
  const {
    result,
    session: next,
    refreshed,
  } = await callWithSession(session, (token) => fn(token, clientIp), { clientIp });
  if (refreshed) await trySaveSession(next);
  return result;
}
