// Subscriptions and plans (docs/CONTRACT.md §7.1). Every field of a subscription, a plan line and
// a charge line is a field object (spec 001 §3); keys other than `plans`, `charges` and `actions`
// are fields.
import { z } from "zod";
import {
  BILLING_PERIODS,
  CANCELLATION_TYPES,
  CHARGE_TIMINGS,
  FIELD_TYPES,
  MAX_PAUSE_CYCLES,
  PLAN_STATUSES,
  PRICING_MODELS,
  RETENTION_OFFER_KINDS,
  SUBSCRIPTION_STATUSES,
} from "../enums";
import { wireDay, wireId } from "./envelope";
import { dayRangeDto } from "./periods";
import { named } from "./named";

// ——— Answers ———

const fieldValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
/** A field object's value, and a value written to a field (`fields` of an edit or a change). */
export type FieldValue = z.output<typeof fieldValue>;

/** One field object of spec 001 §3, its value typed by `value`. */
const fieldOf = <V extends z.ZodType>(value: V) =>
  z.looseObject({
    value,
    display_name: z.string().max(500),
    type: z.enum(FIELD_TYPES),
    editable: z.boolean(),
    enabled: z.boolean().meta({ description: "shown at all" }),
    column_enabled: z.boolean(),
    detail_enabled: z.boolean(),
    orderNo: z.number(),
  });

export const fieldDto = named("Field", fieldOf(fieldValue));
export type FieldDto = z.output<typeof fieldDto>;

export const actionDto = named(
  "Action",
  z.looseObject({ name: z.string().min(1).max(100), actionable: z.boolean() }),
);
export type ActionDto = z.output<typeof actionDto>;

export const chargeDto = named(
  "SubscriptionCharge",
  z
    .looseObject({
      id: fieldOf(wireId),
      charge_name: fieldOf(z.string()),
      charge_type: fieldOf(z.string()),
      pricing_model: fieldOf(z.enum(PRICING_MODELS)),
      billing_period: fieldOf(z.enum(BILLING_PERIODS)),
      quantity: fieldOf(z.number().nullable()).meta({
        description: "null and not editable on usage-based charges",
      }),
      list_price: fieldOf(z.number()),
      list_price_base: fieldOf(z.string()),
    })
    .catchall(fieldDto),
);
export type ChargeDto = z.output<typeof chargeDto>;

export const planEntryDto = named(
  "SubscriptionPlan",
  z
    .looseObject({
      id: fieldOf(wireId),
      plan_id: fieldOf(wireId),
      plan_name: fieldOf(z.string()),
      charges: z.array(chargeDto),
      actions: z.array(actionDto),
    })
    .catchall(fieldDto),
);
export type PlanEntryDto = z.output<typeof planEntryDto>;

export const subscriptionDto = named(
  "Subscription",
  z
    .looseObject({
      id: fieldOf(wireId),
      status: fieldOf(z.enum(SUBSCRIPTION_STATUSES)),
      plans: z.array(planEntryDto),
      actions: z.array(actionDto),
    })
    .catchall(fieldDto),
);
export type SubscriptionDto = z.output<typeof subscriptionDto>;

export const subscriptionListDto = named(
  "SubscriptionList",
  z.looseObject({ subscriptions: z.array(subscriptionDto) }),
);
export type SubscriptionListDto = z.output<typeof subscriptionListDto>;
export const oneSubscriptionDto = named(
  "OneSubscription",
  z.looseObject({ subscription: subscriptionDto }),
);
export type OneSubscriptionDto = z.output<typeof oneSubscriptionDto>;

const amount = z.looseObject({ invoice_amount: z.number() });
export const changePreviewDto = named(
  "ChangePreview",
  z.looseObject({
    prior_invoice: amount,
    current_invoice: amount.meta({ description: "may be negative: a credit" }),
    next_invoice: amount,
    contract_effective_date: wireDay,
    currency: z.string().min(3).max(3),
  }),
);
export type ChangePreviewDto = z.output<typeof changePreviewDto>;

export const changedSubscriptionDto = named(
  "ChangedSubscription",
  z.looseObject({ subscription: subscriptionDto, preview: changePreviewDto }),
);
export type ChangedSubscriptionDto = z.output<typeof changedSubscriptionDto>;

export const cancelDateDto = named(
  "CancelDate",
  z.looseObject({
    endDate: wireDay.meta({
      description: "The effective date: the subscription's last active day is the day before",
    }),
  }),
);
export type CancelDateDto = z.output<typeof cancelDateDto>;

/** The most characters of the free text a leaving customer may give. */
export const MAX_CANCEL_REASON_TEXT = 500;

/** A settling document: the last bill of a cancellation, or the bill a pause leaves. */
const settlingDocument = z.looseObject({
  kind: z.enum(["invoice", "credit_note", "none"]),
  date: wireDay.meta({
    description: "When it is issued: the effective date, or today when that has passed",
  }),
  amount: z.number().meta({ description: "Its total; negative for a credit note" }),
  lines: z.array(
    z.looseObject({
      charge_line_id: wireId,
      plan_name: z.string().max(500),
      charge_name: z.string().max(500),
      kind: z.enum(["usage", "unused"]).meta({
        description:
          "usage: usage of the last cycle up to the effective date (recorded so far); unused: the days of an invoiced period after the effective date, credited",
      }),
      period: dayRangeDto,
      quantity: z.number().nullable(),
      amount: z.number(),
    }),
  ),
});

/** What is charged at once on a day billing starts again (reactivating, resuming). */
const chargeNow = z.looseObject({
  date: wireDay,
  amount: z.number().meta({
    description:
      "Invoiced on `date`: each recurring line's current period from that day, prorated; 0 when nothing is charged",
  }),
  lines: z.array(
    z.looseObject({
      charge_line_id: wireId,
      plan_name: z.string().max(500),
      charge_name: z.string().max(500),
      period: dayRangeDto,
      amount: z.number(),
    }),
  ),
});

export const cancelPreviewDto = named(
  "CancelPreview",
  z.looseObject({
    effective_date: wireDay.meta({ description: "The cancellation's effective date" }),
    last_active_day: wireDay.meta({ description: "The day before the effective date" }),
    currency: z.string().min(3).max(3),
    final_document: settlingDocument.meta({
      description:
        "The last bill the cancellation leaves, priced by the engine that issues it: equal to the document issued unless more usage is recorded before the effective date",
    }),
  }),
);
export type CancelPreviewDto = z.output<typeof cancelPreviewDto>;

/** What billing starting again today charges at once, and when the next invoice is. */
const chargePreview = (name: string, chargeNowText: string) =>
  named(
    name,
    z.looseObject({
      currency: z.string().min(3).max(3),
      charge_now: chargeNow.meta({ description: chargeNowText }),
      next_invoice_date: wireDay.meta({
        description: "When the billing cycle holding today closes",
      }),
    }),
  );

export const reactivatePreviewDto = chargePreview(
  "ReactivatePreview",
  "Invoiced at once: each recurring line's current period from today, when the cancellation had taken effect; 0 when it had not",
);
export type ReactivatePreviewDto = z.output<typeof reactivatePreviewDto>;

export const pausePreviewDto = named(
  "PausePreview",
  z.looseObject({
    cycles: z.int().min(1).max(MAX_PAUSE_CYCLES),
    pause_start: wireDay.meta({
      description: "The first paused day: the end of the current billing cycle",
    }),
    resume_date: wireDay.meta({
      description: "The day billing resumes by itself: the end of the last paused cycle",
    }),
    currency: z.string().min(3).max(3),
    bill_at_pause: settlingDocument.meta({
      description:
        "Issued on pause_start, in place of the invoice the cycle would close with: the cycle's usage so far, less the unused days of invoiced periods past pause_start",
    }),
    charge_at_resume: chargeNow.meta({
      description: "Invoiced on resume_date: each recurring line's period from that day",
    }),
  }),
);
export type PausePreviewDto = z.output<typeof pausePreviewDto>;

export const resumePreviewDto = chargePreview(
  "ResumePreview",
  "Invoiced at once: each recurring line's current period from today when the pause has begun; 0 when it has not (the pause is called off)",
);
export type ResumePreviewDto = z.output<typeof resumePreviewDto>;

export const retentionOfferDto = named(
  "RetentionOffer",
  z.looseObject({
    id: z.enum(RETENTION_OFFER_KINDS).meta({ description: "What accepting it names" }),
    kind: z.enum(RETENTION_OFFER_KINDS),
    cycles: z.int().min(1).max(MAX_PAUSE_CYCLES).nullable().meta({
      description: "pause: the cycles paused; discount: the invoices discounted; else null",
    }),
    percent_off: z.number().gt(0).max(100).nullable().meta({ description: "discount only" }),
    resume_date: wireDay.nullable().meta({ description: "pause only: when billing resumes" }),
    plan_line_id: wireId.nullable().meta({
      description: "cheaper_plan only: the subscription's plan line it replaces",
    }),
    plan: z
      .looseObject({ id: wireId, name: z.string().max(500) })
      .nullable()
      .meta({ description: "cheaper_plan only: the catalogue plan offered" }),
    change_preview: changePreviewDto.nullable().meta({
      description: "cheaper_plan only: what the change would invoice, as change_preview answers",
    }),
  }),
);
export type RetentionOfferDto = z.output<typeof retentionOfferDto>;

export const retentionOffersDto = named(
  "RetentionOffers",
  z.looseObject({ offers: z.array(retentionOfferDto) }),
);
export type RetentionOffersDto = z.output<typeof retentionOffersDto>;

export const tierDto = z.looseObject({ up_to: z.number().nullable(), price: z.number() });
export type TierDto = z.output<typeof tierDto>;

export const planChargeDto = named(
  "PlanCharge",
  z.looseObject({
    id: wireId,
    name: z.string().max(500),
    type: z.string().max(100),
    pricing_model: z.enum(PRICING_MODELS),
    amount: z
      .number()
      .meta({ description: "the charge's price for one period at its default quantity" }),
    charge_timing: z.enum(CHARGE_TIMINGS),
    list_price: z.number(),
    billing_period: z.enum(BILLING_PERIODS),
    default_quantity: z.number().nullable(),
    unit_of_measure: z.string().max(100).nullable(),
    tiers: z.array(tierDto).meta({ description: "volume and tiered only, else []" }),
  }),
);
export type PlanChargeDto = z.output<typeof planChargeDto>;

export const planDto = named(
  "Plan",
  z.looseObject({
    id: wireId,
    name: z.string().max(500),
    status: z.enum(PLAN_STATUSES),
    description: z.string().max(5000).nullable(),
    billing_period: z.enum(BILLING_PERIODS),
    currency: z.string().min(3).max(3),
    charges: z.array(planChargeDto),
  }),
);
export type PlanDto = z.output<typeof planDto>;

export const planPageDto = named(
  "PlanPage",
  z.looseObject({ data: z.array(planDto), total: z.int().nonnegative() }),
);
export type PlanPageDto = z.output<typeof planPageDto>;
export const onePlanDto = named("OnePlan", z.looseObject({ data: planDto }));
export type OnePlanDto = z.output<typeof onePlanDto>;

// ——— Requests ———

const lineId = z.string().trim().min(1).max(64);
const fieldMap = z.record(z.string().min(1).max(64), fieldValue);

export const subscriptionParams = z.object({ id: z.string().min(1) });

export const subscriptionListQuery = z.object({
  customer_id: z.string().optional().meta({
    description: "The selected customer (id or account number); another customer's is a 404",
  }),
});

/** PUT /v1/subscriptions/{id}. */
export const updateBody = z.object({ fields: fieldMap });

/** PUT /v1/subscriptions/{id}/change_preview and /change (ChangeBody). */
export const changeBody = z.object({
  fields: fieldMap.optional(),
  charges: z
    .array(z.object({ id: lineId, quantity: z.number() }))
    .max(500)
    .optional(),
  add_plans: z
    .array(
      z.object({
        plan_id: lineId,
        charges: z
          .array(z.object({ charge_id: lineId, quantity: z.number() }))
          .max(200)
          .optional(),
      }),
    )
    .max(50)
    .optional(),
  remove_plans: z.array(lineId).max(50).optional(),
});

const cancellationTypeText = `one of ${CANCELLATION_TYPES.join(", ")}; another is a 400 invalid_request`;

/**
 * PUT /v1/subscriptions/{id}/cancel: the date's presence and form, and the type, are refusals
 * (400 invalid_request), not 422s: the schema takes any short text.
 */
export const cancelBody = z.object({
  cancellation_date: z.string().max(100).nullish().meta({
    description:
      "YYYY-MM-DD, not before the subscription's start date; required (missing or another form is a 400 invalid_request)",
  }),
  cancellation_type: z
    .string()
    .max(100)
    .nullish()
    .meta({ description: `${cancellationTypeText}; absent: not recorded` }),
  reason_code: z.string().max(100).nullish().meta({
    description: "One of the company's cancel reasons (portal configuration); absent: none given",
  }),
  reason_text: z
    .string()
    .max(5000)
    .nullish()
    .meta({
      description: `What the customer wrote, at most ${MAX_CANCEL_REASON_TEXT} characters (more: 400)`,
    }),
});

/** GET /v1/subscriptions/{id}/cancel_date: as the cancel body, a wrong type or date is a 400. */
export const cancelDateQuery = z.object({
  cancellation_type: z
    .string()
    .max(100)
    .optional()
    .meta({ description: `${cancellationTypeText}, and so is none` }),
  cancellation_date: z
    .string()
    .max(100)
    .optional()
    .meta({ description: "YYYY-MM-DD, with specific_date" }),
});

export const reactivateBody = z.object({});

const cyclesText = "1 to the company's pause.maxCycles (another whole number: 400 invalid_request)";

/** GET /v1/subscriptions/{id}/pause_preview. */
export const pauseQuery = z.object({
  cycles: z.coerce
    .number()
    .int({ error: "cycles must be a whole number" })
    .meta({ description: cyclesText }),
});
/** PUT /v1/subscriptions/{id}/pause. */
export const pauseBody = z.object({
  cycles: z.int({ error: "cycles must be a whole number" }).meta({ description: cyclesText }),
});
export const resumeBody = z.object({});

export const offerParams = z.object({
  id: z.string().min(1),
  offer_id: z.string().min(1).max(100),
});
export const acceptOfferBody = z.object({});

export const PLAN_PAGE_SIZES = [5, 10, 20, 50] as const;

/** GET /v1/plans (filter_options[plans][n][plan_id|plan_name|plan_status] besides). */
export const planQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1).meta({ description: "1-based" }),
  pageSize: z.coerce
    .number()
    .refine((n) => (PLAN_PAGE_SIZES as readonly number[]).includes(n), {
      error: "must be 5, 10, 20 or 50",
    })
    .default(10)
    .meta({ description: "5, 10, 20 or 50" }),
  sort: z
    .string()
    .regex(/^(id|name|status) (asc|desc)$/i, { error: 'expected "<id|name|status> <asc|desc>"' })
    .default("name asc")
    .meta({ description: '"<id|name|status> <asc|desc>", case-insensitive' }),
});

export const planParams = z.object({ id: z.string().min(1) });
