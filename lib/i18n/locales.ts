/** The portal's languages; English is the reference and the fallback. */
export const locales = ["en", "es"] as const;
export type Locale = (typeof locales)[number];
