// Plain numbers as the lists show them (a custom field's quantity, a count): the locale's grouping,
// up to six decimals, no float noise beyond that.
const formatters = new Map<string, Intl.NumberFormat>();

/** `value` in `locale`'s digits and grouping (one formatter per locale, made on first use). */
export function formatNumber(value: number, locale: string): string {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { maximumFractionDigits: 6 });
    formatters.set(locale, formatter);
  }
  return formatter.format(value);
}

const decimalSigns = new Map<string, string>();

/** The decimal sign `locale` writes ("," in German, "." in English), as Intl has it. */
export function decimalSign(locale: string): string {
  let sign = decimalSigns.get(locale);
  if (sign === undefined) {
    let parts: Intl.NumberFormatPart[];
    try {
      parts = new Intl.NumberFormat(locale).formatToParts(1.5);
    } catch {
      parts = [];
    }
    sign = parts.find((part) => part.type === "decimal")?.value ?? ".";
    decimalSigns.set(locale, sign);
  }
  return sign;
}

/** A wire decimal ("12.50") as typed in `locale` ("12,50" in German): its digits exactly, no rounding or grouping. */
export function withDecimalSign(value: string, locale: string): string {
  return value.replace(".", decimalSign(locale));
}
