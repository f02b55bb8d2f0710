"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useFormatters } from "@/components/format/formatted-texts";
import { ExportButton } from "@/components/tables/export/export-button";
import { FilterBar } from "@/components/tables/filters/filter-bar";
import { cx } from "@/components/ui/cx";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import type { ListId } from "@/lib/lists/definitions";
import { serializeFiltersParam } from "@/lib/lists/params";
import type { ListRowMap } from "@/lib/schemas/lists";
import { ColumnPicker } from "./column-picker";
import { COLUMN_WIDTH } from "./features";
import { HeaderRow } from "./header-row";
import type { ListTableSpec } from "./list-spec";
import { Pager } from "./pager";
import { PageCheckbox, RowCheckbox, SelectionBar } from "./selection-controls";
import { TableEmpty, TableError, TableLoading } from "./table-states";
import { useListController, type ListController } from "./use-list-controller";
import { useRowSelection, type SelectionApi } from "./use-row-selection";

type ListTableProps<L extends ListId> = {
  spec: ListTableSpec<L>;
  customerId: string;
  /**
   * The toolbar's actions beside the filters; by default the column picker and the export. A
   * list that needs more passes its own, built from the same controller.
   */
  toolbar?: (controller: ListController<L>) => ReactNode;
  /** Actions for one row: a last column on wide screens, the foot of the card on small ones. */
  rowActions?: RowActions<L>;
  /** Rows can be selected (a first checkbox column, a checkbox on each card); these act on them. */
  selectable?: { actions: (selection: SelectionApi) => ReactNode };
};

/** The checkbox column's width. */
const SELECT_WIDTH = 44;

/** The row-action slot: the last column's heading and width, and one row's actions. */
export type RowActions<L extends ListId> = {
  label: string;
  width?: number;
  render: (row: ListRowMap[L]) => ReactNode;
};

/** The default toolbar actions: the column picker and the export. */
export function defaultToolbar<L extends ListId>(controller: ListController<L>) {
  return (
    <>
      <ColumnPicker columns={controller.pickerColumns} onToggle={controller.toggleColumn} />
      <ExportButton
        list={controller.list}
        view={controller.view}
        hiddenColumns={controller.hiddenColumns}
        sort={controller.sort}
      />
    </>
  );
}

/**
 * One billing list: toolbar (filters, then the toolbar slot), the table (server paging and
 * sorting, saved widths and order, session-kept visibility) or cards on small screens, and the
 * pager. Everything it shows comes from useListController; this module is only the layout.
 */
export function ListTable<L extends ListId>({
  spec,
  customerId,
  toolbar = defaultToolbar,
  rowActions,
  selectable,
}: ListTableProps<L>) {
  const controller = useListController(spec, customerId);
  const t = useTranslations("lists");
  const format = useFormatters();
  const { table, page, rows, total, view, name, title } = controller;
  const actionsWidth = rowActions?.width ?? COLUMN_WIDTH.default;
  const selection = useRowSelection(
    serializeFiltersParam(view.filters),
    rows.map((row) => row.id),
    total,
  );
  // The table's caption and the cards' list name the same rows.
  const rowsLabel = t("table.rowsLabel", { list: title, total, count: format.number(total) });

  let body: ReactNode;
  if (page.isError)
    body = (
      <TableError name={name} retrying={page.isFetching} onRetry={() => void page.refetch()} />
    );
  else if (!page.data) body = <TableLoading name={name} />;
  else if (rows.length === 0) body = <TableEmpty name={name} />;
  else
    body = (
      <div
        aria-busy={page.isFetching || undefined}
        className={cx(
          "transition-opacity",
          page.isPlaceholderData && "pointer-events-none opacity-55",
        )}
      >
        {/* relative: screen-reader-only texts in far cells stay inside the scrolling frame. */}
        <div className="border-border bg-background relative hidden overflow-x-auto rounded-xl border sm:block">
          <Table
            style={{
              width:
                table.getTotalSize() +
                (rowActions ? actionsWidth : 0) +
                (selectable ? SELECT_WIDTH : 0),
              tableLayout: "fixed",
            }}
          >
            <TableCaption className="sr-only">{rowsLabel}</TableCaption>
            <TableHeader className="border-border border-b">
              <HeaderRow
                controller={controller}
                leading={
                  selectable ? (
                    <th
                      scope="col"
                      style={{ width: SELECT_WIDTH }}
                      className="bg-muted h-11 px-3 text-center align-middle"
                    >
                      <PageCheckbox api={selection} />
                    </th>
                  ) : null
                }
                trailing={
                  rowActions ? (
                    <th
                      scope="col"
                      style={{ width: actionsWidth }}
                      className="bg-muted text-muted-foreground h-11 px-3 text-start align-middle text-xs font-semibold"
                    >
                      {rowActions.label}
                    </th>
                  ) : null
                }
              />
            </TableHeader>
            <TableBody>
              {table.getRowModel().rows.map((row) => (
                <TableRow
                  key={row.id}
                  data-selected={(selectable && selection.isSelected(row.id)) || undefined}
                >
                  {selectable ? (
                    <TableCell style={{ width: SELECT_WIDTH }} className="text-center">
                      <RowCheckbox api={selection} id={row.id} />
                    </TableCell>
                  ) : null}
                  {row.getVisibleCells().map((cell) => (
                    <TableCell key={cell.id} style={{ width: cell.column.getSize() }}>
                      <table.FlexRender cell={cell} />
                    </TableCell>
                  ))}
                  {rowActions ? (
                    <TableCell style={{ width: actionsWidth }}>
                      {rowActions.render(row.original)}
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
        <ul className="flex flex-col gap-3 sm:hidden" aria-label={rowsLabel}>
          {rows.map((row) => (
            <li key={row.id} className={selectable ? "flex items-start gap-3" : undefined}>
              {selectable ? (
                // 24 px: WCAG 2.2's smallest target for a finger (2.5.8); 20 px was below it.
                <RowCheckbox api={selection} id={row.id} className="mt-4 size-6 shrink-0" />
              ) : null}
              <div className={selectable ? "min-w-0 flex-1" : undefined}>
                <spec.MobileCard row={row} fields={controller.cardFields(row)} />
                {rowActions ? (
                  <div className="mt-2 flex justify-end">{rowActions.render(row)}</div>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      </div>
    );

  return (
    // A dialog whose opener is gone returns the focus here (components/dialogs/dialog-frame.tsx).
    <div
      role="group"
      aria-label={title}
      tabIndex={-1}
      data-focus-fallback
      className="flex flex-col gap-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        {/* The filters keep room for their button: the actions wrap under them rather than cover it. */}
        <div className="min-w-0 flex-1 basis-60">
          <FilterBar
            list={controller.list}
            view={view}
            onViewChange={controller.setView}
            customFields={controller.customFields}
            columns={controller.columns}
          />
        </div>
        <div className="flex flex-wrap items-center gap-2 sm:justify-end">
          {toolbar(controller)}
        </div>
      </div>
      {selectable ? (
        <SelectionBar api={selection}>{selectable.actions(selection)}</SelectionBar>
      ) : null}
      {body}
      {page.data && (total > 0 || view.pageIndex > 0) ? (
        <Pager
          label={t("table.pager.label", { list: name })}
          pageIndex={view.pageIndex}
          pageCount={controller.pages}
          size={view.size}
          sizes={controller.def.pageSizes}
          onPageChange={controller.goToPage}
          onSizeChange={controller.setPageSize}
        />
      ) : null}
    </div>
  );
}
