// Sums of calendar days and billing periods (spec 001 §1, sandbox/README.md "Subscription
// preview"): days written YYYY-MM-DD, summed on date-fns over @date-fns/utc's UTC dates, so month
// ends and leap days follow one set of rules and no time zone is asked.
import { UTCDateMini } from "@date-fns/utc/date/mini";
import { addDays as addDaysTo } from "date-fns/addDays";
import { addMonths as addMonthsTo } from "date-fns/addMonths";
import { differenceInCalendarDays } from "date-fns/differenceInCalendarDays";
import { differenceInCalendarMonths } from "date-fns/differenceInCalendarMonths";
import type { BillingPeriod } from "../enums";
import { dayOfUtcDate as dayOf, utcDateOfDay } from "./days";

/** Months in one period of each billing period (a charge's `period`; the preview's cycles). */
export const BILLING_PERIOD_MONTHS: Readonly<Record<BillingPeriod, number>> = {
  monthly: 1,
  quarterly: 3,
  annual: 12,
};

/** A half-open range of days [start, end), both YYYY-MM-DD. */
export type DayRange = { start: string; end: string };

/** A day as a UTC date, which date-fns sums in UTC; throws a RangeError on anything that is not a real day. */
function dateOf(day: string): Date {
  const date = utcDateOfDay(day);
  if (!date) throw new RangeError(`Not a calendar day: ${JSON.stringify(day)}`);
  return new UTCDateMini(date.getTime());
}

/** `day` plus `days` calendar days (negative: earlier). */
export function addDays(day: string, days: number): string {
  return dayOf(addDaysTo(dateOf(day), days));
}

/** `day` plus `months`, its day of month clamped to the target month's last day (Jan 31 + 1 → Feb 28). */
export function addMonths(day: string, months: number): string {
  return dayOf(addMonthsTo(dateOf(day), months));
}

/** `day` plus `count` periods of a billing period, each boundary clamped like addMonths. */
export function addBillingPeriods(day: string, period: BillingPeriod, count: number): string {
  return addMonths(day, BILLING_PERIOD_MONTHS[period] * count);
}

/** Whole days from `from` to `to`: negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return differenceInCalendarDays(dateOf(to), dateOf(from));
}

/**
 * The period of `months` months anchored on `anchor` that contains `day`: its boundaries are the
 * anchor plus k·months (each clamped to its month's end, never drifting). Before the anchor, the
 * first period.
 */
export function periodContaining(anchor: string, months: number, day: string): DayRange {
  if (day < anchor) return { start: anchor, end: addMonths(anchor, months) };
  let k = Math.floor(differenceInCalendarMonths(dateOf(day), dateOf(anchor)) / months);
  // The estimate is exact or one period late (a clamped or later anchor day).
  while (k > 0 && addMonths(anchor, k * months) > day) k -= 1;
  while (addMonths(anchor, (k + 1) * months) <= day) k += 1;
  return { start: addMonths(anchor, k * months), end: addMonths(anchor, (k + 1) * months) };
}

/** Whether a period of `months` months anchored on `anchor` begins on `day`. */
export function periodBeginsOn(anchor: string, months: number, day: string): boolean {
  return day >= anchor && periodContaining(anchor, months, day).start === day;
}
