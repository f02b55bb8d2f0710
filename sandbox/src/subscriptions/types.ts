/** Wire shapes of docs/CONTRACT.md §7.1 (the contract's) and the catalogue's row shapes. */
export type {
  ActionDto,
  ChangePreviewDto,
  ChargeDto,
  FieldDto,
  FieldValue,
  PlanChargeDto,
  PlanDto,
  PlanEntryDto,
  SubscriptionDto,
} from "@billing-portal/contract/wire/subscriptions";

export {
  BILLING_PERIODS,
  PRICING_MODELS,
  SUBSCRIPTION_STATUSES,
  type BillingPeriod,
  type ChargeTiming,
  type FieldType,
  type PricingModel,
  type SubscriptionStatus,
} from "@billing-portal/contract/enums";

/** A price tier: units up to `up_to` (inclusive; null = no limit) at `price` each. */
export type Tier = { up_to: number | null; price: number };
