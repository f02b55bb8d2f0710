// How one list answer is laid into the React Query cache, the same way on the server (prefetch
// before hydration) and in the browser (each fetch): rows and count under the page's key, the
// configuration (columns, custom fields, saved layout) and the count apart, so paging asks
// neither again (initial_req=false, with_total=false).
import type { QueryClient } from "@tanstack/react-query";
import type { ListAnswer, ListConfig } from "@/lib/schemas/lists";
import type { ListId } from "./definitions";
import type { ListView } from "./params";
import { listKeys } from "./query-keys";

/** What a page query holds. */
export type ListPageData<L extends ListId = ListId> = {
  rows: ListAnswer<L>["rows"];
  total: number;
};

/** What the configuration query holds. */
export type ListConfigData = ListConfig;

/** Whether the next request for this view must ask for the configuration and the count. */
export function requestFlags(
  client: QueryClient,
  list: ListId,
  customerId: string,
  view: ListView,
): { initial: boolean; withTotal: boolean } {
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
