/**
 * Billing calendars of the preview rules (sandbox/README.md "Subscription preview"): cycles and
 * charge periods anchored on a subscription's start date, in whole US Eastern calendar days.
 */
import type { BillingPeriod } from "./types";

/** Months in one period of a charge. */
export const PERIOD_MONTHS: Record<BillingPeriod, number> = {
  monthly: 1,
  quarterly: 3,
  annual: 12,
};

const parts = (date: string): [number, number, number] => {
  const [y, m, d] = date.split("-").map(Number);
  return [y ?? 0, m ?? 1, d ?? 1];
};

const iso = (y: number, m0: number, d: number) =>
  new Date(Date.UTC(y, m0, d)).toISOString().slice(0, 10);

/** `date` plus `months`, its day of month clamped to the target month's last day (Jan 31 + 1 → Feb 28). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return iso(y, m - 1 + months, Math.min(d, lastDay));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const [fy, fm, fd] = parts(from);
  const [ty, tm, td] = parts(to);
  return Math.round((Date.UTC(ty, tm - 1, td) - Date.UTC(fy, fm - 1, fd)) / 86_400_000);
}

/** A half-open range of days [start, end). */
export type Period = { start: string; end: string };

/**
 * The period of `months` months anchored on `anchor` that contains `day`: each boundary is the
 * anchor plus k·months (clamped, never drifting). Before the anchor, the first period.
 */
export function periodContaining(anchor: string, months: number, day: string): Period {
  if (day < anchor) return { start: anchor, end: addMonths(anchor, months) };
  const [ay, am] = parts(anchor);
  const [dy, dm] = parts(day);
  let k = Math.floor(((dy - ay) * 12 + (dm - am)) / months);
  // The estimate is exact or one period late (a clamped or later anchor day).
  while (k > 0 && addMonths(anchor, k * months) > day) k -= 1;
  while (addMonths(anchor, (k + 1) * months) <= day) k += 1;
  return { start: addMonths(anchor, k * months), end: addMonths(anchor, (k + 1) * months) };
}

/** Whether a period of `months` months anchored on `anchor` begins on `day`. */
export function periodBeginsOn(anchor: string, months: number, day: string): boolean {
  return day >= anchor && periodContaining(anchor, months, day).start === day;
}
