// Percentages as the lists show them. A percentage custom field stores the figure people read
// (12.5 is 12.5 %, the seed's discounts run 0–25), so it is divided by 100 before Intl's percent
// style multiplies it back; the locale decides the sign's place and spacing ("12.5%", "12,5 %").
import { toAmount } from "./money";
import { EMPTY_VALUE } from "./values";

/** A custom field type whose values are percentages. */
export const PERCENT_FIELD_TYPE = "percentage";

// Up to four decimals: enough for stored rates without showing float noise (12.3 / 100 * 100).
const MAX_FRACTION_DIGITS = 4;

const formatters = new Map<string, Intl.NumberFormat>();

function percentFormatter(locale: string): Intl.NumberFormat {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: "percent",
      maximumFractionDigits: MAX_FRACTION_DIGITS,
    });
    formatters.set(locale, formatter);
  }
  return formatter;
}

/** Whether a custom field's type holds percentages (case and spacing as the upstream sends them). */
export function isPercentFieldType(fieldType: string | null | undefined): boolean {
  return fieldType?.trim().toLowerCase() === PERCENT_FIELD_TYPE;
}

/** A stored percentage (number or decimal string, 12.5 meaning 12.5 %) with the locale's percent sign; '-' when there is no number. */
export function formatPercent(value: unknown, locale = "en"): string {
  const amount = toAmount(value);
  if (amount === null) return EMPTY_VALUE;
  try {
    return percentFormatter(locale).format(amount / 100);
  } catch {
    // An unknown locale tag: the figure still shows, in English.
    return percentFormatter("en").format(amount / 100);
  }
}
