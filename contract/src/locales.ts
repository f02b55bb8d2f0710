// The languages the portal speaks and the billing API writes documents and e-mails in (exports,
// their mails). Both sides read a language tag the same way: one function, here.

/** The ten locales; English is the reference and the fallback. */
export const locales = ["en", "es", "fr", "de", "it", "pt-BR", "nl", "ja", "zh-CN", "ar"] as const;
export type Locale = (typeof locales)[number];

/** Whether a value is one of the locales. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

// A language tag's primary subtag → the locale for it (each locale's own first subtag: Portuguese
// is Brazil's, Chinese is Simplified).
const BY_LANGUAGE: ReadonlyMap<string, Locale> = new Map(
  locales.map((locale) => [(locale.split("-")[0] ?? locale).toLowerCase(), locale]),
);
// Traditional Chinese is not the Simplified Chinese of zh-CN.
const TRADITIONAL_CHINESE = /^zh-(hant|tw|hk|mo)\b/;

/**
 * The locale of a language tag (any case, `_` or `-`: `pt-BR`, `es-MX` → es, `pt` → pt-BR,
 * `zh-SG` → zh-CN), or null for a language we do not speak (Traditional Chinese among them).
 */
export function localeForTag(tag: string): Locale | null {
  const wanted = tag.trim().toLowerCase().replaceAll("_", "-");
  if (TRADITIONAL_CHINESE.test(wanted)) return null;
  return BY_LANGUAGE.get(wanted.split("-")[0] ?? "") ?? null;
}
