// Fixtures of the subscriptions tab's unit tests: field objects, charges, plans and subscriptions
// shaped as the BFF answers them (lib/schemas/subscriptions.ts).
import type {
  Plan,
  PlanCharge,
  Subscription,
  SubscriptionCharge,
  SubscriptionField,
  SubscriptionPlan,
} from "@/lib/schemas/subscriptions";

export function field(
  key: string,
  value: SubscriptionField["value"],
  extra: Partial<SubscriptionField> = {},
): SubscriptionField {
  return {
    key,
    label: key,
    value,
    type: "text",
    editable: false,
    enabled: true,
    columnEnabled: false,
    detailEnabled: false,
    order: 1,
    ...extra,
  };
}

export function charge(id: string, extra: Partial<SubscriptionCharge> = {}): SubscriptionCharge {
  const quantity = extra.quantity === undefined ? 1 : extra.quantity;
  return {
    id,
    name: `Charge ${id}`,
    pricingModel: "per_unit",
    billingPeriod: "monthly",
    quantity,
    usageBased: false,
    fields: [
      field("charge_name", `Charge ${id}`, { columnEnabled: true, order: 1 }),
      field("quantity", quantity, {
        type: "number",
        editable: true,
        columnEnabled: true,
        order: 2,
      }),
      field("list_price", 10, { type: "currency", columnEnabled: true, order: 3 }),
      field("billing_period", "monthly", { type: "picklist", detailEnabled: true, order: 4 }),
    ],
    ...extra,
  };
}

export function planLine(
  id: string,
  charges: SubscriptionCharge[],
  deletable = true,
): SubscriptionPlan {
  return {
    id,
    planId: `PLN-${id}`,
    name: `Plan ${id}`,
    fields: [],
    actions: [
      { name: "Delete Plan", actionable: deletable },
      { name: "Upgrade / Downgrade Plan", actionable: false },
    ],
    charges,
  };
}

export function subscription(
  plans: SubscriptionPlan[],
  extra: Partial<Subscription> = {},
): Subscription {
  return {
    id: "SUB-1",
    status: "active",
    currency: "USD",
    pause: null,
    fields: [
      field("id", "SUB-1", { columnEnabled: true, order: 1 }),
      field("name", "Acme Pro", { columnEnabled: true, order: 2 }),
      field("po_number", "PO-1", { editable: true, order: 4, label: "PO Number" }),
      field("renewal_date", "2027-01-01", {
        type: "date",
        editable: true,
        order: 3,
        label: "Renewal Date",
      }),
    ],
    actions: [
      { name: "Cancel", actionable: true },
      { name: "Change", actionable: true },
      { name: "Reactivate", actionable: false },
      { name: "Add Plan", actionable: true },
    ],
    plans,
    ...extra,
  };
}

export function planCharge(id: string, extra: Partial<PlanCharge> = {}): PlanCharge {
  return {
    id,
    name: `Catalogue ${id}`,
    type: "Recurring",
    pricingModel: "per_unit",
    amount: 10,
    chargeTiming: "in_advance",
    listPrice: 10,
    billingPeriod: "monthly",
    defaultQuantity: 3,
    unitOfMeasure: null,
    tiers: [],
    ...extra,
  };
}

export function catalogue(id: string, charges: PlanCharge[]): Plan {
  return {
    id,
    name: `Catalogue plan ${id}`,
    status: "active",
    description: null,
    billingPeriod: "monthly",
    currency: "USD",
    charges,
  };
}
