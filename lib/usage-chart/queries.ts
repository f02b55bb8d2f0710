import type { ListFilter } from "@/lib/lists/filters";
import { filtersKey, listKeys } from "@/lib/lists/queries";
import type { UsageAggregate, UsageGrouping } from "@/lib/schemas/usage-chart";

// The usage chart's key and query. Under the usages list's keys: whatever refreshes the list
// (Refresh, a payment) refreshes the chart of its filters too. A plain object, not queryOptions:
// this rides on the dashboard's first load (the chart slot), where every byte counts.

export const usageAggregateKey = (
  customerId: string,
  filters: readonly ListFilter[],
  groupBy: UsageGrouping,
) => [...listKeys.list("usages"), "aggregate", customerId, filtersKey(filters), groupBy] as const;

export const usageAggregateQuery = (
  customerId: string,
  filters: readonly ListFilter[],
  groupBy: UsageGrouping,
  load: () => Promise<UsageAggregate>,
) => ({ queryKey: usageAggregateKey(customerId, filters, groupBy), queryFn: load });
