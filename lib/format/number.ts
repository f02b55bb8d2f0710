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
