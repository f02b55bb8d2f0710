// The usage chart's data as the app holds it (docs/CONTRACT.md §5 "Usage aggregate"): the usages
// list's filtered quantity per day, week or month and per unit of measure, reshaped by
// lib/billing/usage-chart. Buckets name their first and last day (US Eastern); each series has one
// quantity per bucket.
import { USAGE_GROUPINGS, type UsageGrouping } from "@billing-portal/contract/enums";

export { USAGE_GROUPINGS, type UsageGrouping };

export type UsageBucket = { start: string; end: string };

export type UsageSeries = {
  unit: string;
  quantities: number[];
  total: number;
  count: number;
};

export type UsageAggregate = {
  groupBy: UsageGrouping;
  buckets: UsageBucket[];
  series: UsageSeries[];
  count: number;
};
