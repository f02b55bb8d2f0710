// The one TanStack Table 9 setup behind the five billing lists: which features every list has,
// and the options they share. The server pages and sorts (manual), so no client row models.
import {
  columnOrderingFeature,
  columnResizingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  createTableHook,
  metaHelper,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
} from "@tanstack/react-table";
import type { ListColumn } from "@/lib/schemas/lists";

/** What a column carries besides its TanStack definition: the list's own description of it. */
export type ListColumnMeta = { column: ListColumn };

export const listTableFeatures = tableFeatures({
  rowPaginationFeature,
  rowSortingFeature,
  columnVisibilityFeature,
  columnOrderingFeature,
  columnSizingFeature,
  columnResizingFeature,
  columnMeta: metaHelper<ListColumnMeta>(),
});
export type ListTableFeatures = typeof listTableFeatures;

/** Saved widths are kept within these bounds by the API (docs/CONTRACT.md §5). */
export const COLUMN_WIDTH = { min: 40, max: 1000, default: 160 } as const;

export const { useAppTable: useListTable, createAppColumnHelper } = createTableHook({
  features: listTableFeatures,
  manualPagination: true,
  manualSorting: true,
  autoResetPageIndex: false,
  enableMultiSort: false,
  enableSortingRemoval: false,
  columnResizeMode: "onChange",
  defaultColumn: {
    size: COLUMN_WIDTH.default,
    minSize: COLUMN_WIDTH.min,
    maxSize: COLUMN_WIDTH.max,
  },
  getRowId: (row: { id: string }) => row.id,
});
