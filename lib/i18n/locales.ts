/** The portal's languages; English is the reference and the fallback. */
export const locales = ["en", "es"] as const;
export type Locale = (typeof locales)[number];

/** Whether a value is one of the portal's locales. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}
