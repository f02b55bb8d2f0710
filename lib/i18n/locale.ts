import { localeForTag } from "@billing-portal/contract/locales";
import { isLocale, type Locale } from "@/lib/i18n/locales";

// Kept here for the server's callers; its home is lib/i18n/locales (no negotiation code in a browser).
export { isLocale };

export const defaultLocale: Locale = "en";
/** The cookie next-intl and POST /api/locale use for the chosen language. */
export const LOCALE_COOKIE = "NEXT_LOCALE";

/** The NEXT_LOCALE value in a Cookie header or `document.cookie`, or null. */
export function chosenLocale(cookies: string): string | null {
  for (const part of cookies.split(";")) {
    const [name = "", ...value] = part.trim().split("=");
    if (name !== LOCALE_COOKIE) continue;
    try {
      return decodeURIComponent(value.join("="));
    } catch {
      return null;
    }
  }
  return null;
}

/** Languages of an Accept-Language header, best first (q=0 dropped). */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return {
        tag: tag.trim().toLowerCase(),
        quality: Number.isFinite(quality) ? quality : 0,
        index,
      };
    })
    .filter((entry) => entry.tag !== "" && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag);
}

// The portal's locale for one Accept-Language tag, or null: a Traditional Chinese tag
// (zh-TW/zh-HK/zh-Hant) is not Simplified and goes on to the next.
export { localeForTag };

/** The request's locale: the NEXT_LOCALE cookie, then Accept-Language, then English. */
export function negotiateLocale(
  cookie: string | null | undefined,
  acceptLanguage: string | null | undefined,
): Locale {
  if (isLocale(cookie)) return cookie;
  for (const tag of parseAcceptLanguage(acceptLanguage)) {
    const locale = localeForTag(tag);
    if (locale) return locale;
  }
  return defaultLocale;
}

/** A route handler's request, as far as its locale goes. */
type LocaleSource = {
  cookies: { get(name: string): { value: string } | undefined };
  headers: { get(name: string): string | null };
};

/** A route handler's locale, negotiated as a page's is (i18n/request.ts). */
export function requestLocale(req: LocaleSource): Locale {
  return negotiateLocale(req.cookies.get(LOCALE_COOKIE)?.value, req.headers.get("accept-language"));
}
