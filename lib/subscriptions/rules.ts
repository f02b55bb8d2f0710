// Display and editing rules of the subscriptions tab (spec 001 §2, §5, §6, §9), pure so they are
// tested without a browser. The components only ask these functions what to show.
import { easternToday } from "@/lib/format/dates";
import { collapseEntries, needsTooltip, TOOLTIP_THRESHOLD } from "@/lib/format/values";
import {
  isIsoDay,
  SUBSCRIPTION_ACTIONS,
  type FieldValue,
  type PricingModel,
  type SubscriptionAction,
  type SubscriptionField,
} from "@/lib/schemas/subscriptions";

// ——— Fields: which group shows which field, in which order ———

const byOrder = (a: SubscriptionField, b: SubscriptionField) => a.order - b.order;

/** "Basic information" of a subscription: enabled fields that are not column_enabled, by order. */
export function basicInfoFields(fields: readonly SubscriptionField[]): SubscriptionField[] {
  return fields.filter((f) => f.enabled && !f.columnEnabled).sort(byOrder);
}

/** A charge panel's summary (or a subscription's header): enabled, column_enabled fields, by order. */
export function summaryFields(fields: readonly SubscriptionField[]): SubscriptionField[] {
  return fields.filter((f) => f.enabled && f.columnEnabled).sort(byOrder);
}

/** The inside of an expanded charge panel: enabled, detail_enabled fields, by order. */
export function detailFields(fields: readonly SubscriptionField[]): SubscriptionField[] {
  return fields.filter((f) => f.enabled && f.detailEnabled).sort(byOrder);
}

/** Plan charges show this many until "Show more" (spec 001 §9). */
export const COLLAPSED_CHARGES = 5;

/** The charges to show and whether a Show more / Show less toggle appears. */
export function visibleCharges<T>(charges: readonly T[], expanded: boolean) {
  return collapseEntries(charges, expanded, COLLAPSED_CHARGES);
}

// ——— Actions (spec 001 §6): only what the server marks actionable ———

/** Whether the action named exactly `name` is present and actionable. */
export function isActionable(actions: readonly SubscriptionAction[], name: string): boolean {
  return actions.some((a) => a.name === name && a.actionable);
}

/** Whether an action whose name contains `word` (e.g. "Delete", "Upgrade") is actionable. */
export function hasActionable(actions: readonly SubscriptionAction[], word: string): boolean {
  const needle = word.toLowerCase();
  return actions.some((a) => a.actionable && a.name.toLowerCase().includes(needle));
}

/** The actions a subscription panel offers; editing is allowed only while "Change" is actionable. */
export function subscriptionActions(actions: readonly SubscriptionAction[]) {
  return {
    cancel: isActionable(actions, SUBSCRIPTION_ACTIONS.cancel),
    change: isActionable(actions, SUBSCRIPTION_ACTIONS.change),
    addPlan: isActionable(actions, SUBSCRIPTION_ACTIONS.addPlan),
    reactivate: isActionable(actions, SUBSCRIPTION_ACTIONS.reactivate),
    pause: isActionable(actions, SUBSCRIPTION_ACTIONS.pause),
    resume: isActionable(actions, SUBSCRIPTION_ACTIONS.resume),
  };
}

/** Spec 001 §2, §6: a plan's delete icon needs its Delete action and more than one plan left. */
export function canDeletePlan(
  planActions: readonly SubscriptionAction[],
  planCount: number,
): boolean {
  return hasActionable(planActions, "delete") && planCount > 1;
}

/** Whether a plan offers Upgrade / Downgrade. */
export function canUpgradeDowngrade(planActions: readonly SubscriptionAction[]): boolean {
  return hasActionable(planActions, "upgrade");
}

// ——— Quantities (spec 001 §5) ———

export const MAX_QUANTITY = 1_000_000;

export type QuantityControl =
  { kind: "none" } | { kind: "control"; minusDisabled: boolean; plusDisabled: boolean };

const STEPLESS: readonly PricingModel[] = ["volume", "tiered"];

/**
 * The quantity control of a charge: none on usage-based charges; minus disabled at 1 or below and
 * for volume and tiered pricing; plus disabled for volume and tiered pricing.
 */
export function quantityControl(
  charge: { pricingModel: PricingModel; usageBased: boolean },
  quantity: number,
): QuantityControl {
  if (charge.usageBased || charge.pricingModel === "usage_based") return { kind: "none" };
  const stepless = STEPLESS.includes(charge.pricingModel);
  return {
    kind: "control",
    minusDisabled: stepless || quantity <= 1,
    plusDisabled: stepless || quantity >= MAX_QUANTITY,
  };
}

/** One less, never below 0. */
export function decrement(quantity: number): number {
  return Math.max(0, Math.floor(quantity) - 1);
}

/** One more, at most MAX_QUANTITY. */
export function increment(quantity: number): number {
  return Math.min(MAX_QUANTITY, Math.max(0, Math.floor(quantity)) + 1);
}

/** A typed quantity: a whole number from 0 to MAX_QUANTITY, else null. */
export function parseQuantity(text: string): number | null {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return n <= MAX_QUANTITY ? n : null;
}

// ——— Dates ———

// Keys that name a day still to come: a renewal, an end, an expiry, the next billing, a cancellation.
const FUTURE_KEY = /(^|_)(end|renewal|renew|expir\w*|expiry|next|cancel\w*|due|until)(_|$)/i;

/**
 * The earliest day an inline date edit may pick, or null for none. Future-facing fields (their
 * key names a day to come, or their value is today or later) cannot move into the past; a past
 * day such as a start date may be corrected freely.
 */
export function minEditDate(
  field: Pick<SubscriptionField, "key" | "value">,
  today: string = easternToday(),
): string | null {
  if (FUTURE_KEY.test(field.key)) return today;
  if (typeof field.value === "string" && isIsoDay(field.value) && field.value >= today)
    return today;
  return null;
}

// ——— Parsing an inline edit ———

export type EditResult =
  | { ok: true; value: FieldValue }
  | { ok: false; error: "date" | "dateTooEarly" | "number" | "tooLong" };

const MAX_TEXT = 2000;

/** The value an inline edit stores for a field's type, or why it cannot. */
export function parseFieldEdit(
  field: Pick<SubscriptionField, "key" | "type" | "value">,
  text: string,
  today: string = easternToday(),
): EditResult {
  const t = text.trim();
  switch (field.type) {
    case "date": {
      // Blank is refused too: a native date input reports an unfinished date as "".
      if (!isIsoDay(t)) return { ok: false, error: "date" };
      const min = minEditDate(field, today);
      return min && t < min ? { ok: false, error: "dateTooEarly" } : { ok: true, value: t };
    }
    case "number":
    case "currency": {
      if (t === "") return { ok: true, value: null };
      const n = Number(t);
      return /^-?\d+(\.\d+)?$/.test(t) && Number.isFinite(n)
        ? { ok: true, value: n }
        : { ok: false, error: "number" };
    }
    case "boolean":
      return { ok: true, value: t === "" ? null : t === "true" };
    default:
      if (t.length > MAX_TEXT) return { ok: false, error: "tooLong" };
      return { ok: true, value: t === "" ? null : t };
  }
}

/** The text an edit box starts with. */
export function editText(value: FieldValue): string {
  return value === null ? "" : String(value);
}

// ——— Long values ———

/** A value's shown text: as is up to 40 characters, else cut with an ellipsis (full text in a tooltip). */
export function shortText(text: string): { text: string; truncated: boolean } {
  if (!needsTooltip(text)) return { text, truncated: false };
  return { text: `${text.slice(0, TOOLTIP_THRESHOLD).trimEnd()}…`, truncated: true };
}
