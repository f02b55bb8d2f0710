"use client";

import { functionalUpdate } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { useCallback, useMemo } from "react";
import { withCustomFieldKinds } from "@/lib/lists/column-kinds";
import { getListDefinition, type ListId, type PageSize } from "@/lib/lists/definitions";
import { columnLabel, type LooseTranslator } from "@/lib/lists/labels";
import { pageCount } from "@/lib/lists/pager";
import {
  effectiveSort,
  sortAfterClick,
  withPageIndex,
  withPageSize,
  withSort,
} from "@/lib/lists/params";
import { useListData, useListView } from "@/lib/lists/use-list";
import { buildColumns } from "@/lib/lists/columns";
import type { CustomField, ListColumn, ListRowMap } from "@/lib/schemas/lists";
import { buildColumnDefs, defaultWidth, renderCell } from "./column-defs";
import type { PickerColumn } from "./column-picker";
import { useListTable } from "./features";
import { clampWidth, moveBesideVisible, moveTo } from "./layout-order";
import type { CardField, ListTableSpec } from "./list-spec";
import { useColumnVisibility } from "./use-column-visibility";
import { useTableLayout } from "./use-table-layout";

const NO_CUSTOM_FIELDS: readonly CustomField[] = [];
const NO_ROWS: never[] = [];
const fallbackColumns = new Map<ListId, ListColumn[]>();

/** Every built-in column, for a list whose configuration has not arrived (or never will). */
function defaultColumns(list: ListId): ListColumn[] {
  let columns = fallbackColumns.get(list);
  if (!columns) {
    columns = buildColumns(list, null, []);
    fallbackColumns.set(list, columns);
  }
  return columns;
}

/**
 * Everything one billing list knows and does, without markup: the view in the URL, the page from
 * React Query, the columns with their saved widths and order and session-kept visibility, the
 * TanStack table wired to them, and the moves the header, picker and pager ask for. The renderer
 * (list-table.tsx) and anything built on another layout read this one controller.
 */
export function useListController<L extends ListId>(spec: ListTableSpec<L>, customerId: string) {
  const { list } = spec;
  const id: ListId = list;
  const def = getListDefinition(list);
  const t = useTranslations("lists");
  const tAll = useTranslations();

  const [view, setView] = useListView(list);
  const { page, config } = useListData(list, customerId, view);
  const customFields = config?.customFields ?? NO_CUSTOM_FIELDS;
  const configuredColumns = config?.columns;
  const columns = useMemo(
    () => withCustomFieldKinds(configuredColumns ?? defaultColumns(list), customFields),
    [configuredColumns, list, customFields],
  );
  const layout = useTableLayout(list, customerId, columns, config);
  const [visibility, setVisibility] = useColumnVisibility(list, customerId, columns);
  const sort = effectiveSort(list, view, layout.saved.sort);

  // One name per column everywhere (lib/lists/labels.ts); header keys are checked with has().
  const labelOf = useCallback(
    (column: ListColumn) => columnLabel(column, tAll as unknown as LooseTranslator),
    [tAll],
  );
  const columnDefs = useMemo(
    () => buildColumnDefs(spec, columns, labelOf),
    [spec, columns, labelOf],
  );
  const rows: ListRowMap[L][] = page.data?.rows ?? NO_ROWS;
  const total = page.data?.total ?? 0;

  const table = useListTable({
    columns: columnDefs,
    data: rows,
    state: {
      columnOrder: layout.order,
      columnSizing: layout.widths,
      columnVisibility: visibility,
    },
    onColumnOrderChange: (updater) => layout.saveOrder(functionalUpdate(updater, layout.order)),
    onColumnSizingChange: (updater) =>
      layout.changeWidths(functionalUpdate(updater, layout.widths)),
    onColumnVisibilityChange: (updater) => setVisibility(functionalUpdate(updater, visibility)),
  });

  const visibleIds = table.getVisibleLeafColumns().map((c) => c.id);
  const labelById = (columnId: unknown) => {
    const column = columns.find((c) => c.id === columnId);
    return column ? labelOf(column) : String(columnId);
  };

  const mobileColumns = layout.order
    .map((columnId) => columns.find((c) => c.id === columnId))
    .filter((c): c is ListColumn => !!c && c.mobile);
  const cardFields = (row: ListRowMap[L]): CardField[] =>
    mobileColumns.map((c) => ({ id: c.id, label: labelOf(c), value: renderCell(spec, row, c) }));

  const pickerColumns: PickerColumn[] = table.getAllLeafColumns().map((c) => {
    const column = c.columnDef.meta?.column;
    return {
      id: c.id,
      label: column ? labelOf(column) : c.id,
      required: !c.getCanHide(),
      visible: c.getIsVisible(),
    };
  });

  const resize = (columnId: string, width: number) =>
    table.setColumnSizing((sizes) => ({ ...sizes, [columnId]: clampWidth(width) }));

  return {
    spec,
    list,
    def,
    /** The list's name in running text ('invoices') and as a title ('Invoices'). */
    name: t(`names.${id}`),
    title: t(`tabs.${id}`),
    view,
    setView,
    page,
    rows,
    total,
    pages: pageCount(total, view.size),
    columns,
    customFields,
    sort,
    /** A header's sort button: the column's first direction, then the other (saved for the user). */
    sortBy: (column: ListColumn) => {
      const chosen = sortAfterClick(sort, column);
      setView(withSort(view, chosen));
      layout.saveSort(chosen);
    },
    table,
    visibleIds,
    labelById,
    cardFields,
    pickerColumns,
    hiddenColumns: pickerColumns.filter((c) => !c.visible).map((c) => c.id),
    toggleColumn: (columnId: string, visible: boolean) =>
      table.getColumn(columnId)?.toggleVisibility(visible),
    /** Moves a column one visible place left (-1) or right (1): the menu's alternative to dragging. */
    moveColumn: (columnId: string, direction: -1 | 1) =>
      table.setColumnOrder((order) => moveBesideVisible(order, visibleIds, columnId, direction)),
    /** Drops a dragged column where another one was. */
    dropColumn: (columnId: string, overId: string) =>
      table.setColumnOrder((order) => moveTo(order, columnId, overId)),
    /** Another page of the list (the pager), or another page size (back to page one). */
    goToPage: (pageIndex: number) => {
      if (pageIndex !== view.pageIndex) setView(withPageIndex(view, pageIndex));
    },
    setPageSize: (size: PageSize) => {
      if (size !== view.size) setView(withPageSize(view, size));
    },
    resize,
    resetWidth: (columnId: string) => {
      const column = columns.find((c) => c.id === columnId);
      if (column) resize(columnId, defaultWidth(column));
    },
  };
}

export type ListController<L extends ListId = ListId> = ReturnType<typeof useListController<L>>;
