import "server-only";
import type { PortalSession } from "@/lib/session/types";
import { billingRequest } from "./client";
import { reshapeCustomers, reshapeUser, type Customer, type User } from "./dto";
import { callForPage } from "./page-call";

/** The signed-in user, as pages see it. */
export type CurrentUser = User;
/** A customer the user may select; `customerId` is what POST /api/customers/select takes. */
export type CustomerSummary = Customer;

// For server components and handlers that use next/headers (lib/billing/page-call.ts).

/** GET /v1/user/me */
export async function getMe(session: PortalSession): Promise<CurrentUser> {
  return callForPage(session, async (accessToken, clientIp) =>
    reshapeUser(await billingRequest<unknown>("/v1/user/me", { accessToken, clientIp })),
  );
}

/** GET /v1/user/portalUserCustomer */
export async function listCustomers(session: PortalSession): Promise<CustomerSummary[]> {
  return callForPage(session, async (accessToken, clientIp) =>
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
