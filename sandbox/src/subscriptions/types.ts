/** Wire shapes of docs/CONTRACT.md §7.1 and the catalogue's row shapes. */

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

export const SUBSCRIPTION_STATUSES = ["active", "cancelled", "draft"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export type ChargeTiming = "in_advance" | "in_arrears";

/** A price tier: units up to `up_to` (inclusive; null = no limit) at `price` each. */
export type Tier = { up_to: number | null; price: number };

export type FieldType =
  "text" | "textarea" | "number" | "currency" | "date" | "boolean" | "picklist";
export type FieldValue = string | number | boolean | null;

export type FieldDto<V extends FieldValue = FieldValue> = {
  value: V;
  display_name: string;
  type: FieldType;
  editable: boolean;
  enabled: boolean;
  column_enabled: boolean;
  detail_enabled: boolean;
  orderNo: number;
};

export type ActionDto = { name: string; actionable: boolean };

export type ChargeDto = { [key: string]: FieldDto };
export type PlanEntryDto = { [key: string]: FieldDto | ChargeDto[] | ActionDto[] } & {
  charges: ChargeDto[];
  actions: ActionDto[];
};
export type SubscriptionDto = { [key: string]: FieldDto | PlanEntryDto[] | ActionDto[] } & {
  plans: PlanEntryDto[];
  actions: ActionDto[];
};

export type ChangePreviewDto = {
  prior_invoice: { invoice_amount: number };
  current_invoice: { invoice_amount: number };
  next_invoice: { invoice_amount: number };
  contract_effective_date: string;
  currency: string;
};

export type PlanChargeDto = {
  id: string;
  name: string;
  type: string;
  pricing_model: PricingModel;
  amount: number;
  charge_timing: ChargeTiming;
  list_price: number;
  billing_period: BillingPeriod;
  default_quantity: number | null;
  unit_of_measure: string | null;
  tiers: Tier[];
};

export type PlanDto = {
  id: string;
  name: string;
  status: "active" | "inactive";
  description: string | null;
  billing_period: BillingPeriod;
  currency: string;
  charges: PlanChargeDto[];
};
