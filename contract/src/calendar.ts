// Calendar days as the product counts them (spec 001 §1): business days are US Eastern days,
// written YYYY-MM-DD on the wire, in the URL and in the database. Every day and period sum of the
// portal and the sandbox is made here, on date-fns, so one set of rules decides month ends and
// leap days, and on @date-fns/tz's offsets, so the time zone database decides daylight time.
//
// A day is pure calendar: its sums run on UTC dates (@date-fns/utc), where no day has 23 or 25
// hours, and never ask for a time zone. Only an instant's Eastern day, or an Eastern wall-clock
// time's instant, reads the Eastern offset. No zod and no Node API: the portal's browser code
// imports the few functions it needs, and the bundler leaves the rest out.
import { TZDateMini } from "@date-fns/tz/date/mini";
import { tzOffset } from "@date-fns/tz/tzOffset";
import { UTCDateMini } from "@date-fns/utc/date/mini";
import { addDays as addDaysTo } from "date-fns/addDays";
import { addMonths as addMonthsTo } from "date-fns/addMonths";
import { differenceInCalendarDays } from "date-fns/differenceInCalendarDays";
import { differenceInCalendarMonths } from "date-fns/differenceInCalendarMonths";
import type { BillingPeriod } from "./enums";

/** The time zone of business days: dates and timestamps are read as whole days here. */
export const EASTERN_TIME_ZONE = "America/New_York";

/** Months in one period of each billing period (a charge's `period`; the preview's cycles). */
export const BILLING_PERIOD_MONTHS: Readonly<Record<BillingPeriod, number>> = {
  monthly: 1,
  quarterly: 3,
  annual: 12,
};

/** A half-open range of days [start, end), both YYYY-MM-DD. */
export type DayRange = { start: string; end: string };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MINUTE_MS = 60_000;

/** A day as a UTC date at its midnight (setFullYear, not Date.UTC: that reads years 0–99 as 19xx). */
function utcDate(year: number, month: number, day: number): Date {
  const date = new UTCDateMini(0);
  date.setFullYear(year, month - 1, day);
  return date;
}

/** The UTC date of a day, or null when it is not a real day of the years 0001–9999. */
function parse(day: string): Date | null {
  const m = DAY.exec(day);
  if (!m) return null;
  const [year, month, dayOfMonth] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = utcDate(year, month, dayOfMonth);
  // A day past its month's end (2026-02-29) rolls over into the next month: not a real day.
  const real = year >= 1 && date.getMonth() === month - 1 && date.getDate() === dayOfMonth;
  return real ? date : null;
}

/** The UTC date of a day; throws a RangeError on anything that is not a real day. */
function dateOf(day: string): Date {
  const date = parse(day);
  if (!date) throw new RangeError(`Not a calendar day: ${JSON.stringify(day)}`);
  return date;
}

/** A UTC date's day, YYYY-MM-DD. */
const dayOf = (date: Date) => calendarDate(date.getFullYear(), date.getMonth() + 1, date.getDate());

/** A real calendar day written YYYY-MM-DD, years 0001–9999 (leap years by the Gregorian rule). */
export function isCalendarDate(value: string): boolean {
  return parse(value) !== null;
}

/** Whether year, month (1–12) and day of month name a real calendar day, years 1–9999. */
export function isCalendarDay(year: number, month: number, day: number): boolean {
  return (
    [year, month, day].every(Number.isInteger) &&
    year <= 9999 &&
    isCalendarDate(calendarDate(year, month, day))
  );
}

/** Year, month (1–12) and day of month written YYYY-MM-DD (not checked: see isCalendarDay). */
export function calendarDate(year: number, month: number, day: number): string {
  const pad = (n: number, width: number) => String(n).padStart(width, "0");
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
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

/**
 * Noon UTC of a day, in epoch ms (NaN when it is not a real day): formatted by Intl with
 * `timeZone: "UTC"` it shows that day on every server and browser, years 0001–0099 included.
 */
export function utcNoon(day: string): number {
  const date = parse(day);
  return date ? date.getTime() + 12 * 60 * MINUTE_MS : Number.NaN;
}

/** The UTC day (YYYY-MM-DD) of an instant in epoch ms: how an integer timestamp is read. */
export function utcDay(epochMs: number): string {
  return dayOf(new UTCDateMini(epochMs));
}

/** Eastern wall clock minus UTC at an instant, in ms (−5 h or −4 h), from the time zone database. */
const easternOffset = (epochMs: number) =>
  tzOffset(EASTERN_TIME_ZONE, new Date(epochMs)) * MINUTE_MS;

/** The US Eastern day (YYYY-MM-DD) of an instant in epoch ms; today's is `easternDay(Date.now())`. */
export function easternDay(epochMs: number): string {
  return utcDay(epochMs + easternOffset(epochMs));
}

// The Eastern offset at a day's start and end (ms), by day: the seed turns thousands of wall-clock
// times into instants on the same few hundred days, and asking the time zone database is the dear
// step. Bounded: cleared when full.
const dayOffsets = new Map<string, readonly [number, number]>();
const MAX_DAY_OFFSETS = 4096;

function offsetsOf(day: string, midnightUtc: number): readonly [number, number] {
  let offsets = dayOffsets.get(day);
  if (!offsets) {
    // Eastern midnight is 4 or 5 hours after UTC midnight; the offsets there and a day later
    // differ only on the two days a year the clocks change.
    const start = easternOffset(midnightUtc + 5 * 60 * MINUTE_MS);
    const end = easternOffset(midnightUtc + 29 * 60 * MINUTE_MS);
    offsets = [start, end];
    if (dayOffsets.size >= MAX_DAY_OFFSETS) dayOffsets.clear();
    dayOffsets.set(day, offsets);
  }
  return offsets;
}

/**
 * The instant (epoch ms) of the Eastern wall-clock time `secondsOfDay` into `day`. A time the
 * clocks skip (02:30 on the day daylight time starts) is the one an hour later (03:30 EDT); a time
 * they repeat (01:30 on the day it ends) is its first, daylight, occurrence.
 */
export function easternInstant(day: string, secondsOfDay: number): number {
  const midnightUtc = dateOf(day).getTime();
  const [start, end] = offsetsOf(day, midnightUtc);
  if (start === end) return midnightUtc + secondsOfDay * 1000 - start;
  // The clocks change today: @date-fns/tz places the wall-clock time (skipped and repeated
  // times as documented above).
  const date = new TZDateMini(midnightUtc - start, EASTERN_TIME_ZONE);
  date.setSeconds(secondsOfDay);
  return date.getTime();
}

/** The first instant (epoch ms) of an Eastern day: its midnight in New York. */
export function startOfEasternDay(day: string): number {
  return easternInstant(day, 0);
}

/** The Eastern day as instants [start, end) in epoch ms: its midnight and the next day's. */
export function easternDaySpan(day: string): { start: number; end: number } {
  return { start: startOfEasternDay(day), end: startOfEasternDay(addDays(day, 1)) };
}
