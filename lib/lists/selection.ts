// Row selection of a list (issue 32 §1), as data: rows ticked one by one, or every row matching
// the list's filters but those unticked ("select all N"). Kept apart from the page, so a selection
// survives paging and sorting; the list drops it when its filters change (use-row-selection.ts).

export type RowSelection =
  { mode: "some"; ids: readonly string[] } | { mode: "matching"; excluded: readonly string[] };

export const NO_SELECTION: RowSelection = { mode: "some", ids: [] };

export function isRowSelected(selection: RowSelection, id: string): boolean {
  return selection.mode === "some" ? selection.ids.includes(id) : !selection.excluded.includes(id);
}

/** How many rows are selected, of `total` matching the filters. */
export function selectedCount(selection: RowSelection, total: number): number {
  return selection.mode === "some"
    ? selection.ids.length
    : Math.max(0, total - selection.excluded.length);
}

/** Ticks (`on`) or unticks the given rows, keeping the selection's mode. */
export function withRows(
  selection: RowSelection,
  ids: readonly string[],
  on: boolean,
): RowSelection {
  if (selection.mode === "some") {
    const kept = selection.ids.filter((id) => !ids.includes(id));
    return { mode: "some", ids: on ? [...kept, ...ids] : kept };
  }
  const excluded = selection.excluded.filter((id) => !ids.includes(id));
  return { mode: "matching", excluded: on ? excluded : [...excluded, ...ids] };
}

/** Every row matching the filters. */
export const ALL_MATCHING: RowSelection = { mode: "matching", excluded: [] };

/**
 * The rows a shift-click ticks: from the last row clicked (the anchor) to this one, both included,
 * in the page's order; just this row when the anchor is not on the page.
 */
export function rangeOf(pageIds: readonly string[], anchor: string | null, id: string): string[] {
  const from = anchor === null ? -1 : pageIds.indexOf(anchor);
  const to = pageIds.indexOf(id);
  if (from < 0 || to < 0) return [id];
  const [start, end] = from <= to ? [from, to] : [to, from];
  return pageIds.slice(start, end + 1);
}
