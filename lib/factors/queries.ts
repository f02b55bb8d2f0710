// The second factor's query (docs/CONVENTIONS.md 10, 11): the signed-in user's factors, per user
// rather than per customer, so the key names no customer. Fetched by the browser when the account
// page shows its card; the page's server render does not wait for it.
import { queryOptions } from "@tanstack/react-query";
import type { FactorList } from "@/lib/schemas/factors";

export const factorKeys = {
  all: ["account", "factors"] as const,
};

/** The user's confirmed factors and how many recovery codes are left. */
export function factorsQuery(load: () => Promise<FactorList>) {
  return queryOptions<FactorList>({ queryKey: factorKeys.all, queryFn: () => load() });
}
