// Moments (an ISO instant, not a calendar day) in the reader's own time zone: when a session
// signed in and was last seen (issue 34 §2). Only ever run in the browser (the sessions card is
// not rendered by the server), so the zone is the browser's unless one is given (tests).

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const dateTimes = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(locale: string, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone ?? ""}`;
  let made = dateTimes.get(key);
  if (!made) {
    const options: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };
    try {
      made = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    } catch {
      // An unknown locale tag or zone: the moment still shows, in English, in the browser's zone.
      made = new Intl.DateTimeFormat("en", options);
    }
    dateTimes.set(key, made);
  }
  return made;
}

/** "Jan 15, 2030, 7:00 AM" in `locale` and the reader's zone; "" when not an instant. */
export function formatInstant(iso: string, locale: string, timeZone?: string): string {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? dateTimeFormat(locale, timeZone).format(ms) : "";
}

/**
 * How long ago, in words ("now", "5 minutes ago", "yesterday", "3 days ago"); past a week, the
 * moment itself (formatInstant). A moment slightly ahead of `now` (clock skew) reads as now.
 */
export function formatSince(iso: string, now: number, locale: string, timeZone?: string): string {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return "";
  const ago = Math.max(0, now - ms);
  if (ago >= 7 * DAY) return formatInstant(iso, locale, timeZone);
  let relative: Intl.RelativeTimeFormat;
  try {
    relative = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  } catch {
    relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
  }
  if (ago < MINUTE) return relative.format(0, "second");
  if (ago < HOUR) return relative.format(-Math.floor(ago / MINUTE), "minute");
  if (ago < DAY) return relative.format(-Math.floor(ago / HOUR), "hour");
  return relative.format(-Math.floor(ago / DAY), "day");
}
