import "server-only";
import { billingRequest } from "./client";
import { reshapeCustomers, reshapeUser, type Customer, type User } from "./dto";

/** The signed-in user, as pages see it. */
export type CurrentUser = User;
/** A customer the user may select; `customerId` is what POST /api/customers/select takes. */
export type CustomerSummary = Customer;

type Caller = { accessToken: string; clientIp?: string };

// With a page's session: getMe and listCustomers in lib/http/page-call.ts.

/** GET /v1/user/me */
export async function requestMe(caller: Caller): Promise<CurrentUser> {
  return reshapeUser(await billingRequest<unknown>("/v1/user/me", caller));
}

/** GET /v1/user/portalUserCustomer */
export async function requestCustomers(caller: Caller): Promise<CustomerSummary[]> {
  return reshapeCustomers(await billingRequest<unknown>("/v1/user/portalUserCustomer", caller));
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
