"use client";

import { useState } from "react";
import {
  ALL_MATCHING,
  NO_SELECTION,
  isRowSelected,
  rangeOf,
  selectedCount,
  withRows,
  type RowSelection,
} from "@/lib/lists/selection";

/** What a list's selection offers its table, cards and actions. */
export type SelectionApi = {
  selection: RowSelection;
  /** Rows selected, of `total` matching the filters. */
  count: number;
  total: number;
  /** The list's filters as its URL writes them: what "every row matching" means. */
  filters: string;
  isSelected: (id: string) => boolean;
  /** Ticks or unticks a row; with `range`, every row from the last one clicked to this one. */
  toggleRow: (id: string, on: boolean, range: boolean) => void;
  /** The page checkbox: all rows of this page ticked, some, or none. */
  pageState: "all" | "some" | "none";
  togglePage: (on: boolean) => void;
  /** Every row matching the filters, on this page or not. */
  selectAllMatching: () => void;
  clear: () => void;
};

/**
 * A list's row selection: kept across pages and sorts, dropped when the filters change (the
 * selection belongs to the filters it was made under, so it is stored with them and read as
 * empty under others, with no effect to reset it).
 */
export function useRowSelection(
  filters: string,
  pageIds: readonly string[],
  total: number,
): SelectionApi {
  const [state, setState] = useState<{
    filters: string;
    selection: RowSelection;
    anchor: string | null;
  }>({ filters, selection: NO_SELECTION, anchor: null });
  const current =
    state.filters === filters ? state : { filters, selection: NO_SELECTION, anchor: null };
  const { selection } = current;
  const set = (next: RowSelection, anchor: string | null = current.anchor) =>
    setState({ filters, selection: next, anchor });

  const onPage = pageIds.filter((id) => isRowSelected(selection, id)).length;
  return {
    selection,
    count: selectedCount(selection, total),
    total,
    filters,
    isSelected: (id) => isRowSelected(selection, id),
    toggleRow: (id, on, range) =>
      set(withRows(selection, range ? rangeOf(pageIds, current.anchor, id) : [id], on), id),
    pageState: onPage === 0 ? "none" : onPage === pageIds.length ? "all" : "some",
    togglePage: (on) => set(withRows(selection, pageIds, on)),
    selectAllMatching: () => set(ALL_MATCHING),
    clear: () => set(NO_SELECTION, null),
  };
}
