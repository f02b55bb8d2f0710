/** A ChangeBody checked against the subscription and the catalogue (every refusal of CONTRACT §7.1). */
import { validateFieldEdits } from "./field-edits";
import type { Pricing } from "./pricing";
import { refuse, type ChangeBody } from "./schemas";
import type { SubscriptionRecord } from "./store";
import type { BillingPeriod, ChargeTiming, FieldValue, PlanDto } from "./types";

export type PlanAddition = {
  plan: PlanDto;
  charges: { chargeId: string; quantity: number | null }[];
};

/** What a change does, every id known to belong where it should. */
export type ResolvedChange = {
  fields: Record<string, FieldValue>;
  quantities: Map<string, number>;
  removals: Set<string>;
  additions: PlanAddition[];
};

/** One charge line as the preview prices it (`key`: the line id, or `new:<plan>:<charge>`). */
export type PricedLine = {
  key: string;
  pricing: Pricing;
  timing: ChargeTiming;
  period: BillingPeriod;
  /** null on usage-based lines. */
  quantity: number | null;
};

function checkQuantity(quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < 0) {
    throw refuse("A quantity must be a whole number of 0 or more.");
  }
}

const usageRefusal = () => refuse("The quantity of a usage-based charge cannot be set.");

/**
 * Checks a change of an active subscription: charge lines and plan lines on it, catalogue plans
 * of the company and active, whole quantities, not on usage-based charges, a plan left, not empty.
 * `catalogue` holds the company's plans named by add_plans (any status).
 */
export function resolveChange(
  s: SubscriptionRecord,
  companyId: string,
  body: ChangeBody,
  catalogue: PlanDto[],
): ResolvedChange {
  if (s.status !== "active") throw refuse("Only an active subscription can be changed.");
  const edits = body.fields ?? {};
  const charges = body.charges ?? [];
  const adds = body.add_plans ?? [];
  const removes = body.remove_plans ?? [];
  if (Object.keys(edits).length + charges.length + adds.length + removes.length === 0) {
    throw refuse("There is nothing to change.");
  }
  const fields = validateFieldEdits(companyId, edits);

  const lines = new Map(s.plans.flatMap((p) => p.charges.map((c) => [c.id, c] as const)));
  const quantities = new Map<string, number>();
  for (const { id, quantity } of charges) {
    const line = lines.get(id);
    if (!line) throw refuse(`The charge ${id} is not on this subscription.`);
    if (quantities.has(id)) throw refuse(`The charge ${id} is listed more than once.`);
    if (line.pricing_model === "usage_based") throw usageRefusal();
    checkQuantity(quantity);
    quantities.set(id, quantity);
  }

  const removals = new Set<string>();
  for (const id of removes) {
    if (!s.plans.some((p) => p.id === id))
      throw refuse(`The plan ${id} is not on this subscription.`);
    removals.add(id);
  }

  const additions = adds.map(({ plan_id, charges: given = [] }): PlanAddition => {
    const plan = catalogue.find((p) => p.id === plan_id);
    if (!plan) throw refuse(`The plan ${plan_id} does not exist.`);
    if (plan.status !== "active") throw refuse(`The plan ${plan.name} is not available.`);
    const chosen = new Map<string, number>();
    for (const { charge_id, quantity } of given) {
      const charge = plan.charges.find((c) => c.id === charge_id);
      if (!charge) throw refuse(`The charge ${charge_id} is not part of the plan ${plan.name}.`);
      if (charge.pricing_model === "usage_based") throw usageRefusal();
      checkQuantity(quantity);
      chosen.set(charge_id, quantity);
    }
    return {
      plan,
      charges: plan.charges.map((c) => ({
        chargeId: c.id,
        quantity:
          c.pricing_model === "usage_based" ? null : (chosen.get(c.id) ?? c.default_quantity ?? 1),
      })),
    };
  });

  if (s.plans.length - removals.size + additions.length <= 0) {
    throw refuse("A subscription needs at least one plan: the last plan cannot be removed.");
  }
  return { fields, quantities, removals, additions };
}

/** The subscription's charge lines as they are. */
export function linesBefore(s: SubscriptionRecord): PricedLine[] {
  return s.plans.flatMap((p) =>
    p.charges.map((c) => ({
      key: c.id,
      pricing: { pricing_model: c.pricing_model, list_price: c.list_price, tiers: c.tiers },
      timing: c.charge_timing,
      period: c.billing_period,
      quantity: c.pricing_model === "usage_based" ? null : (c.quantity ?? 0),
    })),
  );
}

/** The charge lines once the change is applied: new quantities, added plans, removed plans gone. */
export function linesAfter(s: SubscriptionRecord, change: ResolvedChange): PricedLine[] {
  const kept = s.plans
    .filter((p) => !change.removals.has(p.id))
    .flatMap((p) =>
      p.charges.map((c) => ({
        key: c.id,
        pricing: { pricing_model: c.pricing_model, list_price: c.list_price, tiers: c.tiers },
        timing: c.charge_timing,
        period: c.billing_period,
        quantity:
          c.pricing_model === "usage_based"
            ? null
            : (change.quantities.get(c.id) ?? c.quantity ?? 0),
      })),
    );
  const added = change.additions.flatMap((a, i) =>
    a.plan.charges.map((c, j) => ({
      key: `new:${i}:${j}`,
      pricing: { pricing_model: c.pricing_model, list_price: c.list_price, tiers: c.tiers },
      timing: c.charge_timing,
      period: c.billing_period,
      quantity: a.charges[j]?.quantity ?? null,
    })),
  );
  return [...kept, ...added];
}
