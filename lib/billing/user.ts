import "server-only";
import { getClientIp } from "@/lib/request-host";
import { trySaveSession } from "@/lib/session/session";
import type { PortalSession } from "@/lib/session/types";
import { callWithSession } from "./authed";
import { billingRequest } from "./client";
import { reshapeCustomers, reshapeUser, type Customer, type User } from "./dto";

/** The signed-in user, as pages see it. */
export type CurrentUser = User;
/** A customer the user may select; `customerId` is what POST /api/customers/select takes. */
export type CustomerSummary = Customer;

// For server components and handlers that use next/headers. A refreshed session is re-sealed where
// cookies can be written. SessionEndedError (lib/billing/errors) means: redirect to
// /api/auth/expired?returnTo=…

async function authed<T>(
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

/** GET /v1/user/me */
export async function getMe(session: PortalSession): Promise<CurrentUser> {
  return authed(session, async (accessToken, clientIp) =>
    reshapeUser(await billingRequest<unknown>("/v1/user/me", { accessToken, clientIp })),
  );
}

/** GET /v1/user/portalUserCustomer */
export async function listCustomers(session: PortalSession): Promise<CustomerSummary[]> {
  return authed(session, async (accessToken, clientIp) =>
    reshapeCustomers(
      await billingRequest<unknown>("/v1/user/portalUserCustomer", { accessToken, clientIp }),
    ),
  );
}

/** POST /v1/user/portalUserCustomer {customer_id} with an access token; the updated user. */
export async function postSelectedCustomer(
  accessToken: string,
  customerId: string,
  clientIp?: string,
): Promise<CurrentUser> {
  const dto = await billingRequest<unknown>("/v1/user/portalUserCustomer", {
    method: "POST",
    body: { customer_id: customerId },
    accessToken,
    clientIp,
  });
  return reshapeUser(dto);
}
