import type { Locale } from "@billing-portal/contract/locales";

/** The portal's languages (the contract's: the billing API writes exports and e-mails in them too). */
export { isLocale, locales, type Locale } from "@billing-portal/contract/locales";

/**
 * Each language by its own name, as the picker lists them (a customer looks for the language they
 * read, not its name in the language the page happens to be in).
 */
export const localeNames: Readonly<Record<Locale, string>> = {
  en: "English",
  es: "Español",
  fr: "Français",
  de: "Deutsch",
  it: "Italiano",
  "pt-BR": "Português (Brasil)",
  nl: "Nederlands",
  ja: "日本語",
  "zh-CN": "简体中文",
  ar: "العربية",
};

/** The writing direction of a locale, for `<html dir>` (left to right for anything unknown). */
export function directionOf(locale: string): "ltr" | "rtl" {
  return locale === "ar" ? "rtl" : "ltr";
}
