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
  useSortable,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useId, useRef } from "react";
import type { ListId } from "@/lib/lists/definitions";
import { HeaderCell } from "./header-cell";
import type { CellProps, CellPropsOf, PendingPress } from "./header-row";
import type { ListController } from "./use-list-controller";

// Columns only slide sideways while dragged.
const horizontalOnly: Modifier = ({ transform }) => ({ ...transform, y: 0 });

/** Replays the press that came before drag and drop loaded, so it picks the column up after all. */
function replay(handle: HTMLButtonElement, press: PendingPress) {
  if (press.kind === "key")
    handle.dispatchEvent(
      new KeyboardEvent("keydown", { key: press.key, code: press.code, bubbles: true }),
    );
  else
    handle.dispatchEvent(
      new PointerEvent("pointerdown", {
        clientX: press.clientX,
        clientY: press.clientY,
        pointerId: press.pointerId,
        isPrimary: true,
        button: 0,
        bubbles: true,
      }),
    );
}

function SortableHeader<L extends ListId>({
  props,
  press,
}: {
  props: CellProps<L>;
  press: PendingPress | null;
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: props.header.column.id });
  const handle = useRef<HTMLButtonElement | null>(null);
  const setHandle = useCallback(
    (node: HTMLButtonElement | null) => {
      handle.current = node;
      setActivatorNodeRef(node);
    },
    [setActivatorNodeRef],
  );
  useEffect(() => {
    if (press && handle.current) replay(handle.current, press);
    // Only the press that loaded drag and drop is replayed, once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <HeaderCell
      {...props}
      sortable={{
        setNodeRef,
        setActivatorNodeRef: setHandle,
        handle: { ...attributes, ...listeners },
        style: { transform: CSS.Translate.toString(transform), transition },
        isDragging,
      }}
    />
  );
}

/** The header cells with drag and drop (dnd-kit, pointer and keyboard, announced), loaded on first use. */
export default function ColumnDrag<L extends ListId>({
  controller,
  cellProps,
  pending,
}: {
  controller: ListController<L>;
  cellProps: CellPropsOf<L>;
  pending: PendingPress | null;
}) {
  const t = useTranslations("lists");
  const { table, visibleIds, labelById } = controller;
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const dndId = useId();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    // Instant scrolling: past the scroller's middle each arrow key scrolls the table by one
    // column instead of moving the drag point, and a key pressed during a smooth scroll took its
    // target from the half-scrolled position, so quick presses were lost.
    useSensor(KeyboardSensor, {
      coordinateGetter: sortableKeyboardCoordinates,
      scrollBehavior: "auto",
    }),
  );
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
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    controller.dropColumn(String(active.id), String(over.id));
  };
  return (
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
      <SortableContext items={visibleIds} strategy={horizontalListSortingStrategy}>
        {table.getHeaderGroups()[0]?.headers.map((header) => (
          <SortableHeader
            key={header.id}
            props={cellProps(header)}
            press={pending?.column === header.column.id ? pending : null}
          />
        ))}
      </SortableContext>
    </DndContext>
  );
}
