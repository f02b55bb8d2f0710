// The lists' queries (docs/CONVENTIONS.md 10, 11): one key hierarchy, the cache layout of a list answer and
// the queryOptions that both the dashboard's server prefetch (lib/query/lists.ts) and the browser's
// hooks (use-list.ts) use, so the keys match and hydration hits. A prefix invalidates everything
// under it — `listKeys.list("invoices")` after a column save, `listKeys.all` after a payment — and
// switching customer clears the whole cache. The fetch itself is passed in: the server reads /v1
// (lib/billing/lists), the browser the BFF (bff.ts); this module imports neither.
import { queryOptions, skipToken, type QueryClient } from "@tanstack/react-query";
import type {
  AccountDetail,
  ListAnswer,
  ListConfig,
  ListId,
  TableConfig,
} from "@/lib/schemas/lists";
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

// ——— How one list answer is laid into the cache ———
// The same way on the server (prefetch before hydration) and in the browser (each fetch): rows and
// count under the page's key, the configuration (columns, custom fields, saved layout) and the
// count apart, so paging asks neither again (initial_req=false, with_total=false).

/** What a page query holds. */
export type ListPageData<L extends ListId = ListId> = {
  rows: ListAnswer<L>["rows"];
  total: number;
};

/** What the configuration query holds. */
export type ListConfigData = ListConfig;

/** The layout of a list whose user has saved none. */
export const EMPTY_TABLE_CONFIG: TableConfig = { widths: {}, order: [], sort: null };

/** What a list page request asks for besides the rows. */
export type ListPageFlags = { initial: boolean; withTotal: boolean };

/** Whether the next request for this view must ask for the configuration and the count. */
export function requestFlags(
  client: QueryClient,
  list: ListId,
  customerId: string,
  view: ListView,
): ListPageFlags {
  return {
    initial: client.getQueryData(listKeys.config(list, customerId)) === undefined,
    withTotal: client.getQueryData(listKeys.total(list, customerId, view.filters)) === undefined,
  };
}

/** Stores configuration and count of an answer; the page data to keep under the page's key. */
export function absorbListAnswer<L extends ListId>(
  client: QueryClient,
  list: L,
  customerId: string,
  view: ListView,
  answer: ListAnswer<L>,
): ListPageData<L> {
  if (answer.config) client.setQueryData(listKeys.config(list, customerId), answer.config);
  const totalKey = listKeys.total(list, customerId, view.filters);
  if (answer.total !== null) client.setQueryData(totalKey, answer.total);
  const total = answer.total ?? client.getQueryData<number>(totalKey) ?? answer.rows.length;
  return { rows: answer.rows, total };
}

// ——— Query options ———

/** Reads one page of a list with the given flags (the BFF in the browser, /v1 on the server). */
export type ListPageLoader<L extends ListId> = (flags: ListPageFlags) => Promise<ListAnswer<L>>;

/**
 * A list's page for a view. The first page of a list asks for the configuration and the count;
 * paging with the same filters asks for neither.
 */
export function listPageQuery<L extends ListId>(
  client: QueryClient,
  list: L,
  customerId: string,
  view: ListView,
  load: ListPageLoader<L>,
) {
  return queryOptions<ListPageData<L>>({
    queryKey: listKeys.page(list, customerId, view),
    queryFn: async () =>
      absorbListAnswer(
        client,
        list,
        customerId,
        view,
        await load(requestFlags(client, list, customerId, view)),
      ),
  });
}

/** A list's configuration: filled by its page queries (and the server's prefetch), never fetched on its own. */
export function listConfigQuery(list: ListId, customerId: string) {
  return queryOptions<ListConfigData>({
    queryKey: listKeys.config(list, customerId),
    queryFn: skipToken,
    staleTime: Infinity,
  });
}

/** The balance banner's account detail. */
export function accountDetailQuery(customerId: string, load: () => Promise<AccountDetail>) {
  return queryOptions<AccountDetail>({
    queryKey: accountKeys.detail(customerId),
    queryFn: () => load(),
  });
}
