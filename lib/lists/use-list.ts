"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useQueryStates } from "nuqs";
import { useCallback, useMemo } from "react";
import type { ListId } from "@/lib/schemas/lists";
import { fetchListPage } from "./bff";
import { listViewOptions, listViewParsers, type ListView } from "./params";
import { listConfigQuery, listPageQuery } from "./queries";

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
 * A list's page for a view, and the list's configuration (queries.ts). The previous page stays on
 * screen while the next one loads.
 */
export function useListData<L extends ListId>(list: L, customerId: string, view: ListView) {
  const client = useQueryClient();
  const page = useQuery({
    ...listPageQuery(client, list, customerId, view, (flags) => fetchListPage(list, view, flags)),
    placeholderData: keepPreviousData,
  });
  const config = useQuery(listConfigQuery(list, customerId));
  return { page, config: config.data };
}
