import { describe, expect, it } from "vitest";
import {
  customDateProblem,
  dayBefore,
  startDateOf,
} from "@/components/subscriptions/dialogs/cancel-dates";
import { subscription } from "./dialogs-support";

describe("cancel dialog: the last active day is the day before the effective date", () => {
  it("steps back one day inside a month", () => {
    expect(dayBefore("2026-05-10")).toBe("2026-05-09");
  });

  it("crosses month and year boundaries", () => {
    expect(dayBefore("2026-03-01")).toBe("2026-02-28");
    expect(dayBefore("2024-03-01")).toBe("2024-02-29");
    expect(dayBefore("2026-05-01")).toBe("2026-04-30");
    expect(dayBefore("2026-01-01")).toBe("2025-12-31");
  });

  it("has no answer for something that is not a real day", () => {
    expect(dayBefore("2026-02-30")).toBeNull();
    expect(dayBefore("")).toBeNull();
    expect(dayBefore("03/01/2026")).toBeNull();
  });
});

describe("cancel dialog: a specific date", () => {
  it("is required, a real day, and not before the start date", () => {
    expect(customDateProblem("", null)).toBe("required");
    expect(customDateProblem("  ", "2026-01-15")).toBe("required");
    expect(customDateProblem("2026-13-01", null)).toBe("invalid");
    expect(customDateProblem("2026-01-14", "2026-01-15")).toBe("tooEarly");
    expect(customDateProblem("2026-01-15", "2026-01-15")).toBeNull();
    expect(customDateProblem("2020-01-01", null)).toBeNull();
  });

  it("takes its minimum from a real start_date field only", () => {
    expect(startDateOf(subscription)).toBe("2026-01-15");
    expect(startDateOf({ ...subscription, fields: [] })).toBeNull();
    const odd = subscription.fields.map((f) =>
      f.key === "start_date" ? { ...f, value: "soon" } : f,
    );
    expect(startDateOf({ ...subscription, fields: odd })).toBeNull();
  });
});
