import "server-only";
import { callWithSession } from "@/lib/billing/authed";
import {
  requestCustomers,
  requestMe,
  type CurrentUser,
  type CustomerSummary,
} from "@/lib/billing/user";
import { getClientIp } from "@/lib/request-host";
import type { PortalSession } from "@/lib/session/types";

// Upstream calls for server components and server-side loaders, with the session of the request
// (next/headers): the page's counterpart of withRoute's `authed`. It sits above lib/billing and
// lib/session, which do not import each other's way back.

/**
 * Runs an upstream call for a server component or server-side loader with the session's token. It
 * never refreshes: a render cannot write the cookie, and tokens kept only in this process would
 * sign the user out at their next request on another instance (the proxy refreshes a minute ahead
 * of expiry, where it can). RefreshNeededError (a 401): the caller redirects to
 * /api/auth/expired?returnTo=… (which refreshes, saves and comes back) or leaves the call to the
 * browser; SessionEndedError: the same redirect.
 */
export async function callForPage<T>(
  session: PortalSession,
  fn: (accessToken: string, clientIp: string) => Promise<T>,
): Promise<T> {
  const clientIp = await getClientIp();
  const { result } = await callWithSession(session, (token) => fn(token, clientIp), {
    clientIp,
    refresh: false,
  });
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
