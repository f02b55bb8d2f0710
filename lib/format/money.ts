// Money as the lists show it (spec 001 §9): two decimals and the row currency's symbol, USD when
// the row names none.
import { directionOf } from "@/lib/i18n/locales";
import { EMPTY_VALUE } from "./values";

export const DEFAULT_CURRENCY = "USD";

const CURRENCY_CODE = /^[A-Za-z]{3}$/;
const DECIMAL = /^\s*-?\d+(\.\d+)?\s*$/;

/** An amount from the wire (number or decimal string) as a finite number, else null. */
export function toAmount(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && DECIMAL.test(value)) return Number(value);
  return null;
}

/** Minor units (cents) as a major amount: ÷ 100. */
export function minorToMajor(minor: number): number {
  return minor / 100;
}

const formatters = new Map<string, Intl.NumberFormat>();

function currencyFormatter(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** An amount with two decimals and its currency's symbol in the locale's style; '-' when there is no amount. */
export function formatMoney(
  value: unknown,
  currency: string | null | undefined,
  locale = "en",
): string {
  const amount = toAmount(value);
  if (amount === null) return EMPTY_VALUE;
  const code = currency && CURRENCY_CODE.test(currency) ? currency.toUpperCase() : DEFAULT_CURRENCY;
  let formatter: Intl.NumberFormat;
  try {
    formatter = currencyFormatter(locale, code);
  } catch {
    // An unknown locale tag: the amount still shows, in English.
    return currencyFormatter("en", code).format(amount);
  }
  if (directionOf(locale) === "ltr") return formatter.format(amount);
  // Right to left, a Latin symbol ends up inside out ('US$' shows as '$US': its '$' takes the
  // page's direction). Isolated left to right, the symbol stays whole beside the amount.
  return formatter
    .formatToParts(amount)
    .map((part) => (part.type === "currency" ? `\u2066${part.value}\u2069` : part.value))
    .join("");
}

/** A minor-unit amount (payments' invoice_totals) formatted as money. */
export function formatMinorMoney(
  minor: unknown,
  currency: string | null | undefined,
  locale = "en",
): string {
  const amount = toAmount(minor);
  return amount === null ? EMPTY_VALUE : formatMoney(minorToMajor(amount), currency, locale);
}
