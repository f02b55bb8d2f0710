import "server-only";
import { billingRequest } from "@/lib/billing/client";
import { toFilterOptionEntries } from "@/lib/lists/filter-options";
import type { ListFilter } from "@/lib/lists/filters";
import type { UsageAggregate, UsageGrouping } from "@/lib/schemas/usage-chart";
import { reshapeUsageAggregate } from "./reshape";

// The /v1 call of the usage chart (docs/CONTRACT.md §5 "Usage aggregate"), answered in the app's
// shape of lib/schemas/usage-chart.ts: the usages list's filters, as the list sends them.

type Caller = { accessToken: string; clientIp?: string };

/** GET /v1/usages/aggregate for the usages list's filters. */
export async function requestUsageAggregate(
  caller: Caller,
  filters: readonly ListFilter[],
  groupBy: UsageGrouping,
): Promise<UsageAggregate> {
  const query: Record<string, string> = { group_by: groupBy };
  for (const [label, value] of toFilterOptionEntries("usages", filters)) query[label] = value;
  return reshapeUsageAggregate(
    await billingRequest<unknown>("/v1/usages/aggregate", { ...caller, query }),
  );
}
