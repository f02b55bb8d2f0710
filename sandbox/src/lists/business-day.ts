/** Calendar days in US Eastern time, where the portal's dates live (spec 001 §1). */
import { BUSINESS_TIME_ZONE } from "./where";

const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: BUSINESS_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
const partsFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: BUSINESS_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
});

/** The Eastern calendar day (YYYY-MM-DD) of an instant. */
export function easternDate(epochMs: number): string {
  return dayFormat.format(new Date(epochMs));
}

/** Eastern wall-clock minus UTC at an instant, in ms (-5 h or -4 h), from the time zone database. */
function offsetFromIntl(epochMs: number): number {
  const p = Object.fromEntries(
    partsFormat.formatToParts(new Date(epochMs)).map((x) => [x.type, Number(x.value)]),
  );
  const wall = Date.UTC(
    p.year ?? 0,
    (p.month ?? 1) - 1,
    p.day ?? 1,
    p.hour ?? 0,
    p.minute ?? 0,
    p.second ?? 0,
  );
  return wall - (epochMs - (epochMs % 1000));
}

const HOUR = 3_600_000;

/** The day of month of the n-th Sunday of a month (UTC calendar). */
function nthSunday(year: number, month: number, n: number): number {
  const firstWeekday = new Date(Date.UTC(year, month, 1)).getUTCDay();
  return 1 + ((7 - firstWeekday) % 7) + (n - 1) * 7;
}

/**
 * Eastern offset at an instant. US rules since 2007 (daylight time from the second Sunday of March
 * 02:00 EST to the first Sunday of November 02:00 EDT) in plain arithmetic: the seed converts
 * thousands of times and Intl is slow per call. Earlier years ask Intl.
 */
function offsetAt(epochMs: number): number {
  const year = new Date(epochMs).getUTCFullYear();
  if (year < 2007) return offsetFromIntl(epochMs);
  const start = Date.UTC(year, 2, nthSunday(year, 2, 2), 7);
  const end = Date.UTC(year, 10, nthSunday(year, 10, 1), 6);
  return epochMs >= start && epochMs < end ? -4 * HOUR : -5 * HOUR;
}

/** The instant of an Eastern wall-clock time `secondsOfDay` into `date` (YYYY-MM-DD). */
export function easternInstant(date: string, secondsOfDay: number): Date {
  const [y, m, d] = date.split("-").map(Number);
  const wall = Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1) + secondsOfDay * 1000;
  // Daylight time if the instant it would give is in daylight time, else standard time.
  const daylight = wall + 4 * HOUR;
  return new Date(offsetAt(daylight) === -4 * HOUR ? daylight : wall + 5 * HOUR);
}

/** `date` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}
