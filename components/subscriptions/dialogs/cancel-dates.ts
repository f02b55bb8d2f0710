// The cancel dialog's date rules (spec 001 §4, §5; docs/CONTRACT.md §7.1): the date the server
// calls the cancellation (effective) date is the first day without the subscription, so the last
// active day is the day before it.
import { addDays } from "@billing-portal/contract/calendar/sums";
import { isIsoDay, type Subscription } from "@/lib/schemas/subscriptions";

/** The calendar day before a YYYY-MM-DD day, as YYYY-MM-DD; null when it is not a real day. */
export function dayBefore(isoDay: string): string | null {
  return isIsoDay(isoDay) ? addDays(isoDay, -1) : null;
}

/** The subscription's start date when it has a real `start_date` field, else null. */
export function startDateOf(subscription: Subscription): string | null {
  const value = subscription.fields.find((field) => field.key === "start_date")?.value;
  return typeof value === "string" && isIsoDay(value) ? value : null;
}

export type CustomDateProblem = "required" | "invalid" | "tooEarly";

/**
 * What is wrong with a typed cancellation date, or null when it can be sent. A date input hands
 * "" both when it is blank and when what was typed is not a whole date.
 */
export function customDateProblem(value: string, min: string | null): CustomDateProblem | null {
  if (value.trim() === "") return "required";
  if (!isIsoDay(value)) return "invalid";
  // YYYY-MM-DD strings compare in calendar order.
  if (min !== null && value < min) return "tooEarly";
  return null;
}
