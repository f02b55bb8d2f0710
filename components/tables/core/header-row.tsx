"use client";

import {
  createElement,
  useState,
  type HTMLAttributes,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from "react";
import { loadable } from "@/components/ui/load-on-use";
import type { ListId } from "@/lib/lists/definitions";
import type { ListRowMap } from "@/lib/schemas/lists";
import { HeaderCell, type HeaderCellProps } from "./header-cell";
import type { ListController } from "./use-list-controller";

// Drag and drop (dnd-kit) loads when a pointer or focus first reaches a drag handle.
const columnDrag = loadable(() => import("./column-drag").then((m) => m.default));

type HeaderOf<L extends ListId> = ReturnType<
  ListController<L>["table"]["getHeaderGroups"]
>[number]["headers"][number];

/** A press on a handle before drag and drop arrived, replayed on the loaded handle. */
export type PendingPress =
  | { column: string; kind: "key"; key: string; code: string }
  | { column: string; kind: "pointer"; clientX: number; clientY: number; pointerId: number };

/** The header cell's props for one column, with or without drag and drop. */
export type CellProps<L extends ListId> = Omit<
  HeaderCellProps<ListRowMap[L]>,
  "sortable" | "gripIntent"
>;
export type CellPropsOf<L extends ListId> = (header: HeaderOf<L>) => CellProps<L>;

/** The table's header row: sort buttons, column menus and resize edges, and the drag handles. */
export function HeaderRow<L extends ListId>({
  controller,
  leading,
  trailing,
}: {
  controller: ListController<L>;
  /** A first header cell of the renderer's own (the selection column's). */
  leading?: ReactNode;
  /** A last header cell of the renderer's own (the row-action column's). */
  trailing?: ReactNode;
}) {
  const Drag = columnDrag.useLoaded();
  const [focused, setFocused] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingPress | null>(null);
  const { table, visibleIds, labelById, sort } = controller;

  const cellProps: CellPropsOf<L> = (header) => {
    const at = visibleIds.indexOf(header.column.id);
    const column = header.column.columnDef.meta?.column;
    return {
      header,
      label: labelById(header.column.id),
      sorted: column?.sortable ? sort.column === column.id && sort.direction : null,
      onSort: () => column && controller.sortBy(column),
      canMoveLeft: at > 0,
      canMoveRight: at < visibleIds.length - 1,
      onMove: (direction) => controller.moveColumn(header.column.id, direction),
      onResize: (width) => controller.resize(header.column.id, width),
      onResetWidth: () => controller.resetWidth(header.column.id),
      gripAutoFocus: focused === header.column.id,
    };
  };
  const headers = table.getHeaderGroups()[0]?.headers ?? [];

  // Drag is the loaded module's export, the same on every render.
  if (Drag)
    return (
      <tr>
        {leading}
        {createElement(Drag<L>, { controller, cellProps, pending })}
        {trailing}
      </tr>
    );

  const intent = (column: string): HTMLAttributes<HTMLButtonElement> => ({
    onPointerEnter: () => void columnDrag.start(),
    onTouchStart: () => void columnDrag.start(),
    onFocus: () => {
      setFocused(column);
      void columnDrag.start();
    },
    onBlur: () => setFocused(null),
    onPointerDown: (event: PointerEvent) => {
      if (event.button !== 0) return;
      const { clientX, clientY, pointerId } = event;
      setPending({ column, kind: "pointer", clientX, clientY, pointerId });
      void columnDrag.start();
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (event.code !== "Space" && event.code !== "Enter") return;
      event.preventDefault();
      setPending({ column, kind: "key", key: event.key, code: event.code });
      void columnDrag.start();
    },
  });
  return (
    <tr>
      {leading}
      {headers.map((header) => (
        <HeaderCell key={header.id} {...cellProps(header)} gripIntent={intent(header.column.id)} />
      ))}
      {trailing}
    </tr>
  );
}
