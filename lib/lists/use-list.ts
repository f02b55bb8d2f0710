"use client";

import { keepPreviousData, skipToken, useQuery, useQueryClient } from "@tanstack/react-query";
import { useQueryStates } from "nuqs";
import { useCallback, useMemo } from "react";
import { fetchListPage } from "./bff";
import type { ListId } from "./definitions";
import {
  absorbListAnswer,
  requestFlags,
  type ListConfigData,
  type ListPageData,
} from "./list-cache";
import { listViewOptions, listViewParsers, type ListView } from "./params";
import { listKeys } from "./query-keys";

/** A list's view from the page's URL, and a setter that pushes a new history entry (back and forward step through views). */
export function useListView(list: ListId): [ListView, (next: ListView) => void] {
  const [state, setState] = useQueryStates(listViewParsers(list), listViewOptions);
  const { pageIndex, size, sort, filters } = state;
  const view = useMemo<ListView>(
    () => ({ pageIndex, size, sort, filters }),
    [pageIndex, size, sort, filters],
  );
  const setView = useCallback(
    (next: ListView) => {
      void setState(next);
    },
    [setState],
  );
  return [view, setView];
}

/**
 * A list's page for a view, and the list's configuration. The first page of a list asks for the
 * configuration and the count; paging with the same filters asks for neither (list-cache.ts). The
 * previous page stays on screen while the next one loads.
 */
export function useListData<L extends ListId>(list: L, customerId: string, view: ListView) {
  const client = useQueryClient();
  const page = useQuery<ListPageData<L>>({
    queryKey: listKeys.page(list, customerId, view),
    queryFn: async () => {
      const answer = await fetchListPage(list, view, requestFlags(client, list, customerId, view));
      return absorbListAnswer(client, list, customerId, view, answer);
    },
    placeholderData: keepPreviousData,
  });
  // Filled by the page query (and the server's prefetch); never fetched on its own.
  const config = useQuery<ListConfigData>({
    queryKey: listKeys.config(list, customerId),
    queryFn: skipToken,
    staleTime: Infinity,
  });
  return { page, config: config.data };
}
