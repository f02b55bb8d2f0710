// The usage behind the bill (docs/CONTRACT.md §5, "Usage aggregate"): the quantity of the usage
// lines that match the list's filters, per US Eastern day, ISO week or month and per unit of
// measure, the same rows the usages list pages through.
import { z } from "zod";
import { USAGE_GROUPINGS } from "../enums";
import { wireDay } from "./envelope";
import { named } from "./named";

export const usageAggregateQuery = z.object({
  group_by: z.enum(USAGE_GROUPINGS),
});

export const usageBucketDto = named(
  "UsageBucket",
  z.looseObject({ start: wireDay, end: wireDay.meta({ description: "the last day, inclusive" }) }),
);

export const usageSeriesDto = named(
  "UsageSeries",
  z.looseObject({
    unit_of_measure: z.string().max(100),
    quantities: z.array(z.number()).meta({ description: "one per bucket, in the buckets' order" }),
    total: z.number(),
    count: z.int().nonnegative().meta({ description: "usage lines in the series" }),
  }),
);

export const usageAggregateDto = named(
  "UsageAggregate",
  z.looseObject({
    group_by: z.enum(USAGE_GROUPINGS),
    time_zone: z.literal("America/New_York"),
    buckets: z.array(usageBucketDto).meta({
      description: "every bucket from the first to the last that has usage, empty ones included",
    }),
    series: z.array(usageSeriesDto).meta({ description: "one per unit of measure, by name" }),
    count: z.int().nonnegative(),
  }),
);
export type UsageAggregateDto = z.output<typeof usageAggregateDto>;
