/**
 * Values as the portal shows them (spec 001 §4, §9), for documents and e-mails: money with two
 * decimals and the currency's symbol, dates 'MMM DD, YYYY', Posted read as Unpaid.
 */
import { localeForTag, locales, type Locale } from "@billing-portal/contract/locales";
import { shownStatus } from "@billing-portal/contract/statuses";
import type { ListModule } from "../lists/modules";

/**
 * The languages a document can be asked for: the portal's ten (the contract's locales). Exports
 * speak all of them (exports/headers.ts). The invoice and statement PDFs and the pay-now page
 * are English whatever the locale: they pass none, and formatMoney's default is English.
 */
export type DocumentLocale = Locale;
export const DOCUMENT_LOCALES: readonly DocumentLocale[] = locales;

/**
 * The document locale for a language tag: the locale of its language, a region or script
 * ignored (`es-MX` → es, `pt` → pt-BR, `zh-SG` → zh-CN); English for anything else.
 */
export function documentLocale(tag: string): DocumentLocale {
  return localeForTag(tag) ?? "en";
}

const DEFAULT_CURRENCY = "USD";
const formatters = new Map<string, Intl.NumberFormat>();

/** `$1,234.50`, `€12.00`, `CA$5.00` (es: `1234,50 US$`); the currency defaults to USD. */
export function formatMoney(
  amount: number,
  currency: string | null,
  locale: DocumentLocale = "en",
): string {
  const code = currency && /^[A-Z]{3}$/.test(currency) ? currency : DEFAULT_CURRENCY;
  const key = `${locale}|${code}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: "currency",
      currency: code,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(amount);
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A YYYY-MM-DD day as 'MMM DD, YYYY' (`Jan 05, 2030`); '-' when absent. */
export function formatDay(day: string | null): string {
  const m = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  if (!m) return "-";
  return `${MONTHS[Number(m[2]) - 1] ?? ""} ${m[3]}, ${m[1]}`;
}

/** A status as the portal's lists show it in English (the contract's rule: Posted reads Unpaid). */
export function displayStatus(module: ListModule, status: string): string {
  return shownStatus(module, status);
}
