/** Cancellation dates (rule 7 of sandbox/README.md "Subscription preview"). */
import { isCalendarDate } from "../lists/decode";
import { addMonths } from "./calendar";
import { billingCycle } from "./preview";
import { refuse, type CancellationType } from "./schemas";
import type { SubscriptionRecord } from "./store";

/**
 * A cancellation date given by the customer: present, YYYY-MM-DD, not before the start date, nor
 * before the current billing cycle began (earlier cycles are invoiced: a cancellation settles
 * the current one, sandbox/README.md "Cancellation: the last bill").
 */
export function checkCancellationDate(
  s: Pick<SubscriptionRecord, "start_date">,
  date: string | null | undefined,
  today: string,
): string {
  if (date === null || date === undefined || date.trim() === "") {
    throw refuse("A cancellation date is required.");
  }
  if (!isCalendarDate(date)) throw refuse("The cancellation date must be written YYYY-MM-DD.");
  if (date < s.start_date) {
    throw refuse(`The cancellation date cannot be before the start date (${s.start_date}).`);
  }
  const cycle = billingCycle(s.start_date, today);
  if (date < cycle.start) {
    throw refuse(
      `The cancellation date cannot be before the current billing period began (${cycle.start}).`,
    );
  }
  return date;
}

/**
 * The effective date of a cancellation of this type (the last active day is the day before):
 * today, the end of the current or previous billing cycle, the end of the contract term, or the
 * date given.
 */
export function cancelEndDate(
  s: Pick<SubscriptionRecord, "start_date" | "contract_term">,
  type: CancellationType,
  today: string,
  date?: string | null,
): string {
  const cycle = billingCycle(s.start_date, today);
  switch (type) {
    case "today":
      return today;
    case "end_of_current_billing_period":
      return cycle.end;
    case "end_of_previous_billing_period":
      return cycle.start;
    case "end_of_current_contract_term":
      return addMonths(s.start_date, s.contract_term);
    case "specific_date":
      return checkCancellationDate(s, date, today);
  }
}
