/** What one period of a charge costs (rule 2 of sandbox/README.md "Subscription preview"). */
import type { PricingModel, Tier } from "./types";

/** The pricing of a charge: model, list price and tiers (volume and tiered). */
export type Pricing = { pricing_model: PricingModel; list_price: number; tiers: Tier[] };

/** Rounded half away from zero to cents; the decimal detour keeps 1.005 from reading as 1.00499…. */
export function roundCents(amount: number): number {
  const cents = Math.round(Number((Math.abs(amount) * 100).toFixed(6)));
  return (Math.sign(amount) * cents) / 100 || 0;
}

/** Ascending tiers; the last one open-ended. */
const ordered = (tiers: Tier[]) =>
  [...tiers].sort((a, b) => (a.up_to ?? Infinity) - (b.up_to ?? Infinity));

/** Volume: every unit at the price of the tier the whole quantity falls in. */
function volumeAmount(q: number, tiers: Tier[]): number {
  if (q <= 0) return 0;
  const tier =
    ordered(tiers).find((t) => t.up_to === null || q <= t.up_to) ?? ordered(tiers).at(-1);
  return q * (tier?.price ?? 0);
}

/** Tiered: each tier's units at that tier's price. */
function tieredAmount(q: number, tiers: Tier[]): number {
  let total = 0;
  let below = 0;
  for (const t of ordered(tiers)) {
    if (q <= below) break;
    const top = t.up_to === null ? q : Math.min(q, t.up_to);
    total += (top - below) * t.price;
    below = top;
  }
  return total;
}

/**
 * A(q): one period's amount at quantity `q` (usage-based: `q` is the usage recorded). Not rounded;
 * the preview rounds each charge line's contribution.
 */
export function periodAmount(p: Pricing, q: number): number {
  switch (p.pricing_model) {
    case "flat":
      return p.list_price;
    case "per_unit":
    case "pre_rated":
    case "usage_based":
      return q * p.list_price;
    case "volume":
      return volumeAmount(q, p.tiers);
    case "tiered":
      return tieredAmount(q, p.tiers);
  }
}
