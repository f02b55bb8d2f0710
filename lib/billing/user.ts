import "server-only";
import type { PortalSession } from "@/lib/session/types";
// STUB (replaced by the BFF work): see docs/CONTRACT.md §3.
export type CurrentUser = { id: string; email: string; companyId: string; customerId: string; selectedCustomerId: string | null };
export type CustomerSummary = { id: string; customerId: string; name: string };
/** GET /v1/user/me */
export async function getMe(_session: PortalSession): Promise<CurrentUser> {
  throw new Error("not implemented");
}
/** GET /v1/user/portalUserCustomer */
export async function listCustomers(_session: PortalSession): Promise<CustomerSummary[]> {
  throw new Error("not implemented");
}
