/**
 * GET /v1/usages/aggregate (CONTRACT.md §5 "Usage aggregate"): the quantity of the customer's usage
 * lines matching the list's filters, summed per bucket (a usage line's `date` is its US Eastern
 * day; weeks are ISO weeks from Monday) and per unit of measure. Cached by filters and grouping
 * while the usages list's version holds, as the list's totals are.
 */
import { addDays, addMonths } from "@billing-portal/contract/calendar/sums";
import { USAGE_GROUPINGS, type UsageGrouping } from "@billing-portal/contract/enums";
import type { UsageAggregateDto } from "@billing-portal/contract/wire/usages";
import { z } from "zod";
import type { Queryable } from "../db";
import { invalid, parse400, parseFilterLabels, single, type Filter } from "./decode";
import { loadListFields, type Caller } from "./list";
import { SqlParams } from "./sql-params";
import { cachedByVersion, filterKeys } from "./totals";
import { containsPattern, filterCondition, whereClause } from "./where";

/** More buckets than a chart can show: the caller groups by a longer period. */
export const MAX_BUCKETS = 1_000;

const querySchema = z.object({
  group_by: z.enum(USAGE_GROUPINGS, { error: "must be day, week or month" }),
});

/** A bucket's first day, in SQL, for a usage line `t`. */
const BUCKET_SQL: Record<UsageGrouping, string> = {
  day: "t.date",
  week: "(t.date - (extract(isodow FROM t.date)::int - 1))",
  month: "date_trunc('month', t.date)::date",
};

/** The bucket after the one starting on `start`. */
const nextBucket = (grouping: UsageGrouping, start: string) =>
  grouping === "month" ? addMonths(start, 1) : addDays(start, grouping === "week" ? 7 : 1);

/**
 * Filter fields whose column the rollup keeps (migrations/007_usage_rollup.sql) under the same
 * name: an aggregate filtered on these only reads the rollup.
 */
const ROLLUP_FIELDS = new Set([
  "date",
  "unit_of_measure",
  "subscription_id",
  "charge_id",
  "invoiced",
  "invoice_id",
  "invoice_date",
  "start_date",
  "end_date",
]);

/** The text rollup (migrations/009_usage_text_rollup.sql) keeps the description as well. */
const TEXT_ROLLUP_FIELDS = new Set([...ROLLUP_FIELDS, "description"]);

/** Whether every filter names a built-in column of `fields` (custom fields may share names). */
const answeredBy = (fields: Set<string>, filters: Filter[]) =>
  filters.every((f) => fields.has(f.field.name) && f.field.sql(new SqlParams()).startsWith("t."));

/** Whether the rollup answers these filters. */
const rollupAnswers = (filters: Filter[]) => answeredBy(ROLLUP_FIELDS, filters);

/**
 * On the text rollup a contains filter on the description reads the lower-cased copy: the same
 * rows as `description ILIKE pattern` (see the migration), served by its trigram index.
 */
function textRollupCondition(f: Filter, p: SqlParams): string {
  if (f.field.name !== "description" || (f.op !== "contains" && f.op !== "not_contains"))
    return filterCondition(f, p);
  const like = f.op === "contains" ? "LIKE" : "NOT LIKE";
  return `t.folded ${like} lower(${p.add(containsPattern(f.value ?? ""))})`;
}

/** The table an aggregate reads, how it counts usage lines, and how it writes a filter. */
function sourceOf(filters: Filter[]) {
  if (rollupAnswers(filters))
    return { table: "usage_rollup", count: "sum(t.n)", condition: filterCondition };
  if (answeredBy(TEXT_ROLLUP_FIELDS, filters))
    return { table: "usage_text_rollup", count: "sum(t.n)", condition: textRollupCondition };
  return { table: "usages", count: "count(*)", condition: filterCondition };
}

type Row = { bucket: string; unit: string; quantity: string; n: unknown };

/** Sums to 4 decimals (the column's scale), so float noise never shows. */
const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

async function compute(
  db: Queryable,
  customerId: string,
  filters: Filter[],
  grouping: UsageGrouping,
): Promise<UsageAggregateDto> {
  const p = new SqlParams();
  const { table, count, condition } = sourceOf(filters);
  const rows = await db.query<Row>(
    `SELECT ${BUCKET_SQL[grouping]}::text AS bucket, t.unit_of_measure AS unit,
            sum(t.quantity)::text AS quantity, ${count} AS n
       FROM ${table} t WHERE ${whereClause(customerId, filters, p, condition)}
      GROUP BY 1, 2 ORDER BY 1, 2`,
    p.values,
  );
  const buckets: { start: string; end: string }[] = [];
  const first = rows[0]?.bucket;
  const last = rows.at(-1)?.bucket;
  if (first !== undefined && last !== undefined) {
    for (let start = first; start <= last; start = nextBucket(grouping, start)) {
      if (buckets.length === MAX_BUCKETS)
        throw invalid(
          `group_by: more than ${MAX_BUCKETS} ${grouping}s of usage match; group by a longer period`,
        );
      buckets.push({ start, end: addDays(nextBucket(grouping, start), -1) });
    }
  }
  const index = new Map(buckets.map((b, i) => [b.start, i]));
  const series = new Map<string, { quantities: number[]; total: number; count: number }>();
  let total = 0;
  for (const r of rows) {
    let s = series.get(r.unit);
    if (!s) {
      s = { quantities: buckets.map(() => 0), total: 0, count: 0 };
      series.set(r.unit, s);
    }
    const quantity = Number(r.quantity);
    s.quantities[index.get(r.bucket) ?? 0] = quantity;
    s.total += quantity;
    s.count += Number(r.n);
    total += Number(r.n);
  }
  return {
    group_by: grouping,
    time_zone: "America/New_York",
    buckets,
    series: [...series.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([unit, s]) => ({
        unit_of_measure: unit,
        quantities: s.quantities,
        total: round4(s.total),
        count: s.count,
      })),
    count: total,
  };
}

export async function aggregateUsages(
  db: Queryable,
  caller: Caller,
  query: URLSearchParams,
): Promise<UsageAggregateDto> {
  const fields = await loadListFields(db, caller.companyId, "usages");
  const { group_by: grouping } = parse400(querySchema, { group_by: single(query, "group_by") });
  const filters = parseFilterLabels(fields, query);
  const key = JSON.stringify(["aggregate", grouping, caller.customerId, ...filterKeys(filters)]);
  return cachedByVersion(db, "usages", key, () =>
    compute(db, caller.customerId, filters, grouping),
  );
}
