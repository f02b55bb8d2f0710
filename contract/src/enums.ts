// The /v1 vocabularies (docs/CONTRACT.md): plain constant arrays, no zod, so a browser module may
// import them. The wire schemas (src/wire/*) build their enums from these.

/** The five lists: the `module` of GET /v1/<module>, filter_options and exports. */
export const LIST_MODULES = ["invoices", "payments", "usages", "credits", "statements"] as const;
export type ListModule = (typeof LIST_MODULES)[number];

/** How GET /v1/usages/aggregate groups quantities: US Eastern days, ISO weeks (Monday), months. */
export const USAGE_GROUPINGS = ["day", "week", "month"] as const;
export type UsageGrouping = (typeof USAGE_GROUPINGS)[number];

/** "paused": between a pause's start and its resume date (issue 33); lists filter it as active. */
export const SUBSCRIPTION_STATUSES = ["active", "cancelled", "draft", "paused"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Spec 001 §3: every field of a subscription, plan entry and charge is one of these. */
export const FIELD_TYPES = [
  "text",
  "textarea",
  "number",
  "currency",
  "date",
  "boolean",
  "picklist",
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const PRICING_MODELS = [
  "flat",
  "per_unit",
  "volume",
  "tiered",
  "usage_based",
  "pre_rated",
] as const;
export type PricingModel = (typeof PRICING_MODELS)[number];

export const BILLING_PERIODS = ["monthly", "quarterly", "annual"] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export const CHARGE_TIMINGS = ["in_advance", "in_arrears"] as const;
export type ChargeTiming = (typeof CHARGE_TIMINGS)[number];

export const PLAN_STATUSES = ["active", "inactive"] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/** Spec 001 §4, the cancel dialog's five choices in order; all but `specific_date` look up their end date. */
export const CANCELLATION_TYPES = [
  "today",
  "end_of_current_billing_period",
  "end_of_previous_billing_period",
  "end_of_current_contract_term",
  "specific_date",
] as const;
export type CancellationType = (typeof CANCELLATION_TYPES)[number];

/**
 * Why a customer leaves: the reasons a company may offer, by code (the portal words each in every
 * language). A company lists those it offers, in its order, in its portal configuration.
 */
export const CANCEL_REASONS = [
  "too_expensive",
  "not_using_enough",
  "missing_features",
  "switching_provider",
  "temporary_need",
  "technical_problems",
  "service_quality",
  "other",
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/**
 * What a company may offer a customer who is leaving, instead (issue 33 §2): a pause, a cheaper
 * plan, or a discount for some cycles. A company lists those it makes, in its order.
 */
export const RETENTION_OFFER_KINDS = ["pause", "cheaper_plan", "discount"] as const;
export type RetentionOfferKind = (typeof RETENTION_OFFER_KINDS)[number];

/** The most billing cycles any company may let a customer pause for. */
export const MAX_PAUSE_CYCLES = 12;

export const PAYMENT_METHOD_STATUSES = ["verified", "new", "unverified"] as const;
export type PaymentMethodStatus = (typeof PAYMENT_METHOD_STATUSES)[number];

/** The gateways a payment method is added through (POST /v1/paymentMethods `gateway_name`). */
export const GATEWAY_NAMES = ["stripe", "cardconnect"] as const;
export type GatewayName = (typeof GATEWAY_NAMES)[number];

/** The dashboard tabs a company may enable (`enabledTabs` of the portal configuration). */
export const PORTAL_TABS = [...LIST_MODULES, "subscriptions"] as const;
export type PortalTab = (typeof PORTAL_TABS)[number];

export const EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_PREFERENCES = ["all_data", "filtered_data"] as const;
export type ExportPreference = (typeof EXPORT_PREFERENCES)[number];

/** What an alert threshold watches: the period estimate's projected total or its cost so far. */
export const ALERT_BASES = ["projected_total", "cost_so_far"] as const;
export type AlertBasis = (typeof ALERT_BASES)[number];
export const MAX_ALERT_THRESHOLDS = 5;
export const MAX_ALERT_ADDRESSES = 5;

/** Invoices one payment may settle (POST /v1/payments `invoice_ids`). */
export const MAX_PAYMENT_INVOICES = 500;
/** Why a payment provider declined a charge (the 402's `errorCode`). */
export const DECLINE_CODES = ["card_declined", "insufficient_funds", "expired_card"] as const;
export type DeclineCode = (typeof DECLINE_CODES)[number];

/** Documents one zip may hold (POST /v1/documents/zip_url). */
export const MAX_ZIP_DOCUMENTS = 500;

/** A company's sign-in policy: a second factor optional, or set up right after the password. */
export const SECOND_FACTOR_POLICIES = ["optional", "required"] as const;
export type SecondFactorPolicy = (typeof SECOND_FACTOR_POLICIES)[number];

/** Every kind of entry, a closed list: the portal words each in every locale. */
export const ACTIVITY_KINDS = [
  "payment_method.added",
  "payment_method.removed",
  "payment_method.default_set",
  "auto_pay.changed",
  "contact.changed",
  "password.changed",
  "second_factor.added",
  "second_factor.removed",
  "recovery_codes.renewed",
  "subscription.plan_changed",
  "subscription.quantity_changed",
  "subscription.plan_added",
  "subscription.cancelled",
  "subscription.reactivated",
  "subscription.paused",
  "subscription.resumed",
  "subscription.offer_accepted",
  "payment.made",
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
