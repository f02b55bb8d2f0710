/** The calendar both sides count business days with: US Eastern days written YYYY-MM-DD. */
import { TZDate } from "@date-fns/tz";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  calendarDate,
  EASTERN_TIME_ZONE,
  easternDay,
  isCalendarDate,
  isCalendarDay,
  utcDay,
  utcNoon,
} from "../src/calendar/days";
import { easternDaySpan, easternInstant, startOfEasternDay } from "../src/calendar/instants";
import {
  addBillingPeriods,
  addDays,
  addMonths,
  BILLING_PERIOD_MONTHS,
  daysBetween,
  periodBeginsOn,
  periodContaining,
} from "../src/calendar/sums";
import { isCalendarDate as fromFilterOptions } from "../src/filter-options";

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();
const HOUR = 3_600_000;

describe("calendar days", () => {
  it("knows real days, leap years by the Gregorian rule, years 0001–9999", () => {
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2026-02-29")).toBe(false);
    expect(isCalendarDate("2000-02-29")).toBe(true);
    expect(isCalendarDate("1900-02-29")).toBe(false);
    expect(isCalendarDate("0004-02-29")).toBe(true);
    expect(isCalendarDate("0100-02-29")).toBe(false);
    expect(isCalendarDate("0001-01-01")).toBe(true);
    expect(isCalendarDate("0099-12-31")).toBe(true);
    expect(isCalendarDate("9999-12-31")).toBe(true);
    for (const bad of ["0000-01-01", "2026-13-01", "2026-00-10", "2026-04-31", "2026-01-00"])
      expect(isCalendarDate(bad), bad).toBe(false);
    for (const bad of ["", "2026-1-05", "20260105", "2026-01-05T00:00:00Z", " 2026-01-05", "2026"])
      expect(isCalendarDate(bad), bad).toBe(false);
  });

  it("is the filter grammar's date check (filter-options re-exports it)", () => {
    expect(fromFilterOptions).toBe(isCalendarDate);
  });

  it("checks and writes days from their numbers", () => {
    expect(isCalendarDay(2028, 2, 29)).toBe(true);
    expect(isCalendarDay(2029, 2, 29)).toBe(false);
    expect(isCalendarDay(50, 2, 29)).toBe(false);
    expect(isCalendarDay(48, 2, 29)).toBe(true);
    expect(isCalendarDay(0, 1, 1)).toBe(false);
    expect(isCalendarDay(2026, 1.5, 1)).toBe(false);
    expect(isCalendarDay(Number.NaN, 1, 1)).toBe(false);
    expect(calendarDate(7, 3, 9)).toBe("0007-03-09");
    expect(calendarDate(2026, 11, 30)).toBe("2026-11-30");
  });
});

describe("day arithmetic", () => {
  it("adds days across month and year ends, leap days and daylight-time changes", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2028-02-29", 1)).toBe("2028-03-01");
    expect(addDays("2030-01-01", -1)).toBe("2029-12-31");
    expect(addDays("2026-03-07", 1)).toBe("2026-03-08");
    expect(addDays("2026-03-08", 1)).toBe("2026-03-09");
    expect(addDays("2026-10-31", 1)).toBe("2026-11-01");
    expect(addDays("2026-11-01", 1)).toBe("2026-11-02");
    expect(addDays("2026-11-02", -1)).toBe("2026-11-01");
    expect(addDays("2026-01-01", 365)).toBe("2027-01-01");
    expect(addDays("2026-05-10", 0)).toBe("2026-05-10");
  });

  it("adds days in the years 0001–0099 (no 1900s shortcut)", () => {
    expect(addDays("0001-01-01", 1)).toBe("0001-01-02");
    expect(addDays("0004-02-28", 1)).toBe("0004-02-29");
    expect(addDays("0099-12-31", 1)).toBe("0100-01-01");
    expect(addDays("0100-01-01", -1)).toBe("0099-12-31");
    expect(addDays("0050-03-01", -1)).toBe("0050-02-28");
  });

  it("refuses what is not a day", () => {
    expect(() => addDays("2026-02-30", 1)).toThrow(RangeError);
    expect(() => addMonths("not a day", 1)).toThrow(RangeError);
    expect(() => daysBetween("2026-01-01", "")).toThrow(RangeError);
  });

  it("adds months, clamping the day to the month's end without drifting", () => {
    expect(addMonths("2029-01-31", 1)).toBe("2029-02-28");
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonths("2029-01-31", 2)).toBe("2029-03-31");
    expect(addMonths("2029-03-31", -1)).toBe("2029-02-28");
    expect(addMonths("2028-02-29", 12)).toBe("2029-02-28");
    expect(addMonths("2028-02-29", 48)).toBe("2032-02-29");
    expect(addMonths("2029-11-05", 3)).toBe("2030-02-05");
    expect(addMonths("2026-02-08", 1)).toBe("2026-03-08");
    expect(addMonths("2026-10-01", 1)).toBe("2026-11-01");
    expect(addMonths("0048-01-31", 1)).toBe("0048-02-29");
    expect(addMonths("0099-12-31", 2)).toBe("0100-02-28");
  });

  it("adds billing periods", () => {
    expect(BILLING_PERIOD_MONTHS).toEqual({ monthly: 1, quarterly: 3, annual: 12 });
    expect(addBillingPeriods("2029-01-31", "monthly", 1)).toBe("2029-02-28");
    expect(addBillingPeriods("2029-11-30", "quarterly", 1)).toBe("2030-02-28");
    expect(addBillingPeriods("2028-02-29", "annual", 1)).toBe("2029-02-28");
    expect(addBillingPeriods("2028-02-29", "annual", 4)).toBe("2032-02-29");
    expect(addBillingPeriods("2029-05-15", "quarterly", -2)).toBe("2028-11-15");
  });

  it("counts whole days between two days, across daylight-time changes", () => {
    expect(daysBetween("2026-03-07", "2026-03-09")).toBe(2);
    expect(daysBetween("2026-03-01", "2026-04-01")).toBe(31);
    expect(daysBetween("2026-10-31", "2026-11-02")).toBe(2);
    expect(daysBetween("2026-11-01", "2026-03-08")).toBe(-238);
    expect(daysBetween("2028-01-01", "2029-01-01")).toBe(366);
    expect(daysBetween("2029-03-10", "2030-01-31")).toBe(327);
    expect(daysBetween("0050-01-01", "0051-01-01")).toBe(365);
    expect(daysBetween("0099-12-31", "0100-01-01")).toBe(1);
    expect(daysBetween("2026-05-10", "2026-05-10")).toBe(0);
  });

  it("finds the period anchored on a day that contains another", () => {
    expect(periodContaining("2029-01-31", 1, "2029-03-10")).toEqual({
      start: "2029-02-28",
      end: "2029-03-31",
    });
    expect(periodContaining("2029-01-31", 3, "2029-03-10")).toEqual({
      start: "2029-01-31",
      end: "2029-04-30",
    });
    expect(periodContaining("2029-01-31", 1, "2029-03-31").start).toBe("2029-03-31");
    expect(periodContaining("2029-05-15", 1, "2029-01-01")).toEqual({
      start: "2029-05-15",
      end: "2029-06-15",
    });
    expect(periodContaining("2028-02-29", 12, "2032-02-28")).toEqual({
      start: "2031-02-28",
      end: "2032-02-29",
    });
    expect(periodBeginsOn("2028-11-05", 3, "2030-02-05")).toBe(true);
    expect(periodBeginsOn("2028-11-05", 3, "2030-01-05")).toBe(false);
    expect(periodBeginsOn("2028-11-05", 3, "2028-08-05")).toBe(false);
  });
});

describe("Eastern days of instants", () => {
  it("is New York's day", () => {
    expect(EASTERN_TIME_ZONE).toBe("America/New_York");
  });

  it("takes the instants just before and after Eastern midnight to their own days", () => {
    // Standard time: midnight is 05:00 UTC.
    expect(easternDay(at("2030-01-15T04:59:59.999Z"))).toBe("2030-01-14");
    expect(easternDay(at("2030-01-15T05:00:00.000Z"))).toBe("2030-01-15");
    // Daylight time: midnight is 04:00 UTC.
    expect(easternDay(at("2030-07-01T03:59:59.999Z"))).toBe("2030-06-30");
    expect(easternDay(at("2030-07-01T04:00:00.000Z"))).toBe("2030-07-01");
    // A leap day and a year's end.
    expect(easternDay(at("2024-03-01T04:59:00Z"))).toBe("2024-02-29");
    expect(easternDay(at("2027-01-01T04:59:59Z"))).toBe("2026-12-31");
    expect(easternDay(at("2027-01-01T05:00:00Z"))).toBe("2027-01-01");
  });

  it("follows the clocks on the days daylight time starts and ends", () => {
    // 2026-03-08: 02:00 EST becomes 03:00 EDT (07:00 UTC); the next midnight is 04:00 UTC.
    expect(easternDay(at("2026-03-08T06:59:59Z"))).toBe("2026-03-08");
    expect(easternDay(at("2026-03-09T03:59:59Z"))).toBe("2026-03-08");
    expect(easternDay(at("2026-03-09T04:00:00Z"))).toBe("2026-03-09");
    // 2026-11-01: 02:00 EDT becomes 01:00 EST (06:00 UTC); the next midnight is 05:00 UTC.
    expect(easternDay(at("2026-11-01T03:59:59Z"))).toBe("2026-10-31");
    expect(easternDay(at("2026-11-01T04:00:00Z"))).toBe("2026-11-01");
    expect(easternDay(at("2026-11-02T04:59:59Z"))).toBe("2026-11-01");
    expect(easternDay(at("2026-11-02T05:00:00Z"))).toBe("2026-11-02");
  });

  it("reads an instant's UTC day", () => {
    expect(utcDay(at("2024-01-05T23:30:00Z"))).toBe("2024-01-05");
    expect(utcDay(at("2024-01-06T00:00:00Z"))).toBe("2024-01-06");
    expect(utcDay(at("0050-06-01T00:00:00Z"))).toBe("0050-06-01");
  });

  it("gives the noon UTC of a day, years 0001–0099 included", () => {
    expect(iso(utcNoon("2024-01-05"))).toBe("2024-01-05T12:00:00.000Z");
    expect(iso(utcNoon("0050-02-28"))).toBe("0050-02-28T12:00:00.000Z");
    expect(utcNoon("2024-02-30")).toBeNaN();
  });
});

describe("instants of Eastern days", () => {
  it("starts a day at its Eastern midnight, standard or daylight time", () => {
    expect(iso(startOfEasternDay("2030-01-15"))).toBe("2030-01-15T05:00:00.000Z");
    expect(iso(startOfEasternDay("2030-07-01"))).toBe("2030-07-01T04:00:00.000Z");
    // Both change days begin before the change: at midnight of the old offset.
    expect(iso(startOfEasternDay("2026-03-08"))).toBe("2026-03-08T05:00:00.000Z");
    expect(iso(startOfEasternDay("2026-11-01"))).toBe("2026-11-01T04:00:00.000Z");
  });

  it("spans 23 hours on the day daylight time starts and 25 on the day it ends", () => {
    const spring = easternDaySpan("2026-03-08");
    expect(iso(spring.start)).toBe("2026-03-08T05:00:00.000Z");
    expect(iso(spring.end)).toBe("2026-03-09T04:00:00.000Z");
    expect(spring.end - spring.start).toBe(23 * HOUR);
    const fall = easternDaySpan("2026-11-01");
    expect(iso(fall.end)).toBe("2026-11-02T05:00:00.000Z");
    expect(fall.end - fall.start).toBe(25 * HOUR);
    const plain = easternDaySpan("2026-05-10");
    expect(plain.end - plain.start).toBe(24 * HOUR);
  });

  it("puts a wall-clock time at its instant; skipped times move an hour on, repeated ones are EDT", () => {
    expect(iso(easternInstant("2030-01-15", 9 * 3600))).toBe("2030-01-15T14:00:00.000Z");
    expect(iso(easternInstant("2030-07-01", 9 * 3600 + 1800))).toBe("2030-07-01T13:30:00.000Z");
    expect(iso(easternInstant("2026-03-08", 1.5 * 3600))).toBe("2026-03-08T06:30:00.000Z");
    // 02:30 does not exist on 2026-03-08: it reads as 03:30 EDT.
    expect(iso(easternInstant("2026-03-08", 2.5 * 3600))).toBe("2026-03-08T07:30:00.000Z");
    expect(iso(easternInstant("2026-03-08", 3.5 * 3600))).toBe("2026-03-08T07:30:00.000Z");
    // 01:30 happens twice on 2026-11-01: the first time, daylight time.
    expect(iso(easternInstant("2026-11-01", 1.5 * 3600))).toBe("2026-11-01T05:30:00.000Z");
    expect(iso(easternInstant("2026-11-01", 2.5 * 3600))).toBe("2026-11-01T07:30:00.000Z");
    expect(iso(easternInstant("2026-11-01", 86_399))).toBe("2026-11-02T04:59:59.000Z");
  });

  it("gives every instant of a day back that day, on both change days", () => {
    for (const day of ["2026-03-08", "2026-11-01", "2028-02-29"]) {
      const { start, end } = easternDaySpan(day);
      expect(easternDay(start)).toBe(day);
      expect(easternDay(end - 1)).toBe(day);
      expect(easternDay(start - 1)).toBe(addDays(day, -1));
      expect(easternDay(end)).toBe(addDays(day, 1));
    }
  });

  it("keeps days of the years 0001–0099 on their day", () => {
    // Before 1883 New York kept local mean time, UTC−4:56:02; @date-fns/tz places wall-clock
    // times of those years to the minute (a couple of seconds late), the day is exact.
    for (const day of ["0001-01-01", "0050-07-04", "0099-12-31"]) {
      expect(easternDay(startOfEasternDay(day))).toBe(day);
      expect(easternDay(easternInstant(day, 12 * 3600))).toBe(day);
      expect(easternDay(easternInstant(day, 86_340))).toBe(day);
      expect(addDays(easternDay(easternInstant(day, 60)), 1)).toBe(
        easternDay(startOfEasternDay(addDays(day, 1))),
      );
    }
    expect(iso(startOfEasternDay("0050-07-04")).slice(0, 16)).toBe("0050-07-04T04:56");
  });

  it("places any wall-clock time of any day where @date-fns/tz does, on that Eastern day", () => {
    // The cached per-day offset (the fast path) against the library asked each time.
    const day = fc
      .date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("2100-12-31T00:00:00Z") })
      .filter((date) => !Number.isNaN(date.getTime()))
      .map((date) => date.toISOString().slice(0, 10));
    const changeDay = fc.constantFrom("2026-03-08", "2026-11-01", "2041-03-10", "2041-11-03");
    fc.assert(
      fc.property(fc.oneof(day, changeDay), fc.integer({ min: 0, max: 86_399 }), (d, seconds) => {
        const [y, m, dd] = d.split("-").map(Number) as [number, number, number];
        const reference = new TZDate(y, m - 1, dd, 0, 0, 0, EASTERN_TIME_ZONE);
        reference.setSeconds(seconds);
        const instant = easternInstant(d, seconds);
        expect(instant).toBe(reference.getTime());
        expect(easternDay(instant)).toBe(d);
      }),
      { numRuns: 2000 },
    );
  });
});
