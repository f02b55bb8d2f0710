"use client";

import { AxisBottom, AxisLeft, AxisRight } from "@visx/axis";
import { Group } from "@visx/group";
import { PatternCircles, PatternLines } from "@visx/pattern";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { useId, useRef, useState, type KeyboardEvent } from "react";
import type { UsageBucket, UsageSeries } from "@/lib/schemas/usage-chart";

// One unit of measure's quantities as bars, one per bucket, drawn with visx (SVG): each bar is
// reachable by keyboard (one tab stop, arrow keys move along the bars) and reads out its period and
// quantity; the unit's pattern tells it apart from the others without colour. Right to left, time
// runs from the right and the value axis stands on the right.

export const CHART_HEIGHT = 150;
/** Axes in the page's hairline and muted text, in its font. */
const AXIS_LOOK = {
  stroke: "var(--border)",
  tickStroke: "var(--border)",
  tickLabelProps: { fill: "var(--muted-foreground)", fontSize: 10, fontFamily: "inherit" },
} as const;
const MARGIN = { top: 8, bottom: 24, end: 24 };
/** Room for the value axis: its longest label at about 6 px a character. */
const axisRoom = (labels: string[]) => 12 + 6 * Math.max(3, ...labels.map((l) => l.length));

/** A fill per series: solid, then six patterns, so series never differ by colour alone. */
const PATTERNS = 7;
function Pattern({ id, index }: { id: string; index: number }) {
  const lines = (
    orientation: ("diagonal" | "diagonalRightToLeft" | "horizontal" | "vertical")[],
    size = 6,
  ) => (
    <PatternLines
      id={id}
      height={size}
      width={size}
      stroke="var(--primary-foreground)"
      strokeWidth={1.5}
      background="var(--primary)"
      orientation={orientation}
    />
  );
  switch (index % PATTERNS) {
    case 1:
      return lines(["diagonal"]);
    case 2:
      return (
        <PatternCircles
          id={id}
          height={6}
          width={6}
          fill="var(--primary-foreground)"
          radius={1.3}
          background="var(--primary)"
        />
      );
    case 3:
      return lines(["horizontal"], 5);
    case 4:
      return lines(["diagonal", "diagonalRightToLeft"]);
    case 5:
      return lines(["vertical"], 5);
    case 6:
      return lines(["diagonalRightToLeft"]);
    default:
      return null;
  }
}

/** The fill of series `index`: the primary colour, or its pattern. */
export const seriesFill = (index: number, patternId: string) =>
  index % PATTERNS === 0 ? "var(--primary)" : `url(#${patternId})`;

export function SeriesSwatch({ index }: { index: number }) {
  const id = useId();
  return (
    <svg width="14" height="14" aria-hidden="true" className="inline-block shrink-0 rounded-sm">
      <defs>
        <Pattern id={id} index={index} />
      </defs>
      <rect width="14" height="14" fill={seriesFill(index, id)} />
    </svg>
  );
}

export function UnitChart({
  series,
  index,
  buckets,
  width,
  rtl,
  label,
  barLabel,
  tickLabel,
  axisQuantity,
}: {
  series: UsageSeries;
  index: number;
  buckets: UsageBucket[];
  width: number;
  rtl: boolean;
  /** The chart's accessible name ("kWh per day"). */
  label: string;
  /** What a bar reads out: its period and quantity. */
  barLabel: (bucket: UsageBucket, quantity: number) => string;
  /** A short label of a bucket for the time axis. */
  tickLabel: (bucket: UsageBucket) => string;
  /** A value axis label: short ("200K"). */
  axisQuantity: (value: number) => string;
}) {
  const patternId = useId();
  const [active, setActive] = useState(buckets.length - 1);
  const [shown, setShown] = useState<number | null>(null);
  const bars = useRef<(SVGRectElement | null)[]>([]);
  const innerHeight = CHART_HEIGHT - MARGIN.top - MARGIN.bottom;
  const max = Math.max(0, ...series.quantities);
  const y = scaleLinear<number>({ domain: [0, max || 1], range: [innerHeight, 0], nice: true });
  const side = axisRoom(y.ticks(3).map(axisQuantity));
  const innerWidth = Math.max(0, width - side - MARGIN.end);
  const x = scaleBand<number>({
    domain: buckets.map((_, i) => i),
    range: rtl ? [innerWidth, 0] : [0, innerWidth],
    padding: buckets.length > 60 ? 0.1 : 0.25,
  });
  // At most one time label per 72 px.
  const every = Math.max(1, Math.ceil(buckets.length / Math.max(1, Math.floor(innerWidth / 72))));
  const ticks = buckets.map((_, i) => i).filter((i) => (buckets.length - 1 - i) % every === 0);
  const left = rtl ? MARGIN.end : side;
  const ValueAxis = rtl ? AxisRight : AxisLeft;

  const move = (event: KeyboardEvent) => {
    const forward = rtl ? "ArrowLeft" : "ArrowRight";
    const backward = rtl ? "ArrowRight" : "ArrowLeft";
    let next = active;
    if (event.key === forward) next = Math.min(buckets.length - 1, active + 1);
    else if (event.key === backward) next = Math.max(0, active - 1);
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = buckets.length - 1;
    else return;
    event.preventDefault();
    setActive(next);
    setShown(next);
    bars.current[next]?.focus();
  };

  const focused = shown === null ? null : buckets[shown];
  return (
    <div className="flex flex-col gap-1">
      <p className="text-muted-foreground h-5 truncate text-xs tabular-nums" aria-hidden="true">
        {focused && shown !== null ? barLabel(focused, series.quantities[shown] ?? 0) : ""}
      </p>
      <svg
        width={width}
        height={CHART_HEIGHT}
        role="group"
        aria-label={label}
        onKeyDown={move}
        className="block max-w-full overflow-visible"
      >
        <defs>
          <Pattern id={patternId} index={index} />
        </defs>
        <Group left={left} top={MARGIN.top}>
          <g aria-hidden="true">
            <ValueAxis
              {...AXIS_LOOK}
              left={rtl ? innerWidth : 0}
              scale={y}
              numTicks={3}
              tickFormat={(v) => axisQuantity(Number(v))}
            />
          </g>
          {buckets.map((bucket, i) => {
            const value = series.quantities[i] ?? 0;
            const top = y(value);
            const height = Math.max(value > 0 ? 1 : 0, innerHeight - top);
            return (
              <Bar
                key={bucket.start}
                innerRef={(el) => {
                  bars.current[i] = el;
                }}
                x={x(i) ?? 0}
                y={innerHeight - height}
                width={Math.max(1, x.bandwidth())}
                height={height}
                fill={seriesFill(index, patternId)}
                role="img"
                aria-label={barLabel(bucket, value)}
                tabIndex={i === active ? 0 : -1}
                onFocus={() => {
                  setActive(i);
                  setShown(i);
                }}
                onBlur={() => setShown(null)}
                onPointerEnter={() => setShown(i)}
                onPointerLeave={() => setShown(null)}
                className="focus-visible:stroke-foreground outline-none focus-visible:stroke-2"
              />
            );
          })}
          {/* A focused empty bucket still shows where it is. */}
          {shown !== null && (series.quantities[shown] ?? 0) === 0 ? (
            <rect
              x={x(shown) ?? 0}
              y={innerHeight - 2}
              width={Math.max(1, x.bandwidth())}
              height={2}
              fill="var(--foreground)"
              aria-hidden="true"
            />
          ) : null}
          <g aria-hidden="true">
            <AxisBottom
              top={innerHeight}
              scale={x}
              tickValues={ticks}
              tickFormat={(i) => {
                const bucket = buckets[Number(i)];
                return bucket ? tickLabel(bucket) : "";
              }}
              stroke="var(--border)"
              tickStroke="var(--border)"
              tickLabelProps={{
                fill: "var(--muted-foreground)",
                fontSize: 10,
                fontFamily: "inherit",
              }}
            />
          </g>
        </Group>
      </svg>
    </div>
  );
}
