// The unsaved edits of one subscription (spec 001 §4): field values, charge quantities, plans added
// locally and plans removed. The server's copy is never touched, so Cancel is "forget the edits"
// and the original copy shows again, added plans gone and removed ones back.
import type {
  FieldValue,
  Plan,
  PlanCharge,
  Subscription,
  SubscriptionChange,
} from "@/lib/schemas/subscriptions";

/** A catalogue plan added locally, with the quantities of its charges (null: usage-based). */
export type AddedPlan = {
  /** Local key, unique within the edit (one plan may be added twice). */
  key: string;
  plan: Plan;
  quantities: Record<string, number | null>;
};

export type PendingState = {
  fields: Record<string, FieldValue>;
  /** Charge line id → new quantity. */
  quantities: Record<string, number>;
  added: AddedPlan[];
  /** Plan line ids removed. */
  removed: string[];
  /** Increases with each added plan, for unique keys. */
  nextKey: number;
};

export const EMPTY_PENDING: PendingState = {
  fields: {},
  quantities: {},
  added: [],
  removed: [],
  nextKey: 1,
};

export type PendingAction =
  | { type: "field"; key: string; value: FieldValue; original: FieldValue }
  | { type: "quantity"; chargeId: string; quantity: number; original: number | null }
  | { type: "addedQuantity"; key: string; chargeId: string; quantity: number }
  | { type: "addPlans"; plans: Plan[] }
  | { type: "removePlan"; planLineId: string }
  | { type: "removeAddedPlan"; key: string }
  | { type: "revert" };

/** A charge's quantity when a plan is added: its default, none when usage-based. */
export function defaultQuantity(charge: PlanCharge): number | null {
  if (charge.pricingModel === "usage_based" || charge.defaultQuantity === null) return null;
  return charge.defaultQuantity;
}

function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  const { [key]: _gone, ...rest } = record;
  return rest;
}

/** The pending edits after one action; an edit back to the original value is no edit. */
export function pendingReducer(state: PendingState, action: PendingAction): PendingState {
  switch (action.type) {
    case "field":
      return {
        ...state,
        fields:
          action.value === action.original
            ? without(state.fields, action.key)
            : { ...state.fields, [action.key]: action.value },
      };
    case "quantity":
      return {
        ...state,
        quantities:
          action.quantity === action.original
            ? without(state.quantities, action.chargeId)
            : { ...state.quantities, [action.chargeId]: action.quantity },
      };
    case "addedQuantity":
      return {
        ...state,
        added: state.added.map((a) =>
          a.key === action.key && a.quantities[action.chargeId] !== null
            ? { ...a, quantities: { ...a.quantities, [action.chargeId]: action.quantity } }
            : a,
        ),
      };
    case "addPlans": {
      let next = state.nextKey;
      const added = action.plans.map((plan) => ({
        key: `new-${next++}`,
        plan,
        quantities: Object.fromEntries(plan.charges.map((c) => [c.id, defaultQuantity(c)])),
      }));
      return { ...state, added: [...state.added, ...added], nextKey: next };
    }
    case "removePlan":
      return state.removed.includes(action.planLineId)
        ? state
        : { ...state, removed: [...state.removed, action.planLineId] };
    case "removeAddedPlan":
      return { ...state, added: state.added.filter((a) => a.key !== action.key) };
    case "revert":
      return EMPTY_PENDING;
  }
}

/** How many edits are pending (each field, quantity, added plan and removed plan counts once). */
export function changedCount(state: PendingState): number {
  return (
    Object.keys(state.fields).length +
    Object.keys(state.quantities).length +
    state.added.length +
    state.removed.length
  );
}

/** How many plans the subscription has with the pending edits (for the delete-icon rule). */
export function planCount(subscription: Subscription, state: PendingState): number {
  const kept = subscription.plans.filter((p) => !state.removed.includes(p.id)).length;
  return kept + state.added.length;
}

/** The change the edits make (the body of the preview and the apply). */
export function buildChange(subscription: Subscription, state: PendingState): SubscriptionChange {
  const removedCharges = new Set(
    subscription.plans
      .filter((p) => state.removed.includes(p.id))
      .flatMap((p) => p.charges.map((c) => c.id)),
  );
  return {
    fields: { ...state.fields },
    charges: Object.entries(state.quantities)
      .filter(([id]) => !removedCharges.has(id))
      .map(([id, quantity]) => ({ id, quantity })),
    addPlans: state.added.map((a) => ({
      planId: a.plan.id,
      charges: a.plan.charges.flatMap((c) => {
        const quantity = a.quantities[c.id] ?? null;
        return quantity === null ? [] : [{ chargeId: c.id, quantity }];
      }),
    })),
    removePlans: [...state.removed],
  };
}

/** One line of the change dialog's summary, already formatted. */
export type SummaryLine = { label: string; from: string | null; to: string | null };

export type SummaryText = {
  /** A field's value as shown on the page. */
  value: (field: { type: string; key: string }, value: FieldValue) => string;
  /** "Quantity of <charge> (<plan>)". */
  quantityLabel: (charge: string, plan: string) => string;
  /** "Plan". */
  planLabel: string;
};

/** The edits in words for the change dialog: field, quantity, added plan (from null), removed plan (to null). */
export function buildSummary(
  subscription: Subscription,
  state: PendingState,
  text: SummaryText,
): SummaryLine[] {
  const lines: SummaryLine[] = [];
  for (const [key, value] of Object.entries(state.fields)) {
    const field = subscription.fields.find((f) => f.key === key);
    if (!field) continue;
    lines.push({
      label: field.label,
      from: text.value(field, field.value),
      to: text.value(field, value),
    });
  }
  for (const plan of subscription.plans) {
    if (state.removed.includes(plan.id)) continue;
    for (const charge of plan.charges) {
      const quantity = state.quantities[charge.id];
      if (quantity === undefined) continue;
      lines.push({
        label: text.quantityLabel(charge.name, plan.name),
        from: charge.quantity === null ? null : String(charge.quantity),
        to: String(quantity),
      });
    }
  }
  for (const added of state.added)
    lines.push({ label: text.planLabel, from: null, to: added.plan.name });
  for (const plan of subscription.plans)
    if (state.removed.includes(plan.id))
      lines.push({ label: text.planLabel, from: plan.name, to: null });
  return lines;
}
