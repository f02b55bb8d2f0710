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
