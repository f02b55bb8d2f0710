// Moments in the reader's zone and how long ago (lib/format/instants.ts; the sessions card).
import { describe, expect, it } from "vitest";
import { formatInstant, formatSince } from "@/lib/format/instants";

const NOW = Date.parse("2030-01-15T12:00:00.000Z");
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe("formatInstant", () => {
  it("writes the moment in the given zone and locale", () => {
    expect(formatInstant("2030-01-15T12:00:00.000Z", "en-US", "America/New_York")).toBe(
      "Jan 15, 2030, 7:00 AM",
    );
    expect(formatInstant("2030-01-15T12:00:00.000Z", "de", "Europe/Berlin")).toBe(
      "15.01.2030, 13:00",
    );
  });

  it("answers nothing for what is not an instant", () => {
    expect(formatInstant("yesterday", "en")).toBe("");
  });
});

describe("formatSince", () => {
  it("reads as now under a minute, and for a moment a little ahead (clock skew)", () => {
    expect(formatSince(ago(30_000), NOW, "en")).toBe("now");
    expect(formatSince(ago(-5_000), NOW, "en")).toBe("now");
  });

  it("counts minutes, hours and days", () => {
    expect(formatSince(ago(5 * 60_000), NOW, "en")).toBe("5 minutes ago");
    expect(formatSince(ago(3 * 3_600_000), NOW, "en")).toBe("3 hours ago");
    expect(formatSince(ago(86_400_000), NOW, "en")).toBe("yesterday");
    expect(formatSince(ago(3 * 86_400_000), NOW, "fr")).toBe("il y a 3 jours");
  });

  it("gives the moment itself past a week", () => {
    expect(formatSince(ago(10 * 86_400_000), NOW, "en-US", "UTC")).toBe("Jan 5, 2030, 12:00 PM");
  });
});
