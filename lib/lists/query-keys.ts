// React Query keys of the lists and the account (CONVENTIONS 10): one hierarchy, so a prefix
// invalidates everything under it — `listKeys.list("invoices")` after a column save,
// `listKeys.all` after a payment — and switching customer clears the whole cache.
import type { ListId } from "./definitions";
import type { ListFilter } from "./filters";
import type { ListView } from "./params";

/** A view as plain, ordered data for a key; the server page and the client hook build it the same way. */
export function viewKey(view: ListView) {
  return {
    page: view.pageIndex,
    size: view.size,
    sort: view.sort ? `${view.sort.column} ${view.sort.direction}` : null,
    filters: filtersKey(view.filters),
  };
}

/** Filters as tuples for a key; their order matters (it is the order of filter_options). */
export function filtersKey(filters: readonly ListFilter[]) {
  return filters.map((f) => [f.field, f.operator, f.value] as const);
}

export const listKeys = {
  all: ["lists"] as const,
  /** Everything of one list. */
  list: (list: ListId) => [...listKeys.all, list] as const,
  /** Every page of one list for one customer. */
  pages: (list: ListId, customerId: string) =>
    [...listKeys.list(list), "page", customerId] as const,
  /** One page of rows. */
  page: (list: ListId, customerId: string, view: ListView) =>
    [...listKeys.pages(list, customerId), viewKey(view)] as const,
  /** The count for a filter set, cached apart from the pages (with_total=false on paging). */
  total: (list: ListId, customerId: string, filters: readonly ListFilter[]) =>
    [...listKeys.list(list), "total", customerId, filtersKey(filters)] as const,
  /** Existing values of a field for the filter builder (fetch_instances uses the session's customer). */
  instances: (list: ListId, field: string, search: string) =>
    [...listKeys.list(list), "instances", field, search] as const,
  /** The list's columns, custom fields and saved table layout. */
  config: (list: ListId, customerId: string) =>
    [...listKeys.list(list), "config", customerId] as const,
};

export const accountKeys = {
  all: ["account"] as const,
  /** The balance banner's account detail. */
  detail: (customerId: string) => [...accountKeys.all, "detail", customerId] as const,
};
