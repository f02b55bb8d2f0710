// The list view in the URL (docs/CONVENTIONS.md 9, 23): one set of nuqs parsers for the server page
// (createLoader), the client hook (useQueryStates) and the query keys, so prefetch and hydration
// read the same view. `nuqs/server` carries no "use client" and imports on both sides.
//
// URL: ?tab=invoices&page=2&size=20&sort=invoice_date.asc&filters=status.eq.unpaid,total.gt.100
// - tab: one of the enabled tabs; missing or invalid → the first enabled tab, by replacement.
// - page: one-based in the URL, zero-based in the view (`pageIndex`).
// - size: 5, 10, 20 or 50.
// - sort: `<column>.<asc|desc>`, columns whitelisted per list; absent means the upstream decides
//   (the user's saved sort, else the list's default), so a saved sort is not overridden.
// - filters: `<field>.<op>[.<value>]` joined by commas; in a value `%` and `,` are written %25
//   and %2C (nothing else needs escaping: nuqs encodes the rest of the query value itself).
// Every key falls back on its own; a bad filter entry drops only itself.
// Switching tabs starts the new tab from its defaults (`tabSwitchHref` drops page, size, sort and
// filters): the five lists share these keys, and one list's sort or filters mean nothing to another.
import {
  createLoader,
  createParser,
  createSerializer,
  parseAsNumberLiteral,
  type LoaderInput,
  type UrlKeys,
} from "nuqs/server";
import {
  PAGE_SIZES,
  getListDefinition,
  isBuiltInFieldName,
  sortableColumns,
  type ListId,
  type ColumnKind,
  type PageSize,
  type Sort,
} from "./definitions";
import { tabParser, type DashboardTab } from "@/lib/dashboard/tabs";
import { toFilterOptionEntries } from "./filter-options";
import {
  CUSTOM_FIELD_NAME,
  MAX_FILTERS,
  builtInFilterField,
  filterFieldsFor,
  isPresenceOperator,
  isTextValue,
  validateFilter,
  type CustomFieldLike,
  type FilterOperator,
  type ListFilter,
} from "./filters";

/** One list's view as the URL holds it, every part defaulted. */
export type ListView = {
  /** Zero-based; the URL and the upstream count from one. */
  pageIndex: number;
  size: PageSize;
  /** null: not chosen in the URL, so the upstream applies the user's saved sort or the default. */
  sort: Sort | null;
  filters: ListFilter[];
};

const MAX_PAGE = 1_000_000;

/** `page`: one-based digits in the URL, a zero-based index in the view. */
export const pageIndexParser = createParser<number>({
  parse: (value) => {
    if (!/^[1-9]\d{0,6}$/.test(value)) return null;
    const page = Number(value);
    return page <= MAX_PAGE ? page - 1 : null;
  },
  serialize: (index) => String(Math.max(0, Math.floor(index)) + 1),
});

const sameSort = (a: Sort | null, b: Sort | null) =>
  a === b || (!!a && !!b && a.column === b.column && a.direction === b.direction);

/** `sort` of one list: `<column>.<asc|desc>` with a whitelisted column. */
export function sortParser(list: ListId) {
  const allowed = sortableColumns(list);
  return createParser<Sort>({
    parse: (value) => parseSortToken(value, allowed),
    serialize: (sort) => `${sort.column}.${sort.direction}`,
    eq: sameSort,
  });
}

function parseSortToken(value: string, allowed: readonly string[]): Sort | null {
  const dot = value.lastIndexOf(".");
  const column = value.slice(0, dot);
  const direction = value.slice(dot + 1);
  if (dot < 1 || !allowed.includes(column)) return null;
  return direction === "asc" || direction === "desc" ? { column, direction } : null;
}

const OPERATOR_TOKENS: Readonly<Record<FilterOperator, string>> = {
  equal: "eq",
  not_equal: "ne",
  like: "like",
  not_like: "nlike",
  is_present: "present",
  is_not_present: "absent",
  gt: "gt",
  lt: "lt",
  gte: "gte",
  lte: "lte",
};
const OPERATOR_BY_TOKEN = new Map(
  Object.entries(OPERATOR_TOKENS).map(([op, token]) => [token, op as FilterOperator]),
);

const escapeFilterValue = (value: string) => value.replace(/%/g, "%25").replace(/,/g, "%2C");
const unescapeFilterValue = (value: string) =>
  value.replace(/%(25|2C)/gi, (_, code: string) => (code === "25" ? "%" : ","));

/** One entry `<field>.<op>[.<value>]`, validated on its own; null drops it. */
function parseFilterToken(list: ListId, token: string): ListFilter | null {
  const [field = "", opToken = "", ...rest] = token.split(".");
  const operator = OPERATOR_BY_TOKEN.get(opToken);
  if (!operator || !CUSTOM_FIELD_NAME.test(field)) return null;
  const raw = rest.length > 0 ? unescapeFilterValue(rest.join(".")) : null;
  const builtIn = builtInFilterField(list, field);
  if (builtIn) return validateFilter(builtIn, operator, raw);
  // A built-in column that is not a filter field (e.g. invoice_amount) is no custom field either.
  if (isBuiltInFieldName(list, field)) return null;
  // A custom field: its type is known only once the configuration has loaded
  // (restrictFiltersToConfiguration); here only the syntax is checked.
  if (isPresenceOperator(operator)) return { field, operator, value: null };
  if (raw === null || !isTextValue(raw)) return null;
  return { field, operator, value: raw.trim() };
}

const sameFilter = (a: ListFilter, b: ListFilter) =>
  a.field === b.field && a.operator === b.operator && a.value === b.value;
const sameFilters = (a: readonly ListFilter[], b: readonly ListFilter[]) =>
  a.length === b.length && a.every((f, i) => sameFilter(f, b[i] as ListFilter));

/** Adds a filter unless the same one is already there, keeping at most MAX_FILTERS. */
function appendUnique(filters: ListFilter[], filter: ListFilter): ListFilter[] {
  if (filters.length >= MAX_FILTERS || filters.some((f) => sameFilter(f, filter))) return filters;
  return [...filters, filter];
}

/** Reads the `filters` value of a list; bad entries are dropped, the rest kept in order. */
export function parseFiltersParam(list: ListId, value: string): ListFilter[] {
  let out: ListFilter[] = [];
  for (const token of value.split(",")) {
    const filter = parseFilterToken(list, token);
    if (filter) out = appendUnique(out, filter);
  }
  return out;
}

/** Writes filters as the `filters` value. */
export function serializeFiltersParam(filters: readonly ListFilter[]): string {
  return filters
    .map((f) => {
      const head = `${f.field}.${OPERATOR_TOKENS[f.operator]}`;
      return f.value === null ? head : `${head}.${escapeFilterValue(f.value)}`;
    })
    .join(",");
}

/** `filters` of one list. */
export function filtersParser(list: ListId) {
  return createParser<ListFilter[]>({
    parse: (value) => parseFiltersParam(list, value),
    serialize: serializeFiltersParam,
    eq: sameFilters,
  });
}

function buildParsers(list: ListId) {
  const def = getListDefinition(list);
  return {
    pageIndex: pageIndexParser.withDefault(0),
    size: parseAsNumberLiteral(PAGE_SIZES).withDefault(def.defaultPageSize),
    sort: sortParser(list),
    filters: filtersParser(list).withDefault([]),
  };
}
export type ListViewParsers = ReturnType<typeof buildParsers>;

/** The URL keys of the view's fields. */
export const listViewUrlKeys: UrlKeys<ListViewParsers> = { pageIndex: "page" };

/** Options for `useQueryStates(listViewParsers(list), listViewOptions)`: back/forward step through views; React Query fetches, not the server. */
export const listViewOptions = {
  history: "push",
  shallow: true,
  urlKeys: listViewUrlKeys,
} as const;

const parserCache = new Map<ListId, ListViewParsers>();

/** The nuqs parsers of a list's view; the same object on every call, so hooks get a stable map. */
export function listViewParsers(list: ListId): ListViewParsers {
  let parsers = parserCache.get(list);
  if (!parsers) {
    parsers = buildParsers(list);
    parserCache.set(list, parsers);
  }
  return parsers;
}

const loaders = new Map<ListId, (input: LoaderInput) => ListView>();

/** A list's view from any search params (page props, URLSearchParams, a query string); never throws, every part falls back on its own. */
export function readListView(list: ListId, input: LoaderInput): ListView {
  let load = loaders.get(list);
  if (!load) {
    const loader = createLoader(listViewParsers(list), { urlKeys: listViewUrlKeys });
    load = (i) => loader(i);
    loaders.set(list, load);
  }
  const view = load(input);
  return {
    pageIndex: view.pageIndex,
    size: view.size,
    sort: view.sort,
    filters: view.filters,
  };
}

/** A list's default view. */
export function defaultListView(list: ListId): ListView {
  return {
    pageIndex: 0,
    size: getListDefinition(list).defaultPageSize,
    sort: null,
    filters: [],
  };
}

/** The sort the table shows: the URL's, else the user's saved one (tableConfig.sort), else the list's default. */
export function effectiveSort(list: ListId, view: ListView, saved: Sort | null | undefined): Sort {
  return view.sort ?? saved ?? getListDefinition(list).defaultSort;
}

const serializers = new Map<ListId, (values: ListView & { tab: DashboardTab }) => string>();

/** The query string (with `?`) of a list's view, defaults left out, the tab always in. */
export function serializeListView(list: ListId, view: ListView): string {
  let serialize = serializers.get(list);
  if (!serialize) {
    const serializer = createSerializer(
      { tab: tabParser, ...listViewParsers(list) },
      { urlKeys: listViewUrlKeys },
    );
    serialize = (values) => serializer(values);
    serializers.set(list, serialize);
  }
  return serialize({ tab: list, ...view });
}

// ——— Transitions: a filter, sort or page-size change returns to page one (spec 001 §4) ———

/** The view with other filters, on page one. */
export function withFilters(view: ListView, filters: readonly ListFilter[]): ListView {
  return { ...view, filters: filters.reduce<ListFilter[]>(appendUnique, []), pageIndex: 0 };
}

/** The view with one more filter (an identical one is not added twice), on page one. */
export function withFilterAdded(view: ListView, filter: ListFilter): ListView {
  return withFilters(view, [...view.filters, filter]);
}

/** The view without the filter at `index`, on page one. */
export function withFilterRemoved(view: ListView, index: number): ListView {
  return withFilters(
    view,
    view.filters.filter((_, i) => i !== index),
  );
}

// A header's first click: words and dates A→Z and oldest first, amounts, counts and flags largest
// first (what a reader looks for at the top); a second click reverses. The server sorts.
const FIRST_DESCENDING: ReadonlySet<ColumnKind> = new Set<ColumnKind>([
  "money",
  "number",
  "percent",
  "boolean",
  "overdue",
  "creditBalance",
]);

/** The sort a click on a column's header asks for, after the list's current sort. */
export function sortAfterClick(current: Sort, column: { id: string; kind: ColumnKind }): Sort {
  if (current.column === column.id)
    return { column: column.id, direction: current.direction === "desc" ? "asc" : "desc" };
  return { column: column.id, direction: FIRST_DESCENDING.has(column.kind) ? "desc" : "asc" };
}

/** The view with another sort (null: back to the saved or default sort), on page one. */
export function withSort(view: ListView, sort: Sort | null): ListView {
  return { ...view, sort, pageIndex: 0 };
}

/** The view with another page size, on page one. */
export function withPageSize(view: ListView, size: PageSize): ListView {
  return { ...view, size, pageIndex: 0 };
}

/** The view on another page (zero-based). */
export function withPageIndex(view: ListView, pageIndex: number): ListView {
  return { ...view, pageIndex: Math.max(0, Math.floor(pageIndex)) };
}

/**
 * Filters a list's configuration allows: built-ins as they are, custom fields only when the
 * configuration has them as filterable, with an operator and a value their type allows.
 */
export function restrictFiltersToConfiguration(
  list: ListId,
  filters: readonly ListFilter[],
  customFields: readonly CustomFieldLike[],
): ListFilter[] {
  const fields = new Map(filterFieldsFor(list, customFields).map((f) => [f.name, f]));
  const out: ListFilter[] = [];
  for (const filter of filters) {
    const field = fields.get(filter.field);
    const valid = field ? validateFilter(field, filter.operator, filter.value) : null;
    if (valid) out.push(valid);
  }
  return out;
}

export type UpstreamQueryOptions = {
  /** Ask for tableConfiguration and objectConfiguration too. */
  initial: boolean;
  /** Ask for the count; false when the total of these filters is cached. */
  withTotal: boolean;
  /** When known, custom-field filters the configuration does not allow are left out (the upstream would answer 400). */
  customFields?: readonly CustomFieldLike[];
};

/** The GET /v1/<module> query of a view: page one-based, size, sort `column dir`, flags and filter_options labels. */
export function toUpstreamQuery(
  list: ListId,
  view: ListView,
  options: UpstreamQueryOptions,
): Record<string, string> {
  const filters = options.customFields
    ? restrictFiltersToConfiguration(list, view.filters, options.customFields)
    : view.filters;
  const query: Record<string, string> = {
    page: String(view.pageIndex + 1),
    size: String(view.size),
    initial_req: String(options.initial),
    with_total: String(options.withTotal),
  };
  if (view.sort) query.sort = `${view.sort.column} ${view.sort.direction}`;
  for (const [label, value] of toFilterOptionEntries(list, filters)) query[label] = value;
  return query;
}
