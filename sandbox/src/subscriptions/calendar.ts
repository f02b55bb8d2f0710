/**
 * Billing calendars of the preview rules (sandbox/README.md "Subscription preview"): cycles and
 * charge periods anchored on a subscription's start date, in whole US Eastern calendar days. The
 * arithmetic is the contract's calendar (date-fns), shared with the portal: PERIOD_MONTHS gives
 * the months in one period of a charge, a Period is a half-open range of days [start, end).
 */
export {
  addMonths,
  daysBetween,
  periodBeginsOn,
  periodContaining,
  BILLING_PERIOD_MONTHS as PERIOD_MONTHS,
  type DayRange as Period,
} from "@billing-portal/contract/calendar/sums";
