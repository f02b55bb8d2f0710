import "server-only";
import { parseDto } from "@/lib/billing/dto";
import { BillingApiError } from "@/lib/billing/errors";
import type { UsageAggregate } from "@/lib/schemas/usage-chart";
import { usageAggregateDto } from "./wire";

// The usage aggregate's reshape (docs/CONTRACT.md §5 "Usage aggregate"): validated by its reader,
// into the app's shape (lib/schemas/usage-chart.ts). A series whose quantities do not line up with
// the buckets is a malformed answer (502), not a chart drawn wrong.

/** GET /v1/usages/aggregate `data` → UsageAggregate. */
export function reshapeUsageAggregate(data: unknown): UsageAggregate {
  const dto = parseDto(usageAggregateDto, data, "usage aggregate");
  if (dto.series.some((s) => s.quantities.length !== dto.buckets.length))
    throw new BillingApiError(
      502,
      "upstream_malformed",
      "unexpected usage aggregate from the billing API",
    );
  return {
    groupBy: dto.group_by,
    buckets: dto.buckets,
    series: dto.series.map((s) => ({
      unit: s.unit_of_measure,
      quantities: s.quantities,
      total: s.total,
      count: s.count,
    })),
    count: dto.count,
  };
}
