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
import { billingCycle } from "./preview";
import { lineUsage, listSubscriptions, type SubscriptionRecord } from "./store";
import type { Period } from "./calendar";

/** One active subscription's estimate, before credits. */
export type Estimated = { s: SubscriptionRecord; estimate: PeriodEstimate };

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
  e: PeriodEstimate | null,
  credited: number,
  usage: ReadonlyMap<string, number>,
): SubscriptionPeriodEstimateDto {
  const byKey = new Map(e?.lines.map((l) => [l.key, l]));
  const next = e?.next ?? 0;
  return {
    subscription_id: s.id,
    subscription_name: s.name,
    status: s.status,
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

/** Every subscription of the customer with its estimate (active ones) and the credits it gets. */
async function estimateAll(q: Queryable, customerId: string, today: string) {
  const all = await listSubscriptions(q, customerId, []);
  const estimated: Estimated[] = [];
  const usageOf = new Map<string, Map<string, number>>();
  for (const s of all) {
    if (s.status !== "active") continue;
    const usage = await cycleUsage(q, s, billingCycle(s.start_date, today));
    usageOf.set(s.id, usage);
    estimated.push({
      s,
      estimate: estimatePeriod({ startDate: s.start_date, today, lines: linesBefore(s), usage }),
    });
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
      estimated.find((x) => x.s.id === s.id)?.estimate ?? null,
      credited.get(s.id) ?? 0,
      usageOf.get(s.id) ?? new Map(),
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
