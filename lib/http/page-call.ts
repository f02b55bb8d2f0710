import "server-only";
import { callWithSession } from "@/lib/billing/authed";
import {
  requestCustomers,
  requestMe,
  type CurrentUser,
  type CustomerSummary,
} from "@/lib/billing/user";
import { getClientIp } from "@/lib/request-host";
import { trySaveSession } from "@/lib/session/session";
import type { PortalSession } from "@/lib/session/types";

// Upstream calls for server components and server-side loaders, with the session of the request
// (next/headers): the page's counterpart of withRoute's `authed`. It sits above lib/billing and
// lib/session, which do not import each other's way back.

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

/** GET /v1/user/me for the page's session. */
export async function getMe(session: PortalSession): Promise<CurrentUser> {
  return callForPage(session, (accessToken, clientIp) => requestMe({ accessToken, clientIp }));
}

/** GET /v1/user/portalUserCustomer for the page's session. */
export async function listCustomers(session: PortalSession): Promise<CustomerSummary[]> {
  return callForPage(session, (accessToken, clientIp) =>
    requestCustomers({ accessToken, clientIp }),
  );
}
