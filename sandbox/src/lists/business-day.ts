/**
 * Calendar days in US Eastern time, where the portal's dates live (spec 001 §1): the contract's
 * calendar (date-fns with @date-fns/tz), under the names the sandbox has always used.
 */
import { easternDay } from "@billing-portal/contract/calendar/days";
import { easternInstant as easternEpochMs } from "@billing-portal/contract/calendar/instants";

export { addDays } from "@billing-portal/contract/calendar/sums";

/** The Eastern calendar day (YYYY-MM-DD) of an instant. */
export function easternDate(epochMs: number): string {
  return easternDay(epochMs);
}

/** The instant of an Eastern wall-clock time `secondsOfDay` into `date` (YYYY-MM-DD). */
export function easternInstant(date: string, secondsOfDay: number): Date {
  return new Date(easternEpochMs(date, secondsOfDay));
}
