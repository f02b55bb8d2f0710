/**
 * The last bill of a cancellation (sandbox/README.md "Cancellation: the last bill"). Pure: the
 * caller supplies the usage recorded per usage-based line in the window `usageWindow` gives.
 *
 * A cancellation effective on E (the last active day is E − 1) leaves one document, issued on
 * max(E, d): the usage of the last cycle not yet invoiced, up to E, and a credit for every
 * in-advance period invoiced (or to be invoiced before E) that runs past E, for its days from E
 * (from its start when it begins at or after E). Positive: an invoice; negative: a credit note;
 * zero: nothing. Money is rounded half-up per line and period, then summed, as every other
 * document the sandbox issues.
 */
import { addDays } from "@billing-portal/contract/calendar/sums";
import { daysBetween, periodContaining, PERIOD_MONTHS, type Period } from "./calendar";
import type { PricedLine } from "./change";
import { amountOf, billingCycle, cents, usageBased, inAdvance } from "./preview";
import { periodAmount } from "./pricing";

export type SettlementInput = {
  startDate: string;
  /**
   * d: the customer's billing day when they cancelled. What had been invoiced by then is what the
   * last bill settles, whenever it is issued.
   */
  today: string;
  /** E: the cancellation's effective date. */
  effective: string;
  lines: PricedLine[];
  /** Usage recorded per usage-based line in `usageWindow(...)`. */
  usage: (l: PricedLine) => number;
};

/** One line of the last bill, in cents: usage billed (positive) or days credited (negative). */
export type SettlementLine = {
  key: string;
  kind: "usage" | "unused";
  period: Period;
  /** The usage billed (usage lines). */
  quantity: number | null;
  amount: number;
};

export type Settlement = {
  /** The day the document is issued: E, or d when E has passed. */
  date: string;
  lines: SettlementLine[];
  /** Cents; negative: a credit. */
  total: number;
};

/**
 * The days whose usage the last bill charges: from the start of the cycle holding the last
 * active day to E; none when that cycle has been invoiced already (it closed on or before d).
 */
export function usageWindow(startDate: string, today: string, effective: string): Period | null {
  if (effective <= startDate) return null;
  const last = billingCycle(startDate, addDays(effective, -1));
  if (last.end <= today) return null;
  return { start: last.start, end: effective };
}

/** The in-advance periods of a line that are (or will have been) invoiced and run past E. */
function unusedPeriods(input: SettlementInput, l: PricedLine): Period[] {
  const months = PERIOD_MONTHS[l.period];
  const invoicedThrough =
    input.today > addDays(input.effective, -1) ? input.today : addDays(input.effective, -1);
  const out: Period[] = [];
  const first = input.effective > input.startDate ? addDays(input.effective, -1) : input.startDate;
  for (
    let p = periodContaining(input.startDate, months, first);
    p.start <= invoicedThrough;
    p = periodContaining(input.startDate, months, p.end)
  ) {
    if (p.end > input.effective) out.push(p);
  }
  return out;
}

export function settle(input: SettlementInput): Settlement {
  const date = input.effective > input.today ? input.effective : input.today;
  const window = usageWindow(input.startDate, input.today, input.effective);
  const lines: SettlementLine[] = [];
  for (const l of input.lines) {
    if (usageBased(l)) {
      if (!window) continue;
      const quantity = input.usage(l);
      const amount = cents(periodAmount(l.pricing, quantity));
      lines.push({ key: l.key, kind: "usage", period: window, quantity, amount });
      continue;
    }
    if (!inAdvance(l)) continue;
    for (const p of unusedPeriods(input, l)) {
      const from = p.start > input.effective ? p.start : input.effective;
      const share = daysBetween(from, p.end) / daysBetween(p.start, p.end);
      const amount = -cents(amountOf(l) * share);
      if (amount === 0) continue;
      const period = { start: from, end: p.end };
      lines.push({ key: l.key, kind: "unused", period, quantity: null, amount });
    }
  }
  return { date, lines, total: lines.reduce((a, l) => a + l.amount, 0) };
}

/** A recurring line's part of its current period from a day on, in cents. */
export type ResumeLine = { key: string; period: Period; amount: number };

/**
 * What resuming billing on `day` after a gap charges at once: each in-advance line's current
 * period from that day, prorated by days (the whole period when it begins that day). Usage bills
 * in arrears from that day on.
 */
export function resumeLines(startDate: string, day: string, lines: PricedLine[]): ResumeLine[] {
  const out: ResumeLine[] = [];
  for (const l of lines) {
    if (!inAdvance(l)) continue;
    const p = periodContaining(startDate, PERIOD_MONTHS[l.period], day);
    const amount = cents((amountOf(l) * daysBetween(day, p.end)) / daysBetween(p.start, p.end));
    if (amount !== 0) out.push({ key: l.key, period: { start: day, end: p.end }, amount });
  }
  return out;
}
