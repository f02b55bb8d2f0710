import { describe, expect, it } from "vitest";
import { formatPercent, isPercentFieldType } from "@/lib/format/percent";

// Intl puts a no-break space before the sign in Spanish.
const NBSP = "\u00a0";

describe("formatPercent: a stored percentage (12.5 is 12.5 %) with the locale's sign", () => {
  it("shows the stored figure with a percent sign in English", () => {
    expect(formatPercent(12.5, "en")).toBe("12.5%");
    expect(formatPercent(0, "en")).toBe("0%");
    expect(formatPercent(25, "en")).toBe("25%");
    expect(formatPercent(-3.5, "en")).toBe("-3.5%");
  });

  it("uses the locale's decimal comma and spacing in Spanish", () => {
    expect(formatPercent(12.5, "es")).toBe(`12,5${NBSP}%`);
  });

  it("reads decimal strings from the wire", () => {
    expect(formatPercent("7.25", "en")).toBe("7.25%");
  });

  it("shows no float noise from the division by 100", () => {
    expect(formatPercent(12.3, "en")).toBe("12.3%");
    expect(formatPercent(0.1 + 0.2, "en")).toBe("0.3%");
  });

  it("shows '-' when there is no number", () => {
    for (const value of [null, undefined, "", "abc", Number.NaN, Infinity, true, {}])
      expect(formatPercent(value, "en")).toBe("-");
  });

  it("falls back to English for a locale tag Intl refuses", () => {
    expect(formatPercent(12.5, "not a locale!")).toBe("12.5%");
  });
});

describe("isPercentFieldType", () => {
  it("knows the percentage custom field type, whatever its case", () => {
    expect(isPercentFieldType("percentage")).toBe(true);
    expect(isPercentFieldType(" Percentage ")).toBe(true);
    expect(isPercentFieldType("number")).toBe(false);
    expect(isPercentFieldType(null)).toBe(false);
  });
});
