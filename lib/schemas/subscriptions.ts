// Subscriptions and plans (spec 001 §2–§9, docs/CONTRACT.md §7): the app's own shapes, which the
// BFF answers and the subscriptions tab reads, and the types of the bodies the browser sends to
// /api/subscriptions/**. Plain TypeScript: the zod/mini schemas the BFF parses those bodies with
// are in subscriptions-forms.ts, so the tab and its dialogs load no zod.
import { isCalendarDate } from "@billing-portal/contract/calendar/days";
import type {
  BillingPeriod,
  FieldType,
  PricingModel,
  RetentionOfferKind,
  SubscriptionStatus,
} from "@billing-portal/contract/enums";
import type { SubscriptionChange } from "./subscriptions-forms";

// ——— Enumerations ———

export {
  BILLING_PERIODS,
  CANCEL_REASONS,
  CANCELLATION_TYPES,
  MAX_PAUSE_CYCLES,
  RETENTION_OFFER_KINDS,
  FIELD_TYPES,
  PRICING_MODELS,
  SUBSCRIPTION_STATUSES,
  type BillingPeriod,
  type CancelReason,
  type CancellationType,
  type RetentionOfferKind,
  type FieldType,
  type PricingModel,
  type SubscriptionStatus,
} from "@billing-portal/contract/enums";

/** The most characters of a leaving customer's own words (the billing API's limit, in characters). */
export const MAX_REASON_TEXT = 500;

/** The two sub-tabs of the subscriptions tab, in order (spec 001 §2). */
export const SUBSCRIPTION_LIST_STATUSES = ["active", "cancelled"] as const;
export type SubscriptionListStatus = (typeof SUBSCRIPTION_LIST_STATUSES)[number];

/** Server action names (spec 001 §6); plan-level actions are matched by "Delete" / "Upgrade". */
export const SUBSCRIPTION_ACTIONS = {
  cancel: "Cancel",
  change: "Change",
  reactivate: "Reactivate",
  addPlan: "Add Plan",
  upgradeDowngrade: "Upgrade / Downgrade Plan",
  pause: "Pause",
  resume: "Resume",
} as const;

// ——— App shapes (what GET /api/subscriptions answers) ———

export type FieldValue = string | number | boolean | null;

/** One field object of spec 001 §3, camelCased. `key` is the api name. */
export type SubscriptionField = {
  key: string;
  label: string;
  value: FieldValue;
  type: FieldType;
  editable: boolean;
  enabled: boolean;
  columnEnabled: boolean;
  detailEnabled: boolean;
  order: number;
};

export type SubscriptionAction = { name: string; actionable: boolean };

export type SubscriptionCharge = {
  /** The subscription's charge line (SCH-…). */
  id: string;
  name: string;
  pricingModel: PricingModel;
  billingPeriod: BillingPeriod;
  /** null on usage-based charges (no quantity control). */
  quantity: number | null;
  usageBased: boolean;
  /** Every field object of the charge (charge_name, quantity, list_price, …), in upstream order. */
  fields: SubscriptionField[];
};

export type SubscriptionPlan = {
  /** The subscription's plan line (SPL-…). */
  id: string;
  /** The catalogue plan (PLN-…). */
  planId: string;
  name: string;
  fields: SubscriptionField[];
  actions: SubscriptionAction[];
  charges: SubscriptionCharge[];
};

export type Subscription = {
  id: string;
  status: SubscriptionStatus;
  currency: string;
  /**
   * A pause set or running (the fields pause_start and resume_date): paused from `start`, billed
   * again from `resumeDate`. Null when none is set.
   */
  pause: { start: string; resumeDate: string } | null;
  /** Every field object of the subscription except plans and actions (id and status included). */
  fields: SubscriptionField[];
  actions: SubscriptionAction[];
  plans: SubscriptionPlan[];
};

export type SubscriptionList = { subscriptions: Subscription[] };

// ——— The plan catalogue (GET /api/plans) ———

export type PlanTier = { upTo: number | null; price: number };

export type PlanCharge = {
  id: string;
  name: string;
  type: string;
  pricingModel: PricingModel;
  amount: number;
  chargeTiming: "in_advance" | "in_arrears";
  listPrice: number;
  billingPeriod: BillingPeriod;
  /** null on usage-based charges. */
  defaultQuantity: number | null;
  unitOfMeasure: string | null;
  tiers: PlanTier[];
};

export type Plan = {
  id: string;
  name: string;
  status: PlanStatus;
  description: string | null;
  billingPeriod: BillingPeriod;
  currency: string;
  charges: PlanCharge[];
};

export type PlanPage = { plans: Plan[]; total: number };

export const PLAN_PAGE_SIZES = [5, 10, 20, 50] as const;
export const PLAN_SORT_COLUMNS = ["id", "name", "status"] as const;
export const PLAN_STATUSES = ["active", "inactive"] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

// ——— Bodies the browser sends (their zod/mini schemas, for the BFF, are in subscriptions-forms.ts) ———

export type {
  CancelDateQuery,
  CancelSubscriptionInput,
  PauseInput,
  PlanQuery,
  SubscriptionChange,
  SubscriptionChangeInput,
} from "./subscriptions-forms";

/** A date an inline edit may store (spec 001 §5): a real calendar day written YYYY-MM-DD. */
export function isIsoDay(value: string): boolean {
  return isCalendarDate(value);
}

/** True when the change only edits subscription fields (applied by PUT /v1/subscriptions/{id}). */
export function isFieldsOnlyChange(change: SubscriptionChange): boolean {
  return (
    change.charges.length === 0 && change.addPlans.length === 0 && change.removePlans.length === 0
  );
}

/** What the preview answers (spec 001 §3): amounts in the subscription's currency, major units. */
export type ChangePreview = {
  priorInvoice: number;
  currentInvoice: number;
  nextInvoice: number;
  contractEffectiveDate: string;
  currency: string;
};

/** A settling bill (a cancellation's last, or a pause's first day's) as the billing API issues it. */
export type SettlingBill = {
  kind: "invoice" | "credit_note" | "none";
  date: string;
  /** Negative for a credit note. */
  amount: number;
  /** Usage is billed on it: more may be recorded before it is issued. */
  billsUsage: boolean;
};

/**
 * What a cancellation leaves (GET /api/subscriptions/:id/cancel-preview): its dates and its last
 * bill, as the billing API will issue it (docs/CONTRACT.md §7.1 "Leaving").
 */
export type CancelPreview = {
  effectiveDate: string;
  lastActiveDay: string;
  currency: string;
  finalDocument: SettlingBill;
};

/** What billing starting again charges at once (reactivate-preview, resume-preview). */
export type ChargePreview = {
  currency: string;
  chargeNow: { date: string; amount: number };
  /** When the billing cycle holding today closes. */
  nextInvoiceDate: string;
};

/** A pause of `cycles` cycles before it is set (GET /api/subscriptions/:id/pause-preview). */
export type PausePreview = {
  cycles: number;
  /** The first paused day. */
  pauseStart: string;
  /** The first day billed again. */
  resumeDate: string;
  currency: string;
  billAtPause: SettlingBill;
  chargeAtResume: { date: string; amount: number };
};

/** An offer to a customer about to cancel (GET /api/subscriptions/:id/offers). */
export type RetentionOffer = {
  id: RetentionOfferKind;
  kind: RetentionOfferKind;
  /** pause: the cycles paused; discount: the invoices discounted. */
  cycles: number | null;
  percentOff: number | null;
  /** pause: the first day billed again. */
  resumeDate: string | null;
  /** cheaper_plan: the subscription's plan line it replaces (SPL-…). */
  planLineId: string | null;
  /** cheaper_plan: the catalogue plan offered, and what the change would invoice. */
  plan: { id: string; name: string } | null;
  preview: ChangePreview | null;
};

export type { LeavingSettings } from "@/lib/portal-config-types";
