// What a customer types into the filter builder, read as their locale writes it (spec 001 §5,
// issue 13): dates in the locale's order, numbers with its decimal sign, the digits any keyboard
// types. Its own module so it loads with the builder; the wire forms stay YYYY-MM-DD and 12.50.
import { dateEntries } from "@/lib/i18n/date-entry";
import { isLocale } from "@/lib/i18n/locales";
import { decimalSign } from "@/lib/format/number";
import { INVALID_DATE_KEY, isCalendarDate } from "./filters";

const YEAR_FIRST = /^(?<year>\d{4})[./-](?<month>\d{1,2})[./-](?<day>\d{1,2})$/;
const DAY_FIRST = /^(?<day>\d{1,2})[./-](?<month>\d{1,2})[./-](?<year>\d{4})$/;
// Direction marks a copied date carries (an Arabic date has them between its parts).
const BIDI_MARKS = /[\u200e\u200f\u061c]/g;
const EASTERN_ARABIC_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;
const ARABIC_DECIMAL_SEPARATOR = /\u066b/g;

/** Typed text with ASCII digits: full-width and Arabic-Indic digits are what a Japanese or Arabic keyboard types. */
function asciiDigits(input: string): string {
  return input
    .normalize("NFKC")
    .replace(BIDI_MARKS, "")
    .replace(EASTERN_ARABIC_DIGITS, (d) => String(d.charCodeAt(0) & 0xf))
    .replace(ARABIC_DECIMAL_SEPARATOR, ".")
    .trim();
}

/**
 * What a customer typed as a date, read in their locale's order (DD.MM.YYYY in German, the spec's
 * YYYY/MM/DD in English; a year typed first always, and any of / . - between the parts), as
 * YYYY-MM-DD, or the 'Invalid Date Format' key.
 */
export function parseDateInput(
  input: string,
  locale: string = "en",
): { ok: true; value: string } | { ok: false; error: string } {
  const text = asciiDigits(input);
  const dayFirst = isLocale(locale) && dateEntries[locale].order === "dmy";
  const parts = (YEAR_FIRST.exec(text) ?? (dayFirst ? DAY_FIRST.exec(text) : null))?.groups;
  const [year, month, day] = [Number(parts?.year), Number(parts?.month), Number(parts?.day)];
  if (!parts || !isCalendarDate(year, month, day)) return { ok: false, error: INVALID_DATE_KEY };
  const pad = (n: number) => String(n).padStart(2, "0");
  return { ok: true, value: `${parts.year}-${pad(month)}-${pad(day)}` };
}

/**
 * A number as typed in the locale (12,50 where a decimal comma is written; 12.50 everywhere) in
 * the wire's form, 12.50; anything else is returned as typed, for the value check to refuse.
 */
export function readNumberInput(input: string, locale: string = "en"): string {
  const text = asciiDigits(input);
  return decimalSign(locale) === "," && /^-?\d+,\d+$/.test(text) ? text.replace(",", ".") : text;
}
