/**
 * GET /v1/customers/period_estimate and /v1/subscriptions/{id}/period_estimate (docs/CONTRACT.md
 * §7.3): each subscription's current cycle priced by estimate.ts, the customer's open credits
 * allocated to the invoices that close the cycles, earliest first (as issue.ts applies them).
 */
import type { AccountScope } from "../account/scope";
import type { Queryable } from "../db";
import { notFound } from "../http";
import { addDays } from "@billing-portal/contract/calendar/sums";
import type {
  CustomerPeriodEstimateDto,
  PeriodTotalDto,
  SubscriptionPeriodEstimateDto,
} from "@billing-portal/contract/wire/periods";
import { linesBefore } from "./change";
import { allocateCredits, openCredits, usedTotal, type OpenCredit } from "./credits";
import { estimatePeriod, type PeriodEstimate } from "./estimate";
import { discountCents, discountOn } from "./discounts";
import { settlementOf } from "./leaving";
import { isPausedOn, pendingPause } from "./pause";
import { billingCycle } from "./preview";
import { resumeLines, type Settlement } from "./settlement";
import { lineUsage, listSubscriptions, type SubscriptionRecord } from "./store";
import type { Period } from "./calendar";

/** What closes a subscription's period (the contract's next_document). */
type NextDocument = "invoice" | "pause_bill" | "last_bill" | "resumption";

/** One in-service subscription's estimate, before credits. */
export type Estimated = {
  s: SubscriptionRecord;
  estimate: PeriodEstimate;
  document: NextDocument;
  /** Within estimate.next, cents (0 or less). */
  discount: number;
};

const money = (c: number) => c / 100;
const lastDay = (p: Period) => ({ start: p.start, end: addDays(p.end, -1) });

/** Usage recorded per usage-based line in [from, to). */
export async function cycleUsage(
  q: Queryable,
  s: SubscriptionRecord,
  cycle: Period,
): Promise<Map<string, number>> {
  const usage = new Map<string, number>();
  for (const line of s.plans.flatMap((p) => p.charges)) {
    if (line.pricing_model !== "usage_based") continue;
    usage.set(line.id, await lineUsage(q, s, line, cycle.start, cycle.end));
  }
  return usage;
}

/** Active subscriptions by the day their cycle closes, then id: the order credits apply in. */
export const byClosingDay = (a: Estimated, b: Estimated) =>
  a.estimate.cycle.end.localeCompare(b.estimate.cycle.end) || a.s.id.localeCompare(b.s.id);

function toDto(
  s: SubscriptionRecord,
  x: Estimated | null,
  credited: number,
  usage: ReadonlyMap<string, number>,
  today: string,
): SubscriptionPeriodEstimateDto {
  const e = x?.estimate ?? null;
  const byKey = new Map(e?.lines.map((l) => [l.key, l]));
  const next = e?.next ?? 0;
  return {
    subscription_id: s.id,
    subscription_name: s.name,
    status: isPausedOn(s, today) ? "paused" : s.status,
    next_document: x?.document ?? "invoice",
    discount: money(x?.discount ?? 0),
    resume_date: pendingPause(s, today)?.resume ?? null,
    currency: s.currency,
    cancellation_date: s.cancellation_date,
    period: e ? lastDay(e.cycle) : null,
    next_invoice_date: e ? e.cycle.end : null,
    cost_so_far: money((e?.recurringSoFar ?? 0) + (e?.usageSoFar ?? 0)),
    recurring_so_far: money(e?.recurringSoFar ?? 0),
    usage_so_far: money(e?.usageSoFar ?? 0),
    projected_total: money(next),
    credits_applied: money(credited),
    projected_amount_due: money(next - credited),
    lines: e
      ? s.plans.flatMap((p) =>
          p.charges.map((c) => {
            const l = byKey.get(c.id);
            const usageBased = c.pricing_model === "usage_based";
            return {
              charge_line_id: c.id,
              plan_name: p.plan_name,
              charge_name: c.name,
              pricing_model: c.pricing_model,
              charge_timing: c.charge_timing,
              billing_period: c.billing_period,
              quantity: usageBased ? (usage.get(c.id) ?? 0) : (c.quantity ?? 0),
              unit_of_measure: c.unit_of_measure,
              cost_so_far: money(l?.soFar ?? 0),
              next_invoice_amount: money(l?.next ?? 0),
              billed_period: l?.billed ? lastDay(l.billed) : null,
            };
          }),
        )
      : [],
  };
}

function totals(
  estimated: Estimated[],
  credited: Map<string, number>,
  credits: OpenCredit[],
): PeriodTotalDto[] {
  const currencies = [...new Set(estimated.map((x) => x.s.currency))].sort();
  return currencies.map((currency) => {
    const mine = estimated.filter((x) => x.s.currency === currency);
    const sum = (f: (x: Estimated) => number) => mine.reduce((a, x) => a + f(x), 0);
    const next = sum((x) => x.estimate.next);
    const applied = sum((x) => credited.get(x.s.id) ?? 0);
    return {
      currency,
      cost_so_far: money(sum((x) => x.estimate.recurringSoFar + x.estimate.usageSoFar)),
      projected_total: money(next),
      credits_applied: money(applied),
      projected_amount_due: money(next - applied),
      credit_balance: money(
        credits.filter((c) => c.currency === currency).reduce((a, c) => a + c.open, 0),
      ),
      next_invoice_date: mine.map((x) => x.estimate.cycle.end).sort()[0] ?? null,
    };
  });
}

/** A settling bill's amounts in place of the period invoice's, line by line. */
function settled(base: PeriodEstimate, bill: Settlement, end: string): PeriodEstimate {
  const next = new Map<string, number>();
  const billed = new Map<string, Period>();
  for (const l of bill.lines) {
    next.set(l.key, (next.get(l.key) ?? 0) + l.amount);
    billed.set(l.key, l.period);
  }
  return {
    ...base,
    cycle: { start: base.cycle.start, end },
    lines: base.lines.map((l) => ({
      ...l,
      next: next.get(l.key) ?? 0,
      billed: billed.get(l.key) ?? null,
    })),
    next: bill.total,
  };
}

/**
 * The estimate of `s` on `today` and what closes it, or null when it is not in service. Paused:
 * the pause, closed by its resumption's invoice. A pause set from this cycle's end, or a
 * cancellation effective by then: the cycle so far, closed by the bill they leave. Else the
 * period's invoice, less an accepted discount.
 */
async function estimateOf(
  q: Queryable,
  s: SubscriptionRecord,
  today: string,
): Promise<(Estimated & { usage: Map<string, number> }) | null> {
  const ends = s.status === "cancelled" && s.cancelled_on !== null ? s.cancellation_date : null;
  if (s.status !== "active" && !(ends !== null && ends > today)) return null;
  const lines = linesBefore(s);
  const pause = pendingPause(s, today);
  if (pause && pause.start <= today) {
    const resume = resumeLines(s.start_date, pause.resume, lines);
    const byKey = new Map(resume.map((l) => [l.key, l]));
    const estimate: PeriodEstimate = {
      cycle: { start: pause.start, end: pause.resume },
      lines: lines.map((l) => ({
        key: l.key,
        soFar: 0,
        next: byKey.get(l.key)?.amount ?? 0,
        billed: byKey.get(l.key)?.period ?? null,
      })),
      recurringSoFar: 0,
      usageSoFar: 0,
      next: resume.reduce((a, l) => a + l.amount, 0),
    };
    return { s, estimate, document: "resumption", discount: 0, usage: new Map() };
  }
  const usage = await cycleUsage(q, s, billingCycle(s.start_date, today));
  const base = estimatePeriod({ startDate: s.start_date, today, lines, usage });
  if (pause && pause.start === base.cycle.end) {
    const bill = await settlementOf(q, s, pause.start, s.paused_on ?? today);
    const estimate = settled(base, bill, pause.start);
    return { s, estimate, document: "pause_bill", discount: 0, usage };
  }
  if (ends !== null && ends <= base.cycle.end) {
    const bill = await settlementOf(q, s, ends, s.cancelled_on ?? today);
    return { s, estimate: settled(base, bill, ends), document: "last_bill", discount: 0, usage };
  }
  const discount = discountCents(base.next, await discountOn(q, s, base.cycle.end));
  const estimate = { ...base, next: base.next + discount };
  return { s, estimate, document: "invoice", discount, usage };
}

/** Every subscription of the customer with its estimate (those in service) and its credits. */
async function estimateAll(q: Queryable, customerId: string, today: string) {
  const all = await listSubscriptions(q, customerId, []);
  const estimated: Estimated[] = [];
  const usageOf = new Map<string, Map<string, number>>();
  for (const s of all) {
    const found = await estimateOf(q, s, today);
    if (!found) continue;
    const { usage, ...x } = found;
    usageOf.set(s.id, usage);
    estimated.push(x);
  }
  estimated.sort(byClosingDay);
  const credits = await openCredits(q, customerId);
  const uses = allocateCredits(
    credits,
    estimated.map((x) => ({ key: x.s.id, currency: x.s.currency, total: x.estimate.next })),
  );
  const credited = new Map([...uses].map(([k, u]) => [k, usedTotal(u)]));
  const dtos = all.map((s) =>
    toDto(
      s,
      estimated.find((x) => x.s.id === s.id) ?? null,
      credited.get(s.id) ?? 0,
      usageOf.get(s.id) ?? new Map(),
      today,
    ),
  );
  return { dtos, totals: totals(estimated, credited, credits) };
}

export async function customerEstimate(
  q: Queryable,
  scope: AccountScope,
  today: string,
): Promise<CustomerPeriodEstimateDto> {
  const { dtos, totals: t } = await estimateAll(q, scope.customerId, today);
  return { today, subscriptions: dtos, totals: t };
}

export async function subscriptionEstimate(
  q: Queryable,
  scope: AccountScope,
  id: string,
  today: string,
): Promise<{ today: string; estimate: SubscriptionPeriodEstimateDto }> {
  const { dtos } = await estimateAll(q, scope.customerId, today);
  const estimate = dtos.find((d) => d.subscription_id === id);
  if (!estimate) throw notFound("Subscription not found");
  return { today, estimate };
}
