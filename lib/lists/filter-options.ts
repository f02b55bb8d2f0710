// The filter encoder of docs/CONTRACT.md §5: applied filters → `filter_options`, as query labels
// (`filter_options[<module>][<n>][<field>][<op>]`) for GET /v1/<module> and nested for the export body.
import { getListDefinition, type ListId } from "./definitions";
import type { FilterOperator, ListFilter } from "./filters";

/** The label suffix of an operator on the wire; null means none (equal, like, is_present). */
export type FilterSuffix = "not" | "gt" | "lt" | "gte" | "lte" | null;
export type EncodedFilter = { field: string; suffix: FilterSuffix; value: string };

export type FilterOptionsBody = Record<
  string,
  Array<Record<string, string | Record<string, string>>>
>;

/** The regex for any non-empty value (is_present, and is_not_present with `[not]`). */
export const PRESENT_REGEX = "/.+/";

// The decoder accepts exactly these escapes; anything else unescaped in a regex is a 400.
const REGEX_METACHARACTERS = /[\\^$.|?*+()[\]{}/]/g;

/** The user's text with each of `\ ^ $ . | ? * + ( ) [ ] { } /` preceded by a backslash. */
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

/**
 * A filter's value as the backend stores it: status values lower-cased, and the invoice status
 * the portal shows as 'unpaid' is 'posted' upstream (spec 001 §4).
 */
export function wireFilterValue(list: ListId, field: string, value: string): string {
  if (field !== "status") return value;
  const lower = value.toLowerCase();
  return list === "invoices" && lower === "unpaid" ? "posted" : lower;
}

/** One filter as field, label suffix and wire value. */
export function encodeFilter(list: ListId, filter: ListFilter): EncodedFilter {
  const suffix = SUFFIX[filter.operator];
  if (filter.operator === "is_present" || filter.operator === "is_not_present")
    return { field: filter.field, suffix, value: PRESENT_REGEX };
  const value = wireFilterValue(list, filter.field, filter.value ?? "");
  if (filter.operator === "like" || filter.operator === "not_like")
    return { field: filter.field, suffix, value: containsRegex(value) };
  return { field: filter.field, suffix, value };
}

/** The query labels and values of the filters, `n` counting from 0 in the given order. */
export function toFilterOptionEntries(
  list: ListId,
  filters: readonly ListFilter[],
): [label: string, value: string][] {
  const listModule = getListDefinition(list).module;
  return filters.map((filter, n) => {
    const { field, suffix, value } = encodeFilter(list, filter);
    const label = `filter_options[${listModule}][${n}][${field}]${suffix ? `[${suffix}]` : ""}`;
    return [label, value];
  });
}

/** The same filters nested, for a request body (POST /v1/exports). */
export function toFilterOptionsBody(
  list: ListId,
  filters: readonly ListFilter[],
): FilterOptionsBody {
  const listModule = getListDefinition(list).module;
  return {
    [listModule]: filters.map((filter) => {
      const { field, suffix, value } = encodeFilter(list, filter);
      return { [field]: suffix ? { [suffix]: value } : value };
    }),
  };
}
