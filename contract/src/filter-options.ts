// The `filter_options` grammar of docs/CONTRACT.md §5, its encoder and its decoder side by side:
// the portal encodes the filter builder's filters with the first half, a billing API decodes them
// with the second (the sandbox does), and tests/filter-options.test.ts proves that one reads what
// the other writes. Plain TypeScript, no zod: the portal's browser code encodes filters too.
//
// Two spellings of one map: query labels `filter_options[<module>][<n>][<field>]` with an optional
// `[<op>]` suffix (GET /v1/<module>), and a nested body object
// `{ <module>: [ { <field>: value } | { <field>: { <op>: value } } ] }` (POST /v1/exports).

import { isCalendarDate } from "./calendar/days";

/** A real calendar day written YYYY-MM-DD: the date filters' values (moved to the calendar module). */
export { isCalendarDate } from "./calendar/days";

/** The types a filter field has; they decide the operators and the form of the value. */
export const FILTER_VALUE_TYPES = ["text", "number", "date", "boolean"] as const;
export type FilterValueType = (typeof FILTER_VALUE_TYPES)[number];

/** The filter builder's operators (spec 001 §5), as the portal names them. */
export const FILTER_OPERATORS = [
  "equal",
  "not_equal",
  "like",
  "not_like",
  "is_present",
  "is_not_present",
  "gt",
  "lt",
  "gte",
  "lte",
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** The builder's operators per value type (spec 001 §5); the order is the select's order. */
export const BUILDER_OPERATORS: Readonly<Record<FilterValueType, readonly FilterOperator[]>> = {
  boolean: ["equal", "not_equal"],
  date: ["equal", "lte", "gte"],
  number: ["equal", "not_equal", "gt", "lt"],
  text: ["equal", "not_equal", "like", "not_like", "is_present", "is_not_present"],
};

/** A filter to encode; `value` is canonical (text, decimal, `true`/`false`, `YYYY-MM-DD`), null for presence. */
export type WireFilter = { field: string; operator: FilterOperator; value: string | null };

/** The label suffix of an operator on the wire; null means none (equal, like, is_present). */
export type FilterSuffix = "not" | "gt" | "lt" | "gte" | "lte" | null;
export type EncodedFilter = { field: string; suffix: FilterSuffix; value: string };

/** The nested spelling (a request body's `filter_options`). */
export type FilterOptionsBody = Record<
  string,
  Array<Record<string, string | Record<string, string>>>
>;

export const MAX_FILTERS = 20;
/** Longest value (and contains text) in characters, not UTF-16 units. */
export const MAX_FILTER_VALUE_LENGTH = 200;

/** The regex for any non-empty value (is_present, and is_not_present with `[not]`). */
export const PRESENT_REGEX = "/.+/";

// Each of `\ ^ $ . | ? * + ( ) [ ] { } /` is escaped with a backslash, and nothing else is.
const REGEX_METACHARACTERS = /[\\^$.|?*+()[\]{}/]/g;
const REGEX_META = new Set("\\^$.|?*+()[]{}/");

// ——— Encoding ———

/** The user's text with each regex metacharacter preceded by a backslash. */
export function escapeRegexText(text: string): string {
  return text.replace(REGEX_METACHARACTERS, (c) => `\\${c}`);
}

/** The case-insensitive "contains" regex for a text. */
export function containsRegex(text: string): string {
  return `/${escapeRegexText(text)}/i`;
}

const SUFFIX: Readonly<Record<FilterOperator, FilterSuffix>> = {
  equal: null,
  not_equal: "not",
  like: null,
  not_like: "not",
  is_present: null,
  is_not_present: "not",
  gt: "gt",
  lt: "lt",
  gte: "gte",
  lte: "lte",
};

/** One filter as field, label suffix and wire value. */
export function encodeFilter(filter: WireFilter): EncodedFilter {
  const suffix = SUFFIX[filter.operator];
  if (filter.operator === "is_present" || filter.operator === "is_not_present")
    return { field: filter.field, suffix, value: PRESENT_REGEX };
  const value = filter.value ?? "";
  if (filter.operator === "like" || filter.operator === "not_like")
    return { field: filter.field, suffix, value: containsRegex(value) };
  return { field: filter.field, suffix, value };
}

/** The query labels and values of the filters, `n` counting from 0 in the given order. */
export function filterOptionLabels(
  module: string,
  filters: readonly WireFilter[],
): [label: string, value: string][] {
  return filters.map((filter, n) => {
    const { field, suffix, value } = encodeFilter(filter);
    return [`filter_options[${module}][${n}][${field}]${suffix ? `[${suffix}]` : ""}`, value];
  });
}

/** The same filters nested, for a request body. */
export function filterOptionsBody(
  module: string,
  filters: readonly WireFilter[],
): FilterOptionsBody {
  return {
    [module]: filters.map((filter) => {
      const { field, suffix, value } = encodeFilter(filter);
      return { [field]: suffix ? { [suffix]: value } : value };
    }),
  };
}

// ——— Decoding ———

/** What a decoded filter does; `value` is normalised (status lower-cased), null for presence. */
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

/** What the decoder needs of a field: its type, and whether it compares lower-cased (status). */
export type FilterFieldSpec = { type: FilterValueType; lowerCase?: boolean };

/** The fields a module's filters may name. */
export type FilterFieldSet<F extends FilterFieldSpec> = {
  module: string;
  filters: ReadonlyMap<string, F>;
};

export type DecodedFilter<F extends FilterFieldSpec> = {
  field: F;
  op: FilterOp;
  value: string | null;
};

/** Malformed filter_options; the message names the parameter (a billing API answers it as 400). */
export class FilterOptionsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FilterOptionsError";
  }
}

const invalid = (message: string) => new FilterOptionsError(message);

/** The operators each type allows on the wire (a superset of the builder's: gt, lt on dates too). */
export const ALLOWED_OPS: Readonly<Record<FilterValueType, ReadonlySet<FilterOp>>> = {
  boolean: new Set(["eq", "not"]),
  date: new Set(["eq", "gt", "lt", "gte", "lte"]),
  number: new Set(["eq", "not", "gt", "lt", "gte", "lte"]),
  text: new Set(["eq", "not", "contains", "not_contains", "present", "not_present"]),
};

const SUFFIX_OPS: Readonly<Record<string, FilterOp>> = {
  not: "not",
  gt: "gt",
  lt: "lt",
  gte: "gte",
  lte: "lte",
};

const LABEL = /^filter_options\[([^[\]]*)\]\[([^[\]]*)\]\[([^[\]]+)\](?:\[([^[\]]*)\])?$/;
const INDEX = /^(0|[1-9]\d{0,2})$/;
const ANY_REGEX = /^\/[\s\S]*\/[a-z]*$/;
const CONTAINS = /^\/([\s\S]*)\/i$/;
/** A decimal as the filters write one. */
export const FILTER_NUMBER = /^-?\d{1,13}(\.\d{1,6})?$/;

const characters = (s: string) => [...s].length;

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

function normaliseValue(field: FilterFieldSpec, param: string, value: string): string {
  switch (field.type) {
    case "number":
      if (!FILTER_NUMBER.test(value)) throw invalid(`${param}: "${value}" is not a decimal number`);
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

/** One filter entry: field name, optional operator suffix and the raw value. */
export function decodeFilter<F extends FilterFieldSpec>(
  fields: FilterFieldSet<F>,
  param: string,
  name: string,
  suffix: string | undefined,
  raw: string,
): DecodedFilter<F> {
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
    if (raw === PRESENT_REGEX) {
      op = op === "eq" ? "present" : op === "not" ? "not_present" : op;
      value = null;
    } else {
      const inner = CONTAINS.exec(raw)?.[1];
      const text = inner === undefined ? null : unescapeContains(inner);
      if (text === null) {
        throw invalid(`${param}: only /.+/ and /<escaped text>/i are accepted`);
      }
      if (text === "" || characters(text) > MAX_FILTER_VALUE_LENGTH) {
        throw invalid(`${param}: the text must have 1 to ${MAX_FILTER_VALUE_LENGTH} characters`);
      }
      op = op === "eq" ? "contains" : op === "not" ? "not_contains" : op;
      value = text;
    }
  } else {
    if (raw === "") throw invalid(`${param}: the value is empty`);
    if (characters(raw) > MAX_FILTER_VALUE_LENGTH) {
      throw invalid(`${param}: the value is longer than ${MAX_FILTER_VALUE_LENGTH} characters`);
    }
  }
  if (!ALLOWED_OPS[field.type].has(op)) {
    throw invalid(`${param}: operator ${suffix ?? "equal"} is not allowed on ${field.type} fields`);
  }
  if (value !== null) value = normaliseValue(field, param, value);
  return { field, op, value };
}

/** The `filter_options[<module>][<n>][<field>]` (+ optional `[<op>]`) labels of a query string. */
export function decodeFilterLabels<F extends FilterFieldSpec>(
  fields: FilterFieldSet<F>,
  query: URLSearchParams,
): DecodedFilter<F>[] {
  const filters: DecodedFilter<F>[] = [];
  const seen = new Set<string>();
  for (const [label, value] of query) {
    if (!label.startsWith("filter_options")) continue;
    const match = LABEL.exec(label);
    if (!match) {
      throw invalid(`${label}: expected filter_options[<module>][<n>][<field>] or …[<op>]`);
    }
    const [, module = "", index = "", field = "", op] = match;
    if (module !== fields.module) throw invalid(`${label}: the module must be ${fields.module}`);
    if (!INDEX.test(index)) throw invalid(`${label}: the index must be a number from 0`);
    if (seen.has(label)) throw invalid(`${label}: given more than once`);
    seen.add(label);
    filters.push(decodeFilter(fields, label, field, op, value));
    if (filters.length > MAX_FILTERS)
      throw invalid(`filter_options: more than ${MAX_FILTERS} filters`);
  }
  return filters;
}

type Scalar = string | number | boolean;
const isScalar = (v: unknown): v is Scalar =>
  typeof v === "string" || typeof v === "number" || typeof v === "boolean";
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The nested spelling: `{ <module>: [ { field: value } | { field: { op: value } } ] }`. Other
 * lists' keys (of `modules`) are ignored, any other key is an error; null and undefined are none.
 */
export function decodeFilterBody<F extends FilterFieldSpec>(
  fields: FilterFieldSet<F>,
  body: unknown,
  modules: readonly string[],
): DecodedFilter<F>[] {
  if (body === null || body === undefined) return [];
  if (!isPlainObject(body))
    throw invalid("filter_options: must be an object { <module>: [filters] }");
  for (const [key, list] of Object.entries(body)) {
    if (!Array.isArray(list)) throw invalid(`filter_options.${key}: must be a list of filters`);
    list.forEach((entry: unknown, n) => {
      const entryOk =
        isPlainObject(entry) &&
        Object.values(entry).every(
          (v) => isScalar(v) || (isPlainObject(v) && Object.values(v).every(isScalar)),
        );
      if (!entryOk) {
        throw invalid(
          `filter_options.${key}.${n}: each filter must be an object { field: value | { op: value } }`,
        );
      }
    });
    if (!modules.includes(key)) throw invalid(`filter_options.${key}: unknown list`);
  }
  const filters: DecodedFilter<F>[] = [];
  const entries = (body[fields.module] ?? []) as Record<string, Scalar | Record<string, Scalar>>[];
  entries.forEach((entry, n) => {
    for (const [field, value] of Object.entries(entry)) {
      const param = `filter_options.${fields.module}[${n}].${field}`;
      if (typeof value === "object") {
        const ops = Object.entries(value);
        if (ops.length === 0) throw invalid(`${param}: no operator`);
        for (const [op, v] of ops) {
          filters.push(decodeFilter(fields, `${param}.${op}`, field, op, String(v)));
        }
      } else {
        filters.push(decodeFilter(fields, param, field, undefined, String(value)));
      }
      if (filters.length > MAX_FILTERS) {
        throw invalid(`filter_options: more than ${MAX_FILTERS} filters`);
      }
    }
  });
  return filters;
}

// ——— Custom fields ———

/** The `field_type`s a custom field of a list may have. */
export const CUSTOM_FIELD_TYPES = [
  "currency",
  "money",
  "percentage",
  "boolean",
  "date",
  "file_upload",
  "textarea",
  "formula",
  "inherited",
  "number",
  "text",
] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

const NUMBER_TYPES = new Set(["currency", "money", "percentage", "number", "formula"]);

/**
 * The filter type of a custom field's `field_type`; null when it cannot be filtered (file_upload).
 * text, textarea and inherited are text; a type this list does not name (select, lookup…) holds
 * text too, so it filters as text.
 */
export function customFieldFilterType(fieldType: string): FilterValueType | null {
  const type = fieldType.trim().toLowerCase();
  if (type === "file_upload") return null;
  if (NUMBER_TYPES.has(type)) return "number";
  if (type === "boolean") return "boolean";
  if (type === "date") return "date";
  return "text";
}
