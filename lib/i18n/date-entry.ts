// How each locale's readers type a date (issue 13). Its own module: only the filter builder, which
// loads on use, reads it.
import type { Locale } from "./locales";

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
