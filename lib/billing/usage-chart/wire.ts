import "server-only";
import type { UsageAggregateDto } from "@billing-portal/contract/wire/usages";
import { z } from "zod";
import { USAGE_GROUPINGS } from "@/lib/schemas/usage-chart";
import { readerOf } from "../reader";

// The reader of GET /v1/usages/aggregate (the contract's contract/src/wire/usages.ts;
// docs/CONTRACT.md §5 "Usage aggregate"). Server-only: the upstream's answer is untrusted and
// validated here, tolerantly, before reshape.ts hands the app its shape.

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const usageAggregateDto = readerOf<UsageAggregateDto>()(
  z.object({
    group_by: z.enum(USAGE_GROUPINGS),
    buckets: z.array(z.object({ start: day, end: day })).max(1_000),
    series: z
      .array(
        z.object({
          unit_of_measure: z.string().max(100),
          quantities: z.array(z.number().finite()).max(1_000),
          total: z.number().finite(),
          count: z.int().nonnegative(),
        }),
      )
      .max(50),
    count: z.int().nonnegative(),
  }),
);
