"use client";

import type { KeyboardEvent } from "react";
import { cx } from "@/components/ui/cx";
import { COLUMN_WIDTH } from "./features";

type ResizeHandleProps = {
  label: string;
  width: number;
  resizing: boolean;
  /** TanStack's drag handler (header.getResizeHandler()). */
  onDragStart: (event: unknown) => void;
  onResize: (width: number) => void;
  onReset: () => void;
};

const STEP = 10;
const BIG_STEP = 50;

/**
 * The edge of a header cell: drag it with a mouse or finger, or focus it and use ←/→ (Shift for
 * bigger steps, Home/End for the limits). A focusable separator is the ARIA window-splitter pattern.
 */
export function ResizeHandle({
  label,
  width,
  resizing,
  onDragStart,
  onResize,
  onReset,
}: ResizeHandleProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? BIG_STEP : STEP;
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
      onMouseDown={onDragStart}
      onTouchStart={onDragStart}
      onDoubleClick={onReset}
      onKeyDown={onKeyDown}
      className={cx(
        "group/resize absolute top-0 -right-1.5 z-10 flex h-full w-3 cursor-col-resize touch-none justify-center select-none",
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
