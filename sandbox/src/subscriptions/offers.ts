/**
 * Offers to a customer about to cancel (docs/CONTRACT.md §7.1 "Leaving", sandbox/README.md
 * "Offers"): what the company makes (migration 015), as they apply to one subscription, each
 * accepted once. A pause is the pause of pause-service.ts; a cheaper plan is a change (the plan
 * line replaced by the catalogue plan one step cheaper); a discount takes a share off the next
 * period invoices.
 */
import type {
  RetentionOfferDto,
  RetentionOffersDto,
  SubscriptionDto,
} from "@billing-portal/contract/wire/subscriptions";
import type { AccountScope } from "../account/scope";
import { recordActivity } from "../activity/record";
import type { Queryable } from "../db";
import { plansOf } from "./activity";
import { companyLeavingPolicy, type RetentionOffer } from "../store/companies";
import { toSubscriptionDto } from "./dto";
import { pauseWindow, pendingPause } from "./pause";
import { setPause } from "./pause-service";
import { findPlans } from "./plans";
import { billingCycle } from "./preview";
import { refuse, type ChangeBody } from "./schemas";
import { applyChange, load, previewChange } from "./service";
import type { SubscriptionRecord } from "./store";
import type { PlanDto } from "./types";

/** A plan's price for one period at its default quantities, usage aside (cents). */
const planPrice = (p: PlanDto) =>
  p.charges
    .filter((c) => c.pricing_model !== "usage_based")
    .reduce((a, c) => a + Math.round(c.amount * 100), 0);

type CheaperPlan = { planLineId: string; plan: PlanDto };

/**
 * The first plan line of `s` (in order) that a cheaper plan could replace, and that plan: of the
 * company's active plans that may replace one another, same billing period and currency, not on
 * the subscription, the dearest of those cheaper than the line's plan (the smallest step down).
 */
async function cheaperPlan(
  q: Queryable,
  companyId: string,
  s: SubscriptionRecord,
): Promise<CheaperPlan | null> {
  const rows = await q.query<{ id: string }>(
    `SELECT id FROM plans WHERE company_id = $1 AND status = 'active' AND upgradable
        AND currency = $2 ORDER BY id`,
    [companyId, s.currency],
  );
  const onIt = new Set(s.plans.map((p) => p.plan_id));
  const ids = [...new Set([...rows.map((r) => r.id), ...onIt])];
  const catalogue = new Map((await findPlans(q, companyId, ids)).map((p) => [p.id, p]));
  const swappable = rows.map((r) => r.id).filter((id) => !onIt.has(id));
  for (const line of s.plans) {
    if (!line.upgradable) continue;
    const current = catalogue.get(line.plan_id);
    if (!current) continue;
    const price = planPrice(current);
    const best = swappable
      .map((id) => catalogue.get(id))
      .filter((p): p is PlanDto => !!p && p.billing_period === current.billing_period)
      .filter((p) => planPrice(p) > 0 && planPrice(p) < price)
      .sort((a, b) => planPrice(b) - planPrice(a) || a.id.localeCompare(b.id))[0];
    if (best) return { planLineId: line.id, plan: best };
  }
  return null;
}

const changeTo = (c: CheaperPlan): ChangeBody => ({
  remove_plans: [c.planLineId],
  add_plans: [{ plan_id: c.plan.id }],
});

async function acceptedOffers(q: Queryable, s: SubscriptionRecord): Promise<Set<string>> {
  const rows = await q.query<{ offer_id: string }>(
    "SELECT offer_id FROM subscription_offer_acceptances WHERE subscription_id = $1",
    [s.id],
  );
  return new Set(rows.map((r) => r.offer_id));
}

const empty = {
  cycles: null,
  percent_off: null,
  resume_date: null,
  plan_line_id: null,
  plan: null,
  change_preview: null,
};

/** One configured offer as it applies to `s` today, or null when it does not. */
async function applies(
  q: Queryable,
  scope: AccountScope,
  s: SubscriptionRecord,
  offer: RetentionOffer,
  pauseMax: number | null,
  today: string,
): Promise<RetentionOfferDto | null> {
  switch (offer.kind) {
    case "pause": {
      if (pauseMax === null) return null;
      const cycles = Math.min(offer.cycles, pauseMax);
      const w = pauseWindow(s.start_date, today, cycles);
      return { ...empty, id: "pause", kind: "pause", cycles, resume_date: w.resume };
    }
    case "cheaper_plan": {
      const found = await cheaperPlan(q, scope.companyId, s);
      if (!found) return null;
      return {
        ...empty,
        id: "cheaper_plan",
        kind: "cheaper_plan",
        plan_line_id: found.planLineId,
        plan: { id: found.plan.id, name: found.plan.name },
        change_preview: await previewChange(q, scope, s.id, changeTo(found), today),
      };
    }
    case "discount":
      return {
        ...empty,
        id: "discount",
        kind: "discount",
        cycles: offer.cycles,
        percent_off: offer.percent_off,
      };
  }
}

/** The offers that apply to `s` today, in the company's order, those accepted before left out. */
async function offersFor(
  q: Queryable,
  scope: AccountScope,
  s: SubscriptionRecord,
  today: string,
): Promise<RetentionOfferDto[]> {
  // Offers are made to a customer about to cancel: an active subscription, no pause set.
  if (s.status !== "active" || pendingPause(s, today)) return [];
  const policy = await companyLeavingPolicy(q, scope.companyId);
  const accepted = await acceptedOffers(q, s);
  const out: RetentionOfferDto[] = [];
  for (const offer of policy.offers) {
    if (accepted.has(offer.kind)) continue;
    const dto = await applies(q, scope, s, offer, policy.pauseMaxCycles, today);
    if (dto) out.push(dto);
  }
  return out;
}

/** GET /v1/subscriptions/{id}/retention_offers. */
export async function listOffers(
  q: Queryable,
  scope: AccountScope,
  id: string,
  today: string,
): Promise<RetentionOffersDto> {
  return { offers: await offersFor(q, scope, await load(q, scope, id), today) };
}

/** The last day of the `cycles`-th billing cycle closing after `today`. */
function throughDay(startDate: string, today: string, cycles: number): string {
  let day = billingCycle(startDate, today).end;
  for (let i = 1; i < cycles; i++) day = billingCycle(startDate, day).end;
  return day;
}

/** PUT /v1/subscriptions/{id}/retention_offers/{offer_id}/accept. */
export async function acceptOffer(
  q: Queryable,
  scope: AccountScope,
  id: string,
  offerId: string,
  today: string,
  now: number,
): Promise<{ subscription: SubscriptionDto }> {
  const s = await load(q, scope, id, true);
  if ((await acceptedOffers(q, s)).has(offerId)) {
    throw refuse("This offer has been accepted already.");
  }
  const offer = (await offersFor(q, scope, s, today)).find((o) => o.id === offerId);
  if (!offer) throw refuse("This offer is not open to this subscription.");
  if (offer.kind === "pause") {
    await setPause(q, scope, s, offer.cycles ?? 1, today);
  } else if (offer.kind === "cheaper_plan" && offer.plan && offer.plan_line_id) {
    const body = { remove_plans: [offer.plan_line_id], add_plans: [{ plan_id: offer.plan.id }] };
    // One entry for the offer, which names the plans before and after (not a plan_changed too).
    await applyChange(q, scope, id, body, today, null);
  } else if (offer.kind === "discount" && offer.percent_off !== null && offer.cycles !== null) {
    await q.query(
      `INSERT INTO subscription_discounts (subscription_id, after_day, through_day, percent_off)
       VALUES ($1, $2::date, $3::date, $4)`,
      [s.id, today, throughDay(s.start_date, today, offer.cycles), offer.percent_off],
    );
  }
  await q.query(
    `INSERT INTO subscription_offer_acceptances (subscription_id, offer_id, accepted_on)
     VALUES ($1, $2, $3::date)`,
    [s.id, offer.id, today],
  );
  const after = await load(q, scope, id);
  const replaced = offer.kind === "cheaper_plan";
  await recordActivity(q, scope, {
    kind: "subscription.offer_accepted",
    actor: scope.actor,
    subjectId: s.id,
    details: {
      subscription_name: s.name,
      offer_kind: offer.kind,
      cycles: offer.kind === "cheaper_plan" ? null : offer.cycles,
      percent_off: offer.kind === "discount" ? offer.percent_off : null,
      before: replaced ? plansOf(s) : null,
      after: replaced ? plansOf(after) : null,
    },
    at: now,
  });
  return { subscription: toSubscriptionDto(after, scope.companyId, today) };
}
