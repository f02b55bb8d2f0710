// The one TanStack Table 9 setup behind the five billing lists: which features every list has,
// and the options they share. The server pages and sorts (manual), so no client row models; the
// page and the sort live in the URL (the pager and the header's sort button set them,
// use-list-controller.ts), and the resize edge drags by itself (resize-handle.tsx), so neither
// TanStack's pagination, sorting nor resizing ships.
import {
  columnOrderingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  createColumnHelper,
  metaHelper,
  tableFeatures,
  useTable,
  type TableOptions,
} from "@tanstack/react-table";
import type { ListColumn } from "@/lib/schemas/lists";

/** What a column carries besides its TanStack definition: the list's own description of it. */
export type ListColumnMeta = { column: ListColumn };

export const listTableFeatures = tableFeatures({
  columnVisibilityFeature,
  columnOrderingFeature,
  columnSizingFeature,
  columnMeta: metaHelper<ListColumnMeta>(),
});
export type ListTableFeatures = typeof listTableFeatures;

/** Saved widths are kept within these bounds by the API (docs/CONTRACT.md §5). */
export const COLUMN_WIDTH = { min: 40, max: 1000, default: 160 } as const;

// useTable with shared options rather than createTableHook: the lists use none of the hook's
// App components or contexts, and it would ship them on the dashboard's first paint (first-load
// JS: bench/README.md).
const sharedOptions = {
  defaultColumn: {
    size: COLUMN_WIDTH.default,
    minSize: COLUMN_WIDTH.min,
    maxSize: COLUMN_WIDTH.max,
  },
  getRowId: (row: { id: string }) => row.id,
} as const;

/** A list's TanStack table: the shared features and options, plus the list's own. */
export function useListTable<TData extends { id: string }>(
  options: Omit<TableOptions<ListTableFeatures, TData>, "features">,
) {
  return useTable<ListTableFeatures, TData>({
    ...sharedOptions,
    features: listTableFeatures,
    ...options,
  });
}

/** A column helper bound to the lists' features. */
export function createListColumnHelper<TData extends { id: string }>() {
  return createColumnHelper<ListTableFeatures, TData>();
}
