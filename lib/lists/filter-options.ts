// The lists' filters as `filter_options` (docs/CONTRACT.md §5): the portal's own value rules
// (status names) over the contract's encoder, which the billing API's decoder reads back.
import {
  filterOptionLabels,
  filterOptionsBody,
  type FilterOptionsBody,
  type WireFilter,
} from "@billing-portal/contract/filter-options";
import { getListDefinition, type ListId } from "./definitions";
import type { ListFilter } from "./filters";

export {
  containsRegex,
  escapeRegexText,
  type FilterOptionsBody,
} from "@billing-portal/contract/filter-options";

/**
 * A filter's value as the backend stores it: status values lower-cased, and the invoice status
 * the portal shows as 'unpaid' is 'posted' upstream (spec 001 §4).
 */
export function wireFilterValue(list: ListId, field: string, value: string): string {
  if (field !== "status") return value;
  const lower = value.toLowerCase();
  return list === "invoices" && lower === "unpaid" ? "posted" : lower;
}

/** The filter with its value as the backend stores it. */
function toWire(list: ListId, filter: ListFilter): WireFilter {
  if (filter.value === null) return filter;
  return { ...filter, value: wireFilterValue(list, filter.field, filter.value) };
}

/** The query labels and values of the filters, `n` counting from 0 in the given order. */
export function toFilterOptionEntries(
  list: ListId,
  filters: readonly ListFilter[],
): [label: string, value: string][] {
  return filterOptionLabels(
    getListDefinition(list).module,
    filters.map((f) => toWire(list, f)),
  );
}

/** The same filters nested, for a request body (POST /v1/exports). */
export function toFilterOptionsBody(
  list: ListId,
  filters: readonly ListFilter[],
): FilterOptionsBody {
  return filterOptionsBody(
    getListDefinition(list).module,
    filters.map((f) => toWire(list, f)),
  );
}
