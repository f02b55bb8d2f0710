/**
 * Decoding of a list request (CONTRACT.md §5): page, size, sort, initial_req, with_total and the
 * filter map in its two spellings (query labels and a nested body object). Anything malformed is a
 * 400 `validation` naming the parameter; nothing here touches the database.
 */
import { z } from "zod";
import { ApiError, describeZodError } from "../http";
import type { FilterField, ListFields } from "./fields";

export const MAX_FILTERS = 20;
export const MAX_VALUE_LENGTH = 200;
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 10;

/** What a filter does; `value` is normalised (numbers and dates as text, status lower-cased). */
export type FilterOp =
  | "eq"
  | "not"
  | "contains"
  | "not_contains"
  | "present"
  | "not_present"
  | "gt"
  | "lt"
  | "gte"
  | "lte";
export type Filter = { field: FilterField; op: FilterOp; value: string | null };

export type SortDirection = "asc" | "desc";
export type Sort = { column: string; direction: SortDirection };

export type ListParams = {
  page: number;
  size: number;
  /** null: the user's saved sort, else the list's default. */
  sort: Sort | null;
  initialReq: boolean;
  withTotal: boolean;
  filters: Filter[];
};

/** 400 `validation`: the list protocol's answer to malformed input. */
export const invalid = (message: string) => new ApiError(400, "validation", message);

/** Parses with zod; a failure is a 400 naming the field. */
export function parse400<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(describeZodError(result.error));
  return result.data;
}

const trueFalse = z.enum(["true", "false"], { error: "must be true or false" });

const listQuerySchema = z.object({
  page: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, { error: "must be a whole number from 1" })
    .transform(Number)
    .optional(),
  size: z
    .string()
    .regex(/^\d{1,3}$/, { error: `must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, { error: `must be from 1 to ${MAX_PAGE_SIZE}` })
        .max(MAX_PAGE_SIZE, { error: `must be from 1 to ${MAX_PAGE_SIZE}` }),
    )
    .optional(),
  sort: z.string().max(100, { error: "is too long" }).optional(),
  initial_req: trueFalse.optional(),
  with_total: trueFalse.optional(),
});

/** A query parameter given at most once. */
function single(query: URLSearchParams, name: string): string | undefined {
  const all = query.getAll(name);
  if (all.length > 1) throw invalid(`${name}: given more than once`);
  return all[0];
}

/** `"<column> <asc|desc>"` with the column from the list's sortable whitelist. */
export function parseSortLine(fields: ListFields, line: string, param = "sort"): Sort {
  const match = /^([A-Za-z0-9_.]{1,100}) (asc|desc)$/i.exec(line.trim());
  if (!match) throw invalid(`${param}: expected "<column> <asc|desc>"`);
  const column = match[1] ?? "";
  if (!fields.sortable.has(column)) {
    throw invalid(`${param}: ${fields.module} cannot be sorted by "${column}"`);
  }
  return { column, direction: (match[2] ?? "").toLowerCase() === "asc" ? "asc" : "desc" };
}

/** Page, size, sort, initial_req, with_total and filter_options of a GET /v1/<module>. */
export function parseListQuery(fields: ListFields, query: URLSearchParams): ListParams {
  const raw = parse400(listQuerySchema, {
    page: single(query, "page"),
    size: single(query, "size"),
    sort: single(query, "sort"),
    initial_req: single(query, "initial_req"),
    with_total: single(query, "with_total"),
  });
  return {
    page: raw.page ?? 1,
    size: raw.size ?? DEFAULT_PAGE_SIZE,
    sort: raw.sort === undefined || raw.sort === "" ? null : parseSortLine(fields, raw.sort),
    initialReq: raw.initial_req === "true",
    withTotal: raw.with_total !== "false",
    filters: parseFilterLabels(fields, query),
  };
}

const LABEL = /^filter_options\[([^[\]]*)\]\[([^[\]]*)\]\[([^[\]]+)\](?:\[([^[\]]*)\])?$/;
const INDEX = /^(0|[1-9]\d{0,2})$/;

/** `filter_options[<module>][<n>][<field>]` (+ optional `[<op>]`) labels of a query string. */
/** What the label decoder reads of a list: its module name and filterable fields (the plan and subscription lists have theirs too). */
export type FilterLabelFields = { module: string; filters: ReadonlyMap<string, FilterField> };

export function parseFilterLabels(fields: FilterLabelFields, query: URLSearchParams): Filter[] {
  const filters: Filter[] = [];
  const seen = new Set<string>();
  for (const [label, value] of query) {
    if (!label.startsWith("filter_options")) continue;
    const match = LABEL.exec(label);
    if (!match) {
      throw invalid(`${label}: expected filter_options[<module>][<n>][<field>] or …[<op>]`);
    }
    const [, module = "", index = "", field = "", op] = match;
    if (module !== fields.module) {
      throw invalid(`${label}: the module must be ${fields.module}`);
    }
    if (!INDEX.test(index)) throw invalid(`${label}: the index must be a number from 0`);
    if (seen.has(label)) throw invalid(`${label}: given more than once`);
    seen.add(label);
    filters.push(decodeFilter(fields, label, field, op, value));
    if (filters.length > MAX_FILTERS) {
      throw invalid(`filter_options: more than ${MAX_FILTERS} filters`);
    }
  }
  return filters;
}

const scalar = z.union([z.string(), z.number(), z.boolean()]);
const filterBodySchema = z
  .record(
    z.string(),
    z.array(
      z.record(z.string(), z.union([scalar, z.record(z.string(), scalar)]), {
        error: "each filter must be an object { field: value | { op: value } }",
      }),
      { error: "must be a list of filters" },
    ),
    { error: "must be an object { <module>: [filters] }" },
  )
  .nullish();

const scalarText = (v: string | number | boolean) => (typeof v === "string" ? v : String(v));

/**
 * The same filter map nested in a request body (exports): `{ <module>: [ { field: value } |
 * { field: { op: value } } ] }`. Other lists' keys are ignored; an unknown key is an error.
 */
export function parseFilterBody(fields: ListFields, body: unknown): Filter[] {
  const map = parse400(z.object({ filter_options: filterBodySchema }), {
    filter_options: body,
  }).filter_options;
  if (!map) return [];
  for (const key of Object.keys(map)) {
    if (!["invoices", "payments", "usages", "credits", "statements"].includes(key)) {
      throw invalid(`filter_options.${key}: unknown list`);
    }
  }
  const filters: Filter[] = [];
  (map[fields.module] ?? []).forEach((entry, n) => {
    for (const [field, value] of Object.entries(entry)) {
      const param = `filter_options.${fields.module}[${n}].${field}`;
      if (typeof value === "object") {
        const ops = Object.entries(value);
        if (ops.length === 0) throw invalid(`${param}: no operator`);
        for (const [op, v] of ops) {
          filters.push(decodeFilter(fields, `${param}.${op}`, field, op, scalarText(v)));
        }
      } else {
        filters.push(decodeFilter(fields, param, field, undefined, scalarText(value)));
      }
      if (filters.length > MAX_FILTERS) {
        throw invalid(`filter_options: more than ${MAX_FILTERS} filters`);
      }
    }
  });
  return filters;
}

const REGEX_META = new Set([
  "\\",
  "^",
  "$",
  ".",
  "|",
  "?",
  "*",
  "+",
  "(",
  ")",
  "[",
  "]",
  "{",
  "}",
  "/",
]);
const ANY_REGEX = /^\/[\s\S]*\/[a-z]*$/;
const CONTAINS = /^\/([\s\S]*)\/i$/;
const PRESENT = "/.+/";
const NUMBER = /^-?\d{1,13}(\.\d{1,6})?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const length = (s: string) => [...s].length;

/** The user's text inside `/…/i`: each metacharacter must be backslash-escaped. */
function unescapeContains(inner: string): string | null {
  let out = "";
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i] ?? "";
    if (c === "\\") {
      const next = inner[i + 1];
      if (next === undefined || !REGEX_META.has(next)) return null;
      out += next;
      i++;
    } else if (REGEX_META.has(c)) {
      return null;
    } else {
      out += c;
    }
  }
  return out;
}

/** A real calendar day written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1 && t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

const ALLOWED: Record<FilterField["type"], ReadonlySet<FilterOp>> = {
  boolean: new Set(["eq", "not"]),
  date: new Set(["eq", "gt", "lt", "gte", "lte"]),
  number: new Set(["eq", "not", "gt", "lt", "gte", "lte"]),
  text: new Set(["eq", "not", "contains", "not_contains", "present", "not_present"]),
};

const SUFFIX_OPS: Record<string, FilterOp> = {
  not: "not",
  gt: "gt",
  lt: "lt",
  gte: "gte",
  lte: "lte",
};

/** One filter entry: field, optional operator suffix and the raw value. */
function decodeFilter(
  fields: FilterLabelFields,
  param: string,
  name: string,
  suffix: string | undefined,
  raw: string,
): Filter {
  const field = fields.filters.get(name);
  if (!field) throw invalid(`${param}: ${fields.module} has no filter field "${name}"`);
  let op: FilterOp = "eq";
  if (suffix !== undefined) {
    const mapped = SUFFIX_OPS[suffix];
    if (!mapped) throw invalid(`${param}: unknown operator "${suffix}"`);
    op = mapped;
  }
  let value: string | null = raw;
  if (field.type === "text" && ANY_REGEX.test(raw)) {
    if (raw === PRESENT) {
      op = op === "eq" ? "present" : op === "not" ? "not_present" : op;
      value = null;
    } else {
      const inner = CONTAINS.exec(raw)?.[1];
      const text = inner === undefined ? null : unescapeContains(inner);
      if (text === null) {
        throw invalid(`${param}: only /.+/ and /<escaped text>/i are accepted`);
      }
      if (text === "" || length(text) > MAX_VALUE_LENGTH) {
        throw invalid(`${param}: the text must have 1 to ${MAX_VALUE_LENGTH} characters`);
      }
      op = op === "eq" ? "contains" : op === "not" ? "not_contains" : op;
      value = text;
    }
  } else {
    if (raw === "") throw invalid(`${param}: the value is empty`);
    if (length(raw) > MAX_VALUE_LENGTH) {
      throw invalid(`${param}: the value is longer than ${MAX_VALUE_LENGTH} characters`);
    }
  }
  if (!ALLOWED[field.type].has(op)) {
    throw invalid(`${param}: operator ${suffix ?? "equal"} is not allowed on ${field.type} fields`);
  }
  if (value !== null) value = normaliseValue(field, param, value);
  return { field, op, value };
}

function normaliseValue(field: FilterField, param: string, value: string): string {
  switch (field.type) {
    case "number":
      if (!NUMBER.test(value)) throw invalid(`${param}: "${value}" is not a decimal number`);
      return value;
    case "date":
      if (!isCalendarDate(value)) throw invalid(`${param}: "${value}" is not a YYYY-MM-DD date`);
      return value;
    case "boolean":
      if (value !== "true" && value !== "false") throw invalid(`${param}: must be true or false`);
      return value;
    case "text":
      return field.lowerCase ? value.toLowerCase() : value;
  }
}
