// Dates as the lists show them (spec 001 §1, §9): 'MMM DD, YYYY' (long: 'MMMM DD, YYYY') in
// English, the spec's language; every other locale its own medium (long) date, as its readers
// write it ('05.01.2024', '5 janv. 2024', '2024/01/05').
// A date-only value is that calendar day wherever the viewer is; an ISO timestamp is shown as its
// day in US Eastern time, where the product's calculations and dates live; an integer timestamp
// is read as UTC.
import {
  calendarDate,
  easternDay,
  isCalendarDate,
  utcDay,
  utcNoon,
} from "@billing-portal/contract/calendar/days";
import { EMPTY_VALUE } from "./values";

export { EASTERN_TIME_ZONE } from "@billing-portal/contract/calendar/days";

/** A calendar day. */
export type CalendarDay = { year: number; month: number; day: number };

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const WRITTEN_DAY = /^(-?\d+)-(\d{2})-(\d{2})$/;
const INTEGER = /^-?\d+$/;
// Integers below this are seconds (1e11 s is the year 5138, 1e11 ms is 1973).
const SECONDS_LIMIT = 1e11;

/** A day the calendar module wrote (YYYY-MM-DD, a wider year past 9999) as its numbers. */
function fromWritten(written: string): CalendarDay | null {
  const m = WRITTEN_DAY.exec(written);
  return m ? { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) } : null;
}

function dayOfInstant(ms: number, zone: "eastern" | "utc"): CalendarDay | null {
  if (Number.isNaN(new Date(ms).getTime())) return null;
  return fromWritten(zone === "utc" ? utcDay(ms) : easternDay(ms));
}

function fromInteger(n: number): CalendarDay | null {
  if (!Number.isSafeInteger(n)) return null;
  return dayOfInstant(Math.abs(n) < SECONDS_LIMIT ? n * 1000 : n, "utc");
}

/** The calendar day a value shows as; null when it is empty or not a date. */
export function toCalendarDay(value: unknown): CalendarDay | null {
  if (typeof value === "number") return fromInteger(value);
  if (value instanceof Date) return dayOfInstant(value.getTime(), "eastern");
  if (typeof value !== "string" || value.trim() === "") return null;
  const v = value.trim();
  if (DATE_ONLY.test(v)) return isCalendarDate(v) ? fromWritten(v) : null;
  if (INTEGER.test(v)) return fromInteger(Number(v));
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? null : dayOfInstant(ms, "eastern");
}

/** A calendar day as YYYY-MM-DD. */
export function toIsoDay({ year, month, day }: CalendarDay): string {
  return calendarDate(year, month, day);
}

/** Today in US Eastern time, as YYYY-MM-DD. */
export function easternToday(now: Date = new Date()): string {
  const ms = now.getTime();
  return Number.isNaN(ms) ? "" : easternDay(ms);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(
  locale: string,
  options: Intl.DateTimeFormatOptions,
  key: string,
): Intl.DateTimeFormat {
  let made = formatters.get(`${locale}|${key}`);
  if (!made) {
    try {
      made = new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" });
    } catch {
      // An unknown locale tag: the date still shows, in English.
      made = new Intl.DateTimeFormat("en", { ...options, timeZone: "UTC" });
    }
    formatters.set(`${locale}|${key}`, made);
  }
  return made;
}

const isEnglish = (locale: string) => locale === "en" || locale.startsWith("en-");

function format(value: unknown, locale: string, width: "short" | "long"): string {
  const day = toCalendarDay(value);
  if (!day) return EMPTY_VALUE;
  // The calendar day at noon UTC, formatted in UTC: the same day on every server and browser.
  const noonMs = utcNoon(toIsoDay(day));
  // Past the year 9999 (an integer timestamp from far ahead) there is no YYYY-MM-DD day to show.
  if (Number.isNaN(noonMs)) return EMPTY_VALUE;
  const noon = new Date(noonMs);
  if (!isEnglish(locale)) {
    const style = width === "short" ? "medium" : "long";
    return formatter(locale, { dateStyle: style }, style).format(noon);
  }
  const month = formatter("en", { month: width }, width).format(noon);
  return `${month} ${String(day.day).padStart(2, "0")}, ${day.year}`;
}

/** 'MMM DD, YYYY' in English (e.g. 'Jan 05, 2024'), the locale's medium date elsewhere; '-' when empty or not a date. */
export function formatDate(value: unknown, locale = "en"): string {
  return format(value, locale, "short");
}

/** 'MMMM DD, YYYY' in English (e.g. 'January 05, 2024'), the locale's long date elsewhere; '-' when empty or not a date. */
export function formatLongDate(value: unknown, locale = "en"): string {
  return format(value, locale, "long");
}
