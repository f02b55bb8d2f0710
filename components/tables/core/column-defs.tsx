"use client";

import type { ReactNode } from "react";
import { CellValue } from "@/components/tables/cells/cell-value";
import type { ColumnKind, ListId } from "@/lib/lists/definitions";
import type { ListColumn, ListRowMap } from "@/lib/schemas/lists";
import { createListColumnHelper } from "./features";
import type { ListTableSpec } from "./list-spec";

// Starting widths by kind, before the user saves their own (CONTRACT §5: 40..1000 px).
const KIND_WIDTHS: Partial<Record<ColumnKind, number>> = {
  date: 160,
  timestamp: 160,
  money: 150,
  number: 150,
  percent: 150,
  boolean: 150,
  status: 160,
  overdue: 150,
  creditBalance: 150,
  idList: 180,
  minorTotals: 180,
  pdfLink: 150,
  viewLink: 150,
};

/** A column's width before the user sets one. */
export function defaultWidth(column: ListColumn): number {
  if (column.id === "description") return 300;
  return KIND_WIDTHS[column.kind] ?? 180;
}

/** The raw value of a column in a row: a built-in field, or a custom field's value. */
export function columnValue(row: object, column: ListColumn): unknown {
  if (column.custom)
    return (row as { customFields?: Record<string, unknown> }).customFields?.[column.id];
  return column.field ? (row as Record<string, unknown>)[column.field] : undefined;
}

/** A cell as shown in the table and on cards: the list's own rule for its column, else by kind. */
export function renderCell<L extends ListId>(
  spec: ListTableSpec<L>,
  row: ListRowMap[L],
  column: ListColumn,
): ReactNode {
  const own = column.custom ? undefined : spec.cells[column.id];
  if (own) return own(row, column);
  const currency = "currency" in row && typeof row.currency === "string" ? row.currency : null;
  return (
    <CellValue
      list={spec.list}
      kind={column.kind}
      value={columnValue(row, column)}
      currency={currency}
    />
  );
}

/** The TanStack column definitions of a list's columns. */
export function buildColumnDefs<L extends ListId>(
  spec: ListTableSpec<L>,
  columns: readonly ListColumn[],
  labelOf: (column: ListColumn) => string,
) {
  const helper = createListColumnHelper<ListRowMap[L]>();
  return columns.map((column) =>
    helper.accessor((row) => columnValue(row, column), {
      id: column.id,
      header: labelOf(column),
      size: defaultWidth(column),
      enableHiding: !column.required,
      meta: { column },
      cell: ({ row }) => renderCell(spec, row.original, column),
    }),
  );
}
