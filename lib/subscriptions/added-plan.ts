// A plan added locally (Add Plan) shown like the subscription's own plans: its charges get the
// field objects the company configured for charge lines, filled from the catalogue plan, so the
// panel groups and orders them by the same rules.
import type {
  FieldValue,
  PlanCharge,
  Subscription,
  SubscriptionCharge,
  SubscriptionField,
  SubscriptionPlan,
} from "@/lib/schemas/subscriptions";
import type { AddedPlan } from "./pending";

/** The charge-line fields used when the subscription has no charge to copy the configuration from. */
export const FALLBACK_CHARGE_FIELDS = [
  { key: "charge_name", type: "text", columnEnabled: true, detailEnabled: false },
  { key: "pricing_model", type: "picklist", columnEnabled: true, detailEnabled: false },
  { key: "quantity", type: "number", columnEnabled: true, detailEnabled: false },
  { key: "list_price", type: "currency", columnEnabled: true, detailEnabled: false },
  { key: "billing_period", type: "picklist", columnEnabled: false, detailEnabled: true },
  { key: "charge_timing", type: "picklist", columnEnabled: false, detailEnabled: true },
  { key: "unit_of_measure", type: "text", columnEnabled: false, detailEnabled: true },
] as const;
export type FallbackChargeKey = (typeof FALLBACK_CHARGE_FIELDS)[number]["key"];

function catalogueValue(charge: PlanCharge, key: string, quantity: number | null): FieldValue {
  switch (key) {
    case "id":
    case "charge_id":
      return charge.id;
    case "charge_name":
      return charge.name;
    case "charge_type":
      return charge.type;
    case "pricing_model":
      return charge.pricingModel;
    case "billing_period":
      return charge.billingPeriod;
    case "quantity":
      return quantity;
    case "list_price":
      return charge.listPrice;
    case "unit_of_measure":
      return charge.unitOfMeasure;
    case "charge_timing":
      return charge.chargeTiming;
    default:
      return null;
  }
}

/** The charge-line field configuration of a subscription: the fields of its first charge. */
function chargeTemplate(
  subscription: Subscription,
  label: (key: FallbackChargeKey) => string,
): SubscriptionField[] {
  const first = subscription.plans.flatMap((p) => p.charges)[0];
  if (first) return first.fields;
  return FALLBACK_CHARGE_FIELDS.map((f, i) => ({
    key: f.key,
    label: label(f.key),
    value: null,
    type: f.type,
    editable: f.key === "quantity",
    enabled: true,
    columnEnabled: f.columnEnabled,
    detailEnabled: f.detailEnabled,
    order: i + 1,
  }));
}

/** An added plan as a plan line of the subscription (its id is the local key). */
export function addedPlanView(
  subscription: Subscription,
  added: AddedPlan,
  label: (key: FallbackChargeKey) => string,
): SubscriptionPlan {
  const template = chargeTemplate(subscription, label);
  const charges: SubscriptionCharge[] = added.plan.charges.map((charge) => {
    const usageBased = charge.pricingModel === "usage_based";
    const quantity = usageBased ? null : (added.quantities[charge.id] ?? null);
    return {
      id: charge.id,
      name: charge.name,
      pricingModel: charge.pricingModel,
      billingPeriod: charge.billingPeriod,
      quantity,
      usageBased,
      fields: template.map((f) => ({
        ...f,
        value: catalogueValue(charge, f.key, quantity),
        editable: f.key === "quantity" && !usageBased,
      })),
    };
  });
  return {
    id: added.key,
    planId: added.plan.id,
    name: added.plan.name,
    fields: [],
    actions: [],
    charges,
  };
}
