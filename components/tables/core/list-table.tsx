"use client";

import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type Modifier,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import {
  SortableContext,
  horizontalListSortingStrategy,
  sortableKeyboardCoordinates,
} from "@dnd-kit/sortable";
import { functionalUpdate } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { useCallback, useId, useMemo, useRef } from "react";
import { ExportButton } from "@/components/tables/export/export-button";
import { FilterBar } from "@/components/tables/filters/filter-bar";
import { cn } from "@/components/ui/cn";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { withCustomFieldKinds } from "@/lib/lists/column-kinds";
import { getListDefinition, type ListId, type PageSize } from "@/lib/lists/definitions";
import { columnLabel, type LooseTranslator } from "@/lib/lists/labels";
import { pageCount } from "@/lib/lists/pager";
import { effectiveSort, withPageIndex, withPageSize, withSort } from "@/lib/lists/params";
import { useListData, useListView } from "@/lib/lists/use-list";
import { buildColumns } from "@/lib/lists/columns";
import type { CustomField, ListColumn, ListRowMap } from "@/lib/schemas/lists";
import { ColumnPicker } from "./column-picker";
import { buildColumnDefs, defaultWidth, renderCell } from "./column-defs";
import { useListTable } from "./features";
import { HeaderCell } from "./header-cell";
import { clampWidth, moveBesideVisible, moveTo } from "./layout-order";
import type { CardField, ListTableSpec } from "./list-spec";
import { Pager } from "./pager";
import { TableEmpty, TableError, TableLoading } from "./table-states";
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

// Columns only slide sideways while dragged.
const horizontalOnly: Modifier = ({ transform }) => ({ ...transform, y: 0 });

type ListTableProps<L extends ListId> = { spec: ListTableSpec<L>; customerId: string };

/**
 * One billing list: toolbar (filters, column picker, export), the table (server paging and
 * sorting, saved widths and order, session-kept visibility) or cards on small screens, and the
 * pager. The view lives in the URL; data comes from React Query (hydrated on a direct visit).
 */
export function ListTable<L extends ListId>({ spec, customerId }: ListTableProps<L>) {
  const { list } = spec;
  const id: ListId = list;
  const def = getListDefinition(list);
  const t = useTranslations("lists");
  const tAll = useTranslations();
  const name = t(`names.${id}`);
  const title = t(`tabs.${id}`);

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
  const pages = pageCount(total, view.size);

  const sorting = useMemo(
    () => [{ id: sort.column, desc: sort.direction === "desc" }],
    [sort.column, sort.direction],
  );
  const pagination = useMemo(
    () => ({ pageIndex: view.pageIndex, pageSize: view.size }),
    [view.pageIndex, view.size],
  );

  const table = useListTable({
    columns: columnDefs,
    data: rows,
    rowCount: total,
    state: {
      sorting,
      pagination,
      columnOrder: layout.order,
      columnSizing: layout.widths,
      columnVisibility: visibility,
    },
    onSortingChange: (updater) => {
      const [next] = functionalUpdate(updater, sorting);
      if (!next) return;
      const chosen = { column: next.id, direction: next.desc ? "desc" : "asc" } as const;
      setView(withSort(view, chosen));
      layout.saveSort(chosen);
    },
    onPaginationChange: (updater) => {
      const next = functionalUpdate(updater, pagination);
      const size = def.pageSizes.find((s) => s === next.pageSize);
      if (size && size !== view.size) setView(withPageSize(view, size));
      else if (next.pageIndex !== view.pageIndex) setView(withPageIndex(view, next.pageIndex));
    },
    onColumnOrderChange: (updater) => layout.saveOrder(functionalUpdate(updater, layout.order)),
    onColumnSizingChange: (updater) =>
      layout.changeWidths(functionalUpdate(updater, layout.widths)),
    onColumnVisibilityChange: (updater) => setVisibility(functionalUpdate(updater, visibility)),
  });

  const visibleColumns = table.getVisibleLeafColumns();
  const visibleIds = visibleColumns.map((c) => c.id);
  const labelById = (id: unknown) => {
    const column = columns.find((c) => c.id === id);
    return column ? labelOf(column) : String(id);
  };
  const position = (id: unknown) => visibleIds.indexOf(String(id)) + 1;
  const count = visibleIds.length;
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return t("table.reorder.pickedUp", {
        column: labelById(active.id),
        position: position(active.id),
        count,
      });
    },
    // Only a change of place is news: the column is over itself right after it is picked up.
    onDragOver: ({ active, over }) => {
      if (!over || over.id === lastOver.current) return undefined;
      lastOver.current = over.id;
      return t("table.reorder.movedOver", {
        column: labelById(active.id),
        position: position(over.id),
        count,
      });
    },
    onDragEnd: ({ active, over }) =>
      over
        ? t("table.reorder.dropped", {
            column: labelById(active.id),
            position: position(over.id),
            count,
          })
        : undefined,
    onDragCancel: ({ active }) =>
      t("table.reorder.cancelled", {
        column: labelById(active.id),
        position: position(active.id),
        count,
      }),
  };

  const dndId = useId();
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    table.setColumnOrder((order) => moveTo(order, String(active.id), String(over.id)));
  };
  const resize = (id: string, width: number) =>
    table.setColumnSizing((sizes) => ({ ...sizes, [id]: clampWidth(width) }));

  const mobileColumns = layout.order
    .map((id) => columns.find((c) => c.id === id))
    .filter((c): c is ListColumn => !!c && c.mobile);
  const cardFields = (row: ListRowMap[L]): CardField[] =>
    mobileColumns.map((c) => ({ id: c.id, label: labelOf(c), value: renderCell(spec, row, c) }));

  const pickerColumns = table.getAllLeafColumns().map((c) => {
    const column = c.columnDef.meta?.column;
    return {
      id: c.id,
      label: column ? labelOf(column) : c.id,
      required: !c.getCanHide(),
      visible: c.getIsVisible(),
    };
  });
  const hiddenColumns = pickerColumns.filter((c) => !c.visible).map((c) => c.id);

  let body: React.ReactNode;
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
        className={cn(
          "transition-opacity",
          page.isPlaceholderData && "pointer-events-none opacity-55",
        )}
      >
        {/* relative: screen-reader-only texts in far cells stay inside the scrolling frame. */}
        <div className="border-border bg-background relative hidden overflow-x-auto rounded-xl border sm:block">
          <DndContext
            id={dndId}
            sensors={sensors}
            collisionDetection={closestCenter}
            modifiers={[horizontalOnly]}
            onDragEnd={onDragEnd}
            accessibility={{
              announcements,
              screenReaderInstructions: { draggable: t("table.reorder.instructions") },
            }}
          >
            <Table style={{ width: table.getTotalSize(), tableLayout: "fixed" }}>
              <TableCaption className="sr-only">
                {t("table.rowsLabel", { list: title, total })}
              </TableCaption>
              <TableHeader className="border-border border-b">
                <tr>
                  <SortableContext items={visibleIds} strategy={horizontalListSortingStrategy}>
                    {table.getHeaderGroups()[0]?.headers.map((header) => {
                      const at = visibleIds.indexOf(header.column.id);
                      return (
                        <HeaderCell
                          key={header.id}
                          header={header}
                          label={labelById(header.column.id)}
                          canMoveLeft={at > 0}
                          canMoveRight={at < visibleIds.length - 1}
                          onMove={(direction) =>
                            table.setColumnOrder((order) =>
                              moveBesideVisible(order, visibleIds, header.column.id, direction),
                            )
                          }
                          onResize={(width) => resize(header.column.id, width)}
                          onResetWidth={() => {
                            const column = header.column.columnDef.meta?.column;
                            if (column) resize(header.column.id, defaultWidth(column));
                          }}
                        />
                      );
                    })}
                  </SortableContext>
                </tr>
              </TableHeader>
              <TableBody>
                {table.getRowModel().rows.map((row) => (
                  <TableRow key={row.id}>
                    {row.getVisibleCells().map((cell) => (
                      <TableCell key={cell.id} style={{ width: cell.column.getSize() }}>
                        <table.FlexRender cell={cell} />
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </DndContext>
        </div>
        <ul
          className="flex flex-col gap-3 sm:hidden"
          aria-label={t("table.rowsLabel", { list: title, total })}
        >
          {rows.map((row) => (
            <li key={row.id}>
              <spec.MobileCard row={row} fields={cardFields(row)} />
            </li>
          ))}
        </ul>
      </div>
    );

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <FilterBar
            list={list}
            view={view}
            onViewChange={setView}
            customFields={customFields}
            columns={columns}
          />
        </div>
        <div className="flex items-center gap-2">
          <ColumnPicker
            columns={pickerColumns}
            onToggle={(id, visible) => table.getColumn(id)?.toggleVisibility(visible)}
          />
          <ExportButton list={list} view={view} hiddenColumns={hiddenColumns} sort={sort} />
        </div>
      </div>
      {body}
      {page.data && (total > 0 || view.pageIndex > 0) ? (
        <Pager
          label={t("table.pager.label", { list: name })}
          pageIndex={view.pageIndex}
          pageCount={pages}
          size={view.size}
          sizes={def.pageSizes}
          onPageChange={(index) => table.setPageIndex(index)}
          onSizeChange={(size: PageSize) => table.setPageSize(size)}
        />
      ) : null}
    </div>
  );
}
