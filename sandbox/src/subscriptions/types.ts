/** Wire shapes of docs/CONTRACT.md §7.1 and the catalogue's row shapes. */
import type {
  ChangePreviewDto,
  PlanChargeDto,
  PlanDto,
} from "@billing-portal/contract/wire/subscriptions";
import type { FieldType } from "@billing-portal/contract/enums";

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

export type { ChangePreviewDto, PlanChargeDto, PlanDto };
