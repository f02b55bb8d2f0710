import { describe, expect, it } from "vitest";
import { displayValue, humanize } from "@/lib/subscriptions/display";

const en = { currency: "EUR", locale: "en", yes: "Yes", no: "No", vocabulary: () => null };
const fixedEs: Record<string, string> = { per_unit: "Por unidad", recurring: "Recurrente" };
const es = { ...en, locale: "es", vocabulary: (token: string) => fixedEs[token] ?? null };

describe("subscription field values (spec 001 §2, §9)", () => {
  it("reads booleans as Yes, No or a dash", () => {
    expect(displayValue({ type: "boolean" }, true, en)).toBe("Yes");
    expect(displayValue({ type: "boolean" }, false, en)).toBe("No");
    expect(displayValue({ type: "boolean" }, null, en)).toBe("-");
  });

  it("reads dates as MMM DD, YYYY", () => {
    expect(displayValue({ type: "date" }, "2026-01-05", en)).toBe("Jan 05, 2026");
    expect(displayValue({ type: "date" }, null, en)).toBe("-");
  });

  it("reads currency fields as money in the subscription's currency", () => {
    expect(displayValue({ type: "currency" }, 1234.5, en)).toBe("€1,234.50");
    expect(displayValue({ type: "currency" }, 12, { ...en, currency: "USD" })).toBe("$12.00");
  });

  it("reads picklist tokens as words and leaves other text alone", () => {
    expect(displayValue({ type: "picklist" }, "per_unit", en)).toBe("Per unit");
    expect(humanize("Usage based")).toBe("Usage based");
    expect(displayValue({ type: "text" }, "per_unit", en)).toBe("per_unit");
    expect(displayValue({ type: "text" }, "", en)).toBe("-");
    expect(displayValue({ type: "number" }, 12000, en)).toBe("12,000");
  });

  it("reads the billing product's fixed values in the reader's language, and the company's text as written", () => {
    expect(displayValue({ type: "picklist" }, "per_unit", es)).toBe("Por unidad");
    // A token outside the vocabulary still reads as words.
    expect(displayValue({ type: "picklist" }, "bi_weekly", es)).toBe("Bi weekly");
    // Charge types are text on the wire but the product's own list.
    expect(displayValue({ type: "text", key: "charge_type" }, "Recurring", es)).toBe("Recurrente");
    expect(displayValue({ type: "text", key: "plan_name" }, "Recurring", es)).toBe("Recurring");
  });
});
