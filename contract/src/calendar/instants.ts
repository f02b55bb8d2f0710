// Eastern wall-clock times as instants (spec 001 §1): the seed's timestamps and the lists' day
// bounds. The offsets come from the runtime's time zone database through @date-fns/tz; the server
// needs this module, the browser does not (days.ts has the day of an instant).
import { TZDateMini } from "@date-fns/tz/date/mini";
import { EASTERN_TIME_ZONE, easternOffset, utcDateOfDay } from "./days";
import { addDays } from "./sums";

const HOUR_MS = 3_600_000;

// The Eastern offset at a day's start and end (ms), by day: the seed turns thousands of wall-clock
// times into instants on the same few hundred days, and asking the time zone database is the dear
// step. Bounded: cleared when full.
const dayOffsets = new Map<string, readonly [number, number]>();
const MAX_DAY_OFFSETS = 4096;

function offsetsOf(day: string, midnightUtc: number): readonly [number, number] {
  let offsets = dayOffsets.get(day);
  if (!offsets) {
    // Eastern midnight is 4 or 5 hours after UTC midnight; the offsets there and a day later
    // differ only on the two days a year the clocks change.
    const start = easternOffset(midnightUtc + 5 * HOUR_MS);
    const end = easternOffset(midnightUtc + 29 * HOUR_MS);
    offsets = [start, end];
    if (dayOffsets.size >= MAX_DAY_OFFSETS) dayOffsets.clear();
    dayOffsets.set(day, offsets);
  }
  return offsets;
}

/**
 * The instant (epoch ms) of the Eastern wall-clock time `secondsOfDay` into `day`. A time the
 * clocks skip (02:30 on the day daylight time starts) is the one an hour later (03:30 EDT); a time
 * they repeat (01:30 on the day it ends) is its first, daylight, occurrence.
 */
export function easternInstant(day: string, secondsOfDay: number): number {
  const utcMidnight = utcDateOfDay(day);
  if (!utcMidnight) throw new RangeError(`Not a calendar day: ${JSON.stringify(day)}`);
  const midnightUtc = utcMidnight.getTime();
  const [start, end] = offsetsOf(day, midnightUtc);
  if (start === end) return midnightUtc + secondsOfDay * 1000 - start;
  // The clocks change today: @date-fns/tz places the wall-clock time (skipped and repeated
  // times as documented above).
  const date = new TZDateMini(midnightUtc - start, EASTERN_TIME_ZONE);
  date.setSeconds(secondsOfDay);
  return date.getTime();
}

/** The first instant (epoch ms) of an Eastern day: its midnight in New York. */
export function startOfEasternDay(day: string): number {
  return easternInstant(day, 0);
}

/** The Eastern day as instants [start, end) in epoch ms: its midnight and the next day's. */
export function easternDaySpan(day: string): { start: number; end: number } {
  return { start: startOfEasternDay(day), end: startOfEasternDay(addDays(day, 1)) };
}
