/**
 * The change preview's arithmetic (sandbox/README.md "Subscription preview", rules 1–6). Pure:
 * the caller supplies the usage recorded per usage-based line. Money is summed in cents, each
 * charge line's contribution rounded half-up first.
 */
import { addDays } from "@billing-portal/contract/calendar/sums";
import {
  daysBetween,
  periodBeginsOn,
  periodContaining,
  PERIOD_MONTHS,
  type Period,
} from "./calendar";
import type { PricedLine } from "./change";
import { periodAmount, roundCents } from "./pricing";
import type { ChangePreviewDto } from "./types";

/** Usage of a usage-based line in the previous cycle and in the current one so far. */
export type LineUsage = { previous: number; current: number };

export type PreviewInput = {
  startDate: string;
  currency: string;
  /** d: today, US Eastern. */
  today: string;
  before: PricedLine[];
  after: PricedLine[];
  usage: ReadonlyMap<string, LineUsage>;
};

/** An amount rounded half-up to cents, as whole cents. */
export const cents = (amount: number) => Math.round(roundCents(amount) * 100);
export const usageBased = (l: PricedLine) => l.pricing.pricing_model === "usage_based";
export const inAdvance = (l: PricedLine) => !usageBased(l) && l.timing === "in_advance";
export const amountOf = (l: PricedLine) => periodAmount(l.pricing, l.quantity ?? 0);

/** The subscription's billing cycle [cs, ce) around `today` (monthly, anchored on the start date). */
export function billingCycle(startDate: string, today: string): Period {
  return periodContaining(startDate, 1, today);
}

/** The previous cycle [cs − 1 month, cs). */
export function previousCycle(startDate: string, today: string): Period {
  const cycle = billingCycle(startDate, today);
  // The first cycle has none before it: an empty range, so no usage is found.
  if (cycle.start <= startDate) return { start: cycle.start, end: cycle.start };
  return periodContaining(startDate, 1, addDays(cycle.start, -1));
}

/**
 * The lines of the invoice issued at `day`, in cents: in-advance lines whose period begins that
 * day at their full period amount, usage-based lines at the usage `usage` gives them (the cycle
 * that ends that day). Other lines bill nothing then. The change preview, the period estimate and
 * the invoices the sandbox issues all price through this one function.
 */
export function invoiceLinesAt(
  startDate: string,
  lines: PricedLine[],
  day: string,
  usage: (l: PricedLine) => number,
): Map<string, number> {
  const out = new Map<string, number>();
  for (const l of lines) {
    if (usageBased(l)) out.set(l.key, cents(periodAmount(l.pricing, usage(l))));
    else if (inAdvance(l) && periodBeginsOn(startDate, PERIOD_MONTHS[l.period], day)) {
      out.set(l.key, cents(amountOf(l)));
    }
  }
  return out;
}

const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);

/** An invoice's total at `day`, in cents. */
function invoiceAt(
  input: PreviewInput,
  lines: PricedLine[],
  day: string,
  usage: (l: PricedLine) => number,
): number {
  return sum(invoiceLinesAt(input.startDate, lines, day, usage).values());
}

/** What the change bills now: each changed in-advance line's difference, prorated to its period's rest. */
function proration(input: PreviewInput): number {
  const before = new Map(input.before.map((l) => [l.key, l]));
  const after = new Map(input.after.map((l) => [l.key, l]));
  let total = 0;
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const old = before.get(key);
    const next = after.get(key);
    const line = next ?? old;
    if (!line || !inAdvance(line)) continue;
    const delta = (next ? amountOf(next) : 0) - (old ? amountOf(old) : 0);
    if (delta === 0) continue;
    const period = periodContaining(input.startDate, PERIOD_MONTHS[line.period], input.today);
    const remaining = daysBetween(input.today, period.end);
    const length = daysBetween(period.start, period.end);
    total += cents((delta * remaining) / length);
  }
  return total;
}

export function computePreview(input: PreviewInput): ChangePreviewDto {
  const cycle = billingCycle(input.startDate, input.today);
  const usage = (pick: keyof LineUsage) => (l: PricedLine) => input.usage.get(l.key)?.[pick] ?? 0;
  return {
    prior_invoice: {
      invoice_amount: invoiceAt(input, input.before, cycle.start, usage("previous")) / 100,
    },
    current_invoice: { invoice_amount: proration(input) / 100 },
    next_invoice: {
      invoice_amount: invoiceAt(input, input.after, cycle.end, usage("current")) / 100,
    },
    contract_effective_date: input.today,
    currency: input.currency,
  };
}
