/** SQL conditions for decoded filters: every value is bound, never written into the text. */
import { EASTERN_TIME_ZONE } from "@billing-portal/contract/calendar/days";
import type { Filter } from "./decode";
import type { SqlParams } from "./sql-params";

/** Dates and timestamps are read as whole days in this zone (spec 001 §1): the contract's Eastern days. */
export const BUSINESS_TIME_ZONE = EASTERN_TIME_ZONE;

/** The user's text as a LIKE pattern matching it anywhere, with %, _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, "\\$&")}%`;
}

// The start of day D in Eastern time as a timestamptz (the database's own time zone rules, as
// the contract's startOfEasternDay computes it in JS). Computed from the bound date (a stable
// expression), so the (customer_id, created_date, id) index still serves the comparison.
const dayStart = (date: string, days = 0) =>
  `((${date}::date${days ? ` + ${days}` : ""})::timestamp AT TIME ZONE '${BUSINESS_TIME_ZONE}')`;

function textCondition(f: Filter, e: string, p: SqlParams): string {
  // Equality is byte equality under any deterministic collation, so naming "C" changes no answer;
  // it lets the (customer_id, column COLLATE "C", id) index serve the comparison.
  const lhs = f.field.lowerCase ? `lower(${e})` : `${e} COLLATE "C"`;
  switch (f.op) {
    case "eq":
      return `${lhs} = ${p.add(f.value)}`;
    case "not":
      // Not-equal also matches rows without a value.
      return `${lhs} IS DISTINCT FROM ${p.add(f.value)}`;
    case "contains":
      return `${e} ILIKE ${p.add(containsPattern(f.value ?? ""))}`;
    case "not_contains":
      return `(${e} IS NULL OR ${e} NOT ILIKE ${p.add(containsPattern(f.value ?? ""))})`;
    case "present":
      return `(${e} IS NOT NULL AND ${e} <> '')`;
    case "not_present":
      return `(${e} IS NULL OR ${e} = '')`;
    default:
      throw new Error(`operator ${f.op} on text`);
  }
}

const COMPARISON: Partial<Record<Filter["op"], string>> = {
  eq: "=",
  gt: ">",
  lt: "<",
  gte: ">=",
  lte: "<=",
};

function dayCondition(f: Filter, e: string, p: SqlParams): string {
  const d = p.add(f.value);
  switch (f.op) {
    case "eq":
      return `(${e} >= ${dayStart(d)} AND ${e} < ${dayStart(d, 1)})`;
    case "gte":
      return `${e} >= ${dayStart(d)}`;
    case "lte":
      return `${e} < ${dayStart(d, 1)}`;
    case "gt":
      return `${e} >= ${dayStart(d, 1)}`;
    case "lt":
      return `${e} < ${dayStart(d)}`;
    default:
      throw new Error(`operator ${f.op} on a timestamp`);
  }
}

/** One filter as a boolean SQL expression over the row alias `t`. */
export function filterCondition(f: Filter, p: SqlParams): string {
  const e = f.field.sql(p);
  if (f.field.type === "text") return textCondition(f, e, p);
  if (f.field.type === "date" && f.field.timestamp) return dayCondition(f, e, p);
  const cast = f.field.type === "number" ? "numeric" : f.field.type;
  const v = `${p.add(f.value)}::${cast}`;
  if (f.op === "not") return `${e} IS DISTINCT FROM ${v}`;
  const operator = COMPARISON[f.op];
  if (!operator) throw new Error(`operator ${f.op} on ${f.field.type}`);
  return `${e} ${operator} ${v}`;
}

/**
 * `t.customer_id = $n AND …`: the customer's rows matching every filter. A table that keeps a
 * column in another form (the usage aggregate's rollups) passes its own `condition`.
 */
export function whereClause(
  customerId: string,
  filters: Filter[],
  p: SqlParams,
  condition: (f: Filter, p: SqlParams) => string = filterCondition,
): string {
  return [`t.customer_id = ${p.add(customerId)}`, ...filters.map((f) => condition(f, p))].join(
    " AND ",
  );
}
