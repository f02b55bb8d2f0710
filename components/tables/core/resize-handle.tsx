"use client";

import { useState, type KeyboardEvent, type PointerEvent } from "react";
import { cx } from "@/components/ui/cx";
import { COLUMN_WIDTH } from "./features";

type ResizeHandleProps = {
  label: string;
  width: number;
  onResize: (width: number) => void;
  onReset: () => void;
};

const STEP = 10;
const BIG_STEP = 50;

/** +1 where the edge is a cell's right side, -1 on a right-to-left page, where it is the left one. */
const outward = (edge: Element) => (getComputedStyle(edge).direction === "rtl" ? -1 : 1);

/**
 * The edge of a header cell (its end: the left one right to left): drag it with a mouse, pen or
 * finger, or focus it and use ←/→, which move the edge the way they point (Shift for bigger steps,
 * Home/End for the limits). A focusable separator is the ARIA window-splitter
 * pattern. The drag is pointer capture on the edge itself: the width follows the pointer from
 * where it was pressed, and every width goes through onResize (clamped and saved by the caller).
 */
export function ResizeHandle({ label, width, onResize, onReset }: ResizeHandleProps) {
  const [resizing, setResizing] = useState(false);
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    const edge = event.currentTarget;
    const startX = event.clientX;
    const startWidth = width;
    const sign = outward(edge);
    edge.setPointerCapture(event.pointerId);
    setResizing(true);
    const move = (e: globalThis.PointerEvent) => onResize(startWidth + sign * (e.clientX - startX));
    const end = () => {
      edge.removeEventListener("pointermove", move);
      edge.removeEventListener("pointerup", end);
      edge.removeEventListener("pointercancel", end);
      setResizing(false);
    };
    edge.addEventListener("pointermove", move);
    edge.addEventListener("pointerup", end);
    edge.addEventListener("pointercancel", end);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = (event.shiftKey ? BIG_STEP : STEP) * outward(event.currentTarget);
    const next =
      event.key === "ArrowLeft"
        ? width - step
        : event.key === "ArrowRight"
          ? width + step
          : event.key === "Home"
            ? COLUMN_WIDTH.min
            : event.key === "End"
              ? COLUMN_WIDTH.max
              : null;
    if (next === null) return;
    event.preventDefault();
    onResize(next);
  };
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={Math.round(width)}
      aria-valuemin={COLUMN_WIDTH.min}
      aria-valuemax={COLUMN_WIDTH.max}
      tabIndex={0}
      data-resizing={resizing || undefined}
      onPointerDown={onPointerDown}
      onDoubleClick={onReset}
      onKeyDown={onKeyDown}
      className={cx(
        "group/resize absolute -end-1.5 top-0 z-10 flex h-full w-3 cursor-col-resize touch-none justify-center select-none",
        "focus-visible:outline-primary focus-visible:outline-2 focus-visible:outline-offset-0",
      )}
    >
      <span
        aria-hidden="true"
        className="bg-border group-hover/resize:bg-primary group-focus-visible/resize:bg-primary group-data-[resizing]/resize:bg-primary h-full w-0.5"
      />
    </div>
  );
}
