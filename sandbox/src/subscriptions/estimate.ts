/**
 * The period estimate's arithmetic (sandbox/README.md "Period estimate and invoices"). Pure: the
 * caller supplies the usage recorded per usage-based line in the current cycle. The invoice that
 * closes the cycle is priced by `invoiceLinesAt`, as the change preview's next invoice and the
 * invoice the sandbox issues when the cycle closes.
 */
import { addDays } from "@billing-portal/contract/calendar/sums";
import { daysBetween, periodContaining, PERIOD_MONTHS, type Period } from "./calendar";
import type { PricedLine } from "./change";
import { amountOf, billingCycle, cents, invoiceLinesAt, usageBased } from "./preview";

export type EstimateInput = {
  startDate: string;
  /** d: the customer's billing day, US Eastern. */
  today: string;
  lines: PricedLine[];
  /** Usage recorded per usage-based line in the current cycle. */
  usage: ReadonlyMap<string, number>;
};

/** Amounts in cents; periods half-open [start, end). */
export type LineEstimate = {
  key: string;
  soFar: number;
  next: number;
  /** What `next` pays for; null when the line adds nothing to the invoice. */
  billed: Period | null;
};

export type PeriodEstimate = {
  cycle: Period;
  lines: LineEstimate[];
  recurringSoFar: number;
  usageSoFar: number;
  /** The invoice issued at cycle.end, before credits. */
  next: number;
};

/**
 * A recurring line's share of its period's amount from the cycle's first day (or its own period's,
 * if later) through today inclusive.
 */
function accrued(input: EstimateInput, l: PricedLine, cycle: Period): number {
  const own = periodContaining(input.startDate, PERIOD_MONTHS[l.period], input.today);
  const from = own.start > cycle.start ? own.start : cycle.start;
  const elapsed = daysBetween(from, addDays(input.today, 1));
  return cents((amountOf(l) * elapsed) / daysBetween(own.start, own.end));
}

export function estimatePeriod(input: EstimateInput): PeriodEstimate {
  const cycle = billingCycle(input.startDate, input.today);
  const invoice = invoiceLinesAt(
    input.startDate,
    input.lines,
    cycle.end,
    (l) => input.usage.get(l.key) ?? 0,
  );
  let recurringSoFar = 0;
  let usageSoFar = 0;
  const lines = input.lines.map((l): LineEstimate => {
    const next = invoice.get(l.key);
    if (usageBased(l)) {
      usageSoFar += next ?? 0;
      return { key: l.key, soFar: next ?? 0, next: next ?? 0, billed: cycle };
    }
    const soFar = accrued(input, l, cycle);
    recurringSoFar += soFar;
    const billed =
      next === undefined
        ? null
        : periodContaining(input.startDate, PERIOD_MONTHS[l.period], cycle.end);
    return { key: l.key, soFar, next: next ?? 0, billed };
  });
  const next = [...invoice.values()].reduce((a, b) => a + b, 0);
  return { cycle, lines, recurringSoFar, usageSoFar, next };
}
