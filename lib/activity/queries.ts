// The activity log's query (docs/CONVENTIONS.md 10, 11): one key per customer, page and kind, and
// the queryOptions both the page's server prefetch and the browser's hook use.
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { ActivityPage, ActivityQuery } from "@/lib/schemas/activity";

export const activityKeys = {
  all: ["activity"] as const,
  page: (customerId: string, query: ActivityQuery) =>
    [...activityKeys.all, customerId, query.kind ?? "all", query.page] as const,
};

/** One page of the customer's activity; the previous page stays shown while the next loads. */
export function activityQuery(
  customerId: string,
  query: ActivityQuery,
  load: () => Promise<ActivityPage>,
) {
  return queryOptions<ActivityPage>({
    queryKey: activityKeys.page(customerId, query),
    queryFn: () => load(),
    placeholderData: keepPreviousData,
  });
}
