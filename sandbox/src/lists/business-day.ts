/** Calendar days in US Eastern time, where the portal's dates live (spec 001 §1). */
import { BUSINESS_TIME_ZONE } from "./where";

const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: BUSINESS_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
const partsFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: BUSINESS_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
});

/** The Eastern calendar day (YYYY-MM-DD) of an instant. */
export function easternDate(epochMs: number): string {
  return dayFormat.format(new Date(epochMs));
}

/** Eastern wall-clock minus UTC at an instant, in ms (-5 h or -4 h). */
function offsetAt(epochMs: number): number {
  const p = Object.fromEntries(
    partsFormat.formatToParts(new Date(epochMs)).map((x) => [x.type, Number(x.value)]),
  );
  const wall = Date.UTC(
    p.year ?? 0,
    (p.month ?? 1) - 1,
    p.day ?? 1,
    p.hour ?? 0,
    p.minute ?? 0,
    p.second ?? 0,
  );
  return wall - (epochMs - (epochMs % 1000));
}

/** The instant of an Eastern wall-clock time `secondsOfDay` into `date` (YYYY-MM-DD). */
export function easternInstant(date: string, secondsOfDay: number): Date {
  const [y, m, d] = date.split("-").map(Number);
  const wall = Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1) + secondsOfDay * 1000;
  let guess = wall - offsetAt(wall);
  // Across a DST change the offset at the guess may differ from the one at the wall time.
  guess = wall - offsetAt(guess);
  return new Date(guess);
}

/** `date` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}
