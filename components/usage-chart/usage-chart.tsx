"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useId, useMemo, useState, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client";
import { formatDate } from "@/lib/format/dates";
import { formatNumber } from "@/lib/format/number";
import { directionOf } from "@/lib/i18n/locales";
import {
  USAGE_GROUPINGS,
  type UsageAggregate,
  type UsageBucket,
  type UsageGrouping,
} from "@/lib/schemas/usage-chart";
import { SeriesSwatch, UnitChart } from "./unit-chart";

// The usage behind the bill (issue 31 §2), above the usages table: the quantity of exactly the
// table's filtered rows per day, week or month (the grouping kept in the URL), one small chart per
// unit of measure (units do not share an axis), the totals under them, and the same numbers as a
// table on demand. Loaded after the page (usage-chart-slot.tsx).

const noonOf = (day: string) => new Date(`${day}T12:00:00Z`);
const monthFormats = new Map<string, Intl.DateTimeFormat>();
function monthFormat(locale: string, style: "long" | "short"): Intl.DateTimeFormat {
  const key = `${locale}:${style}`;
  let f = monthFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { month: style, year: "numeric", timeZone: "UTC" });
    monthFormats.set(key, f);
  }
  return f;
}

/** The width of an element, kept up to date as it resizes. */
function useWidth(): [(el: HTMLElement | null) => void, number] {
  const [el, setEl] = useState<HTMLElement | null>(null);
  const width = useSyncExternalStore(
    (notify) => {
      if (!el) return () => undefined;
      const observer = new ResizeObserver(notify);
      observer.observe(el);
      return () => observer.disconnect();
    },
    () => (el ? Math.floor(el.getBoundingClientRect().width) : 0),
    () => 0,
  );
  return [setEl, width];
}

/** The chart of the slot's query (usage-chart-slot.tsx holds the data hooks and the URL state). */
export default function UsageChart({
  data,
  grouping,
  onGrouping,
}: {
  data: UseQueryResult<UsageAggregate>;
  grouping: UsageGrouping;
  onGrouping: (grouping: UsageGrouping) => void;
}) {
  const t = useTranslations("lists.usageChart");
  const locale = useLocale();
  const rtl = directionOf(locale) === "rtl";
  const [asTable, setAsTable] = useState(false);
  const [measure, width] = useWidth();
  const groupName = useId();
  const quantity = (value: number) => formatNumber(value, locale);
  const compact = useMemo(
    () => new Intl.NumberFormat(locale, { notation: "compact", maximumFractionDigits: 1 }),
    [locale],
  );

  const format = useMemo(() => {
    const day = (d: string) => formatDate(d, locale);
    const period = (b: UsageBucket, g: UsageGrouping) =>
      g === "month"
        ? t("bucket.month", { month: monthFormat(locale, "long").format(noonOf(b.start)) })
        : g === "week"
          ? t("bucket.week", { date: day(b.start) })
          : t("bucket.day", { date: day(b.start) });
    const tick = (b: UsageBucket, g: UsageGrouping) =>
      g === "month"
        ? monthFormat(locale, "short").format(noonOf(b.start))
        : new Intl.DateTimeFormat(locale, {
            month: "short",
            day: "numeric",
            timeZone: "UTC",
          }).format(noonOf(b.start));
    return { period, tick };
  }, [locale, t]);

  const aggregate = data.data;
  const tooMany = data.error instanceof ApiError && data.error.status === 400;
  const shownGrouping = aggregate?.groupBy ?? grouping;

  return (
    <section aria-labelledby="usage-chart-title" className={`${CHART_BOX} flex flex-col gap-3`}>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div>
          <h3 id="usage-chart-title" className="text-foreground text-base font-semibold">
            {t("title")}
          </h3>
          <p className="text-muted-foreground text-sm">{t("intro")}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <fieldset className="flex items-center gap-2">
            <legend className="sr-only">{t("groupBy")}</legend>
            <span aria-hidden="true" className="text-muted-foreground text-sm">
              {t("groupBy")}
            </span>
            <div className="border-border flex overflow-hidden rounded-lg border">
              {USAGE_GROUPINGS.map((g) => (
                <label
                  key={g}
                  className="has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:ring-ring text-foreground cursor-pointer px-3 py-1.5 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-inset"
                >
                  <input
                    type="radio"
                    name={groupName}
                    value={g}
                    checked={grouping === g}
                    onChange={() => onGrouping(g)}
                    className="sr-only"
                  />
                  {t(`grouping.${g}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <Button
            variant="secondary"
            size="sm"
            aria-pressed={asTable}
            onClick={() => setAsTable((v) => !v)}
          >
            {asTable ? t("showChart") : t("showTable")}
          </Button>
        </div>
      </div>

      {/* The charts scroll inside the box: its height is kept while the chart loads, so the
          table under it never moves (however many units there turn out to be). */}
      <div
        ref={measure}
        aria-busy={data.isFetching}
        // Focusable: a keyboard scrolls the box (its table view has no control inside).
        tabIndex={0}
        role="group"
        aria-labelledby="usage-chart-title"
        className="focus-visible:ring-ring flex min-h-0 flex-1 flex-col gap-3 overflow-auto rounded-md pe-1 focus-visible:ring-2 focus-visible:outline-none"
      >
        {data.isPending ? (
          <p role="status" className="text-muted-foreground text-sm">
            {t("loading")}
          </p>
        ) : !aggregate ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
            <p className="text-danger">{tooMany ? t("tooMany") : t("error")}</p>
            {tooMany ? null : (
              <Button
                variant="secondary"
                size="sm"
                loading={data.isFetching}
                onClick={() => void data.refetch()}
              >
                {t("retry")}
              </Button>
            )}
          </div>
        ) : aggregate.count === 0 ? (
          <p className="text-muted-foreground text-sm">{t("empty")}</p>
        ) : asTable ? (
          <div>
            <table className="w-full border-collapse text-sm">
              <caption className="text-muted-foreground mb-2 text-start text-sm">
                {t("tableCaption", { grouping: shownGrouping })}
              </caption>
              <thead className="bg-muted/60">
                <tr>
                  <th scope="col" className="px-3 py-2 text-start font-medium">
                    {t("period")}
                  </th>
                  {aggregate.series.map((s) => (
                    <th key={s.unit} scope="col" className="px-3 py-2 text-end font-medium">
                      {s.unit}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {aggregate.buckets.map((b, i) => (
                  <tr key={b.start} className="border-border border-b">
                    <th scope="row" className="px-3 py-1.5 text-start font-normal">
                      {format.period(b, shownGrouping)}
                    </th>
                    {aggregate.series.map((s) => (
                      <td key={s.unit} className="px-3 py-1.5 text-end tabular-nums">
                        {quantity(s.quantities[i] ?? 0)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="font-medium">
                  <th scope="row" className="px-3 py-2 text-start">
                    {t("totalRow")}
                  </th>
                  {aggregate.series.map((s) => (
                    <td key={s.unit} className="px-3 py-2 text-end tabular-nums">
                      {quantity(s.total)}
                    </td>
                  ))}
                </tr>
              </tfoot>
            </table>
          </div>
        ) : (
          <>
            <p className="text-muted-foreground text-xs">{t("hint")}</p>
            <ul
              className="grid gap-4"
              style={{
                gridTemplateColumns: `repeat(${columnsFor(width, aggregate.series.length)}, minmax(0, 1fr))`,
              }}
            >
              {aggregate.series.map((s, index) => (
                <li key={s.unit} className="flex min-w-0 flex-col gap-1">
                  <p className="text-foreground flex items-center gap-2 text-sm font-medium">
                    <SeriesSwatch index={index} />
                    {s.unit}
                  </p>
                  {width > 0 ? (
                    <UnitChart
                      series={s}
                      index={index}
                      buckets={aggregate.buckets}
                      width={seriesWidth(width, aggregate.series.length)}
                      rtl={rtl}
                      label={t("chartLabel", { unit: s.unit, grouping: shownGrouping })}
                      barLabel={(b, q) =>
                        t("bar", {
                          period: format.period(b, shownGrouping),
                          quantity: quantity(q),
                          unit: s.unit,
                        })
                      }
                      tickLabel={(b) => format.tick(b, shownGrouping)}
                      axisQuantity={(v) => compact.format(v)}
                    />
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        )}
        {aggregate && aggregate.count > 0 ? (
          <div>
            <h4 className="sr-only">{t("totalsLabel")}</h4>
            <ul
              aria-label={t("totalsLabel")}
              className="text-foreground flex flex-wrap gap-x-6 gap-y-1 text-sm"
            >
              {aggregate.series.map((s, index) => (
                <li key={s.unit} className="flex items-center gap-2 tabular-nums">
                  <SeriesSwatch index={index} />
                  {t("total", { quantity: quantity(s.total), unit: s.unit, count: s.count })}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** The chart's box: a fixed height, the same as the space kept for it before it loads. */
export const CHART_BOX = "h-[27rem] sm:h-[25rem]";

const GAP = 16;

/** Small charts side by side: at least 300 px each, at most three, never more than the units. */
function columnsFor(total: number, count: number): number {
  return Math.max(1, Math.min(count, 3, Math.floor((total + GAP) / (300 + GAP))));
}

/** A small chart's width in its column. */
function seriesWidth(total: number, count: number): number {
  const columns = columnsFor(total, count);
  return Math.floor((total - (columns - 1) * GAP) / columns);
}
