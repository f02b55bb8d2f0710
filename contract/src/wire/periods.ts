// The current billing period of the selected customer's subscriptions (docs/CONTRACT.md §7.3):
// what it has cost so far and what the invoice that closes it will be, computed by the billing API
// with the pricing of its change previews and of the invoices it issues.
import { z } from "zod";
import { BILLING_PERIODS, CHARGE_TIMINGS, PRICING_MODELS, SUBSCRIPTION_STATUSES } from "../enums";
import { wireDay, wireId } from "./envelope";
import { named } from "./named";

const currency = z.string().min(3).max(3);
/** An amount of money in the currency, rounded to cents. */
const money = z.number();

/** A range of days; `end` is its last day (inclusive). */
export const dayRangeDto = named(
  "DayRange",
  z.looseObject({ start: wireDay, end: wireDay.meta({ description: "the last day, inclusive" }) }),
);
export type DayRangeDto = z.output<typeof dayRangeDto>;

export const periodEstimateLineDto = named(
  "PeriodEstimateLine",
  z.looseObject({
    charge_line_id: wireId,
    plan_name: z.string().max(500),
    charge_name: z.string().max(500),
    pricing_model: z.enum(PRICING_MODELS),
    charge_timing: z.enum(CHARGE_TIMINGS),
    billing_period: z.enum(BILLING_PERIODS),
    quantity: z.number().meta({
      description:
        "usage-based lines: the usage recorded in the period so far; else the line's quantity",
    }),
    unit_of_measure: z.string().max(100).nullable(),
    cost_so_far: money.meta({
      description:
        "usage-based: the usage so far priced by the charge's model; recurring: the share of its period's amount from the period's first day to today",
    }),
    next_invoice_amount: money.meta({
      description: "what the line adds to the invoice that closes the period",
    }),
    billed_period: dayRangeDto.nullable().meta({
      description:
        "the days next_invoice_amount pays for: this period (usage, in arrears) or the line's next period (in advance); null when it adds nothing",
    }),
  }),
);
export type PeriodEstimateLineDto = z.output<typeof periodEstimateLineDto>;

export const subscriptionPeriodEstimateDto = named(
  "SubscriptionPeriodEstimate",
  z.looseObject({
    subscription_id: wireId,
    subscription_name: z.string().max(500),
    status: z.enum(SUBSCRIPTION_STATUSES),
    currency,
    cancellation_date: wireDay.nullable(),
    period: dayRangeDto.nullable().meta({
      description:
        "the current billing cycle (up to a cancellation's last active day); while paused, the pause; null when not in service",
    }),
    next_invoice_date: wireDay
      .nullable()
      .meta({ description: "the day the period's invoice is issued" }),
    cost_so_far: money,
    recurring_so_far: money,
    usage_so_far: money,
    projected_total: money.meta({
      description:
        "the estimate: the total of the invoice issued on next_invoice_date if no more usage is recorded",
    }),
    credits_applied: money.meta({ description: "open credits that will apply to that invoice" }),
    projected_amount_due: money.meta({ description: "projected_total − credits_applied" }),
    lines: z.array(periodEstimateLineDto),
    next_document: z.enum(["invoice", "pause_bill", "last_bill", "resumption"]).optional().meta({
      description:
        "What is issued on next_invoice_date: the period's invoice; the bill a pause leaves on its first day; the last bill of a cancellation; the invoice of a pause's end",
    }),
    discount: money.optional().meta({
      description:
        "Taken off the period's invoice by a discount accepted from an offer (0 or less); within projected_total",
    }),
    resume_date: wireDay.nullable().optional().meta({
      description: "While paused, or a pause is set: the day billing resumes; else null",
    }),
  }),
);
export type SubscriptionPeriodEstimateDto = z.output<typeof subscriptionPeriodEstimateDto>;

export const periodTotalDto = named(
  "PeriodTotal",
  z.looseObject({
    currency,
    cost_so_far: money,
    projected_total: money,
    credits_applied: money,
    projected_amount_due: money,
    credit_balance: money.meta({ description: "open credits in this currency before they apply" }),
    next_invoice_date: wireDay.nullable(),
  }),
);
export type PeriodTotalDto = z.output<typeof periodTotalDto>;

export const customerPeriodEstimateDto = named(
  "CustomerPeriodEstimate",
  z.looseObject({
    today: wireDay.meta({ description: "the customer's billing day the estimate is made on" }),
    subscriptions: z.array(subscriptionPeriodEstimateDto),
    totals: z
      .array(periodTotalDto)
      .meta({ description: "one per currency of an active subscription" }),
  }),
);
export type CustomerPeriodEstimateDto = z.output<typeof customerPeriodEstimateDto>;

export const onePeriodEstimateDto = named(
  "OnePeriodEstimate",
  z.looseObject({ today: wireDay, estimate: subscriptionPeriodEstimateDto }),
);
export type OnePeriodEstimateDto = z.output<typeof onePeriodEstimateDto>;

export const periodEstimateParams = z.object({ id: z.string().min(1) });
