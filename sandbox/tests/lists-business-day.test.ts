/** US Eastern calendar days: the seed's timestamps and the sandbox's "today". */
import { describe, expect, it } from "vitest";
import { addDays, easternDate, easternInstant } from "../src/lists/business-day";

const wallClock = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/New_York",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

describe("Eastern days", () => {
  it("puts every half hour of three years at the wall-clock time the time zone database gives", () => {
    const wrong: string[] = [];
    for (let day = 0; day < 3 * 366; day++) {
      const date = addDays("2028-01-01", day);
      for (let hour = 0; hour < 24; hour++) {
        const shown = wallClock.format(easternInstant(date, hour * 3600 + 1800));
        const expected = `${date}, ${String(hour).padStart(2, "0")}:30`;
        // 02:30 does not exist on the day daylight time starts: it reads as 03:30 EDT.
        const skipped = hour === 2 && shown === `${date}, 03:30`;
        if (shown !== expected && !skipped) wrong.push(expected);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("takes 03:00 UTC as the previous Eastern day", () => {
    expect(easternDate(Date.parse("2030-01-15T03:00:00Z"))).toBe("2030-01-14");
    expect(easternDate(Date.parse("2030-01-15T05:00:00Z"))).toBe("2030-01-15");
    expect(easternDate(Date.parse("2030-07-01T03:59:59Z"))).toBe("2030-06-30");
    expect(easternDate(Date.parse("2030-07-01T04:00:00Z"))).toBe("2030-07-01");
  });

  it("adds calendar days across months and leap days", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2030-01-01", -1)).toBe("2029-12-31");
  });
});
