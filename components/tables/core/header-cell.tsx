"use client";

import type { Header, RowData } from "@tanstack/react-table";
import type { CSSProperties, HTMLAttributes, Ref } from "react";
import { useTranslations } from "next-intl";
import { cx } from "@/components/ui/cx";
import { GripIcon } from "@/components/ui/icons/grip";
import { SortAscIcon } from "@/components/ui/icons/sort-asc";
import { SortDescIcon } from "@/components/ui/icons/sort-desc";
import { SortNoneIcon } from "@/components/ui/icons/sort-none";
import { ColumnMenu } from "./column-menu";
import type { ListTableFeatures } from "./features";
import { ResizeHandle } from "./resize-handle";

/** What dnd-kit's useSortable gives a header once drag and drop has loaded (column-drag.tsx). */
export type SortableParts = {
  setNodeRef: Ref<HTMLTableCellElement>;
  setActivatorNodeRef: Ref<HTMLButtonElement>;
  handle: HTMLAttributes<HTMLButtonElement>;
  style: CSSProperties;
  isDragging: boolean;
};

export type HeaderCellProps<TData extends RowData> = {
  header: Header<ListTableFeatures, TData, unknown>;
  label: string;
  /** The list's sort on this column, or null when the column cannot be sorted. */
  sorted: "asc" | "desc" | false | null;
  onSort: () => void;
  canMoveLeft: boolean;
  canMoveRight: boolean;
  onMove: (direction: -1 | 1) => void;
  onResize: (width: number) => void;
  /** Back to the column's starting width (saved as such: saved widths merge, they are never removed). */
  onResetWidth: () => void;
  /** Drag and drop, once loaded; until then the handle carries `gripIntent` to load it. */
  sortable?: SortableParts;
  gripIntent?: HTMLAttributes<HTMLButtonElement>;
  /** The handle takes focus on mount: it had it before drag and drop loaded. */
  gripAutoFocus?: boolean;
};

/**
 * A column header: a drag handle (pointer or keyboard, dnd-kit), the sort button, the column menu
 * (move and resize without dragging) and the resize edge. The cell moves while it is dragged.
 */
export function HeaderCell<TData extends RowData>({
  header,
  label,
  sorted,
  onSort,
  canMoveLeft,
  canMoveRight,
  onMove,
  onResize,
  onResetWidth,
  sortable,
  gripIntent,
  gripAutoFocus,
}: HeaderCellProps<TData>) {
  const t = useTranslations("lists.table");
  const width = header.getSize();
  const isDragging = sortable?.isDragging ?? false;
  return (
    <th
      ref={sortable?.setNodeRef}
      scope="col"
      // The cell holds several controls; its name for the cells below is the column's label.
      aria-label={label}
      data-label={label}
      aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
      style={{ width, ...sortable?.style }}
      className={cx(
        "text-muted-foreground relative h-11 px-1.5 text-start align-middle text-xs font-semibold",
        isDragging ? "bg-primary-soft z-20 shadow-md" : "bg-muted",
      )}
    >
      <div className="flex min-w-0 items-center gap-0.5">
        <button
          type="button"
          ref={sortable?.setActivatorNodeRef}
          // Focus stays on the handle the user was on when drag and drop arrived.
          autoFocus={gripAutoFocus}
          {...(sortable ? sortable.handle : gripIntent)}
          aria-label={t("reorder.handle", { column: label })}
          className="text-muted-foreground hover:bg-background hover:text-foreground inline-flex h-7 w-6 shrink-0 cursor-grab touch-none items-center justify-center rounded-md active:cursor-grabbing"
        >
          <GripIcon className="size-3.5" />
        </button>
        {sorted !== null ? (
          <button
            type="button"
            onClick={onSort}
            className={cx(
              "hover:bg-background hover:text-foreground flex min-w-0 flex-1 items-center gap-1 rounded-md px-1.5 py-1 text-start",
              sorted ? "text-foreground" : null,
            )}
          >
            <span className="line-clamp-2 leading-tight break-words">{label}</span>
            {sorted === "asc" ? (
              <SortAscIcon className="text-primary" />
            ) : sorted === "desc" ? (
              <SortDescIcon className="text-primary" />
            ) : (
              <SortNoneIcon className="opacity-40" />
            )}
          </button>
        ) : (
          <span className="line-clamp-2 min-w-0 flex-1 px-1.5 py-1 leading-tight break-words">
            {label}
          </span>
        )}
        <ColumnMenu
          label={label}
          canMoveLeft={canMoveLeft}
          canMoveRight={canMoveRight}
          onMove={onMove}
          onWiden={(delta) => onResize(width + delta)}
          onResetWidth={onResetWidth}
        />
      </div>
      <ResizeHandle
        label={t("resize.handle", { column: label })}
        width={width}
        onResize={onResize}
        onReset={onResetWidth}
      />
    </th>
  );
}
