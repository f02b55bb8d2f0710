/** The portal's languages; English is the reference and the fallback. */
export const locales = ["en", "es", "fr", "de", "it", "pt-BR", "nl", "ja", "zh-CN", "ar"] as const;
export type Locale = (typeof locales)[number];

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

/** Whether a value is one of the portal's locales. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/** The writing direction of a locale, for `<html dir>` (left to right for anything unknown). */
export function directionOf(locale: string): "ltr" | "rtl" {
  return locale === "ar" ? "rtl" : "ltr";
}

/** How a locale's readers type a date: the order of its parts and the separator between them. */
export type DateEntry = { order: "ymd" | "dmy"; separator: "/" | "." | "-" };

/**
 * The date the filter builder reads, per locale: English keeps the spec's YYYY/MM/DD; the others
 * follow their own numeric date (a unit test holds them to Intl's). A year typed first is always
 * read too (a pasted YYYY-MM-DD), and the wire format stays YYYY-MM-DD.
 */
export const dateEntries: Readonly<Record<Locale, DateEntry>> = {
  en: { order: "ymd", separator: "/" },
  es: { order: "dmy", separator: "/" },
  fr: { order: "dmy", separator: "/" },
  de: { order: "dmy", separator: "." },
  it: { order: "dmy", separator: "/" },
  "pt-BR": { order: "dmy", separator: "/" },
  nl: { order: "dmy", separator: "-" },
  ja: { order: "ymd", separator: "/" },
  "zh-CN": { order: "ymd", separator: "/" },
  ar: { order: "dmy", separator: "/" },
};

/** The locales that write a decimal comma (12,50); the others write a point (a unit test holds this to Intl). */
export const decimalCommaLocales: ReadonlySet<Locale> = new Set([
  "es",
  "fr",
  "de",
  "it",
  "pt-BR",
  "nl",
]);
