// The locale table's facts about typing dates (lib/i18n/date-entry.ts) held to what Intl writes, and each
// locale's date hint held to the order its parser reads: a hint that says DD/MM/YYYY over a parser
// that reads YYYY/MM/DD would refuse every date a customer types as told.
import { describe, expect, it } from "vitest";
import { dateEntries } from "@/lib/i18n/date-entry";
import { locales } from "@/lib/i18n/locales";
import { parseDateInput } from "@/lib/lists/filter-input";

async function listsMessages(locale: string): Promise<{ filter: Record<string, string> }> {
  return (await import(`@/messages/${locale}/lists.json`)).default;
}

describe.each(locales)("%s", (locale) => {
  const entry = dateEntries[locale];

  it("types dates in the order and with the separator its own numeric date uses", () => {
    const numeric = new Intl.DateTimeFormat(locale, {
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      timeZone: "UTC",
    })
      .format(Date.UTC(2024, 0, 5))
      .replace(/[\u200e\u200f\u061c]/g, "");
    // English keeps the spec's YYYY/MM/DD (its own numeric date is month first).
    const expected = locale === "en" ? "2024/01/05" : numeric;
    const written =
      entry.order === "ymd"
        ? ["2024", "01", "05"].join(entry.separator)
        : ["05", "01", "2024"].join(entry.separator);
    expect(written).toBe(expected);
    expect(parseDateInput(written, locale)).toEqual({ ok: true, value: "2024-01-05" });
  });

  it("tells the customer the order its parser reads, in the placeholder and the hint", async () => {
    const { filter } = await listsMessages(locale);
    const sep = entry.separator.replace(".", "\\.");
    const pattern =
      entry.order === "ymd"
        ? new RegExp(`\\p{L}{4}${sep}\\p{L}{2}${sep}\\p{L}{2}`, "u")
        : new RegExp(`\\p{L}{2}${sep}\\p{L}{2}${sep}\\p{L}{4}`, "u");
    expect(filter.datePlaceholder).toMatch(pattern);
    expect(filter.dateHint).toContain(filter.datePlaceholder);
  });
});
