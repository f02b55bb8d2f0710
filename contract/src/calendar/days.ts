// Calendar days as the product counts them (spec 001 §1): business days are US Eastern days,
// written YYYY-MM-DD on the wire, in the URL and in the database. This module is the day itself:
// checking and writing one, and reading an instant's day. Sums of days and periods are sums.ts,
// Eastern wall-clock times instants.ts; three modules, not one, because the browser's first load
// takes this one only (the bundler keeps a whole module it imports). See docs/DECISIONS.md
// "Calendar arithmetic in one place, on date-fns".
//
// A day is pure calendar: it is held as a date at its UTC midnight, where no day has 23 or 25
// hours. Only an instant's Eastern day reads the Eastern offset, from the runtime's time zone
// database through @date-fns/tz. No zod and no Node API.
import { tzOffset } from "@date-fns/tz/tzOffset";

/** The time zone of business days: dates and timestamps are read as whole days here. */
export const EASTERN_TIME_ZONE = "America/New_York";

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MINUTE_MS = 60_000;

/** A day as a date at its UTC midnight (setUTCFullYear, not Date.UTC: that reads years 0–99 as 19xx). */
function utcDate(year: number, month: number, day: number): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date;
}

/** A day as a date at its UTC midnight, or null when it is not a real day of the years 0001–9999. */
export function utcDateOfDay(day: string): Date | null {
  const m = DAY.exec(day);
  if (!m) return null;
  const [year, month, dayOfMonth] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = utcDate(year, month, dayOfMonth);
  // A day past its month's end (2026-02-29) rolls over into the next month: not a real day.
  const real = year >= 1 && date.getUTCMonth() === month - 1 && date.getUTCDate() === dayOfMonth;
  return real ? date : null;
}

/** The UTC day of a date, YYYY-MM-DD. */
export const dayOfUtcDate = (date: Date): string =>
  calendarDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());

/** A real calendar day written YYYY-MM-DD, years 0001–9999 (leap years by the Gregorian rule). */
export function isCalendarDate(value: string): boolean {
  return utcDateOfDay(value) !== null;
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

/**
 * Noon UTC of a day, in epoch ms (NaN when it is not a real day): formatted by Intl with
 * `timeZone: "UTC"` it shows that day on every server and browser, years 0001–0099 included.
 */
export function utcNoon(day: string): number {
  const date = utcDateOfDay(day);
  return date ? date.getTime() + 12 * 60 * MINUTE_MS : Number.NaN;
}

/** The UTC day (YYYY-MM-DD) of an instant in epoch ms: how an integer timestamp is read. */
export function utcDay(epochMs: number): string {
  return dayOfUtcDate(new Date(epochMs));
}

/** Eastern wall clock minus UTC at an instant, in ms (−5 h or −4 h), from the time zone database. */
export const easternOffset = (epochMs: number): number =>
  tzOffset(EASTERN_TIME_ZONE, new Date(epochMs)) * MINUTE_MS;

/** The US Eastern day (YYYY-MM-DD) of an instant in epoch ms; today's is `easternDay(Date.now())`. */
export function easternDay(epochMs: number): string {
  return utcDay(epochMs + easternOffset(epochMs));
}
