import "server-only";
import type {
  CancelPreviewDto,
  PausePreviewDto,
  ReactivatePreviewDto,
  RetentionOfferDto,
  ActionDto,
  CancelDateDto,
  ChangePreviewDto,
  OnePlanDto,
  PlanChargeDto,
  PlanDto,
} from "@billing-portal/contract/wire/subscriptions";
import { z } from "zod";
import {
  BILLING_PERIODS,
  PRICING_MODELS,
  RETENTION_OFFER_KINDS,
  type BillingPeriod,
  type FieldValue,
} from "@/lib/schemas/subscriptions";
import { readerOf } from "../reader";

// Readers of the subscription and plan answers (the contract's contract/src/wire/subscriptions.ts;
// docs/CONTRACT.md §7.1). Server-only: the upstream's answers are untrusted, so they are validated
// here, tolerantly, before reshape.ts hands the app its own types. The few value normalizers the
// readers themselves apply live here too. Field objects are read loosely (a missing flag has a
// default) and reshaped field by field, so they are typed by the app's shapes, not the contract's.

export const DEFAULT_CURRENCY = "USD";
export const MAX_LINES = 500;

// ——— Field objects ———

const flag = (fallback: boolean) =>
  z
    .boolean()
    .nullish()
    .transform((v) => v ?? fallback);

export const fieldDto = z.object({
  value: z
    .union([z.string().max(10_000), z.number().finite(), z.boolean(), z.null()])
    .optional()
    .transform((v): FieldValue => v ?? null),
  display_name: z.string().max(500).nullish(),
  type: z.string().max(40).nullish(),
  editable: flag(false),
  // A field the upstream does not mark is shown: hiding data by default would hide it silently.
  enabled: flag(true),
  column_enabled: flag(false),
  detail_enabled: flag(false),
  orderNo: z.number().finite().nullish(),
  order_no: z.number().finite().nullish(),
});

export const LINE_ID = /^[A-Za-z0-9_.:-]{1,64}$/;

/** Lower-cased words joined by `_`: "pre rated", "Volume", "Usage based" → pre_rated, volume, usage_based. */
export const token = (value: FieldValue | undefined) =>
  typeof value === "string"
    ? value
        .trim()
        .toLowerCase()
        .replace(/[\s-]+/g, "_")
    : "";

export function billingPeriod(value: FieldValue | undefined): BillingPeriod {
  const period = token(value);
  if ((BILLING_PERIODS as readonly string[]).includes(period)) return period as BillingPeriod;
  if (period === "annually" || period === "yearly") return "annual";
  return "monthly";
}

export const actionDto = readerOf<ActionDto>()(
  z.object({
    name: z.string().trim().min(1).max(100),
    actionable: flag(false),
  }),
);

export const subscriptionListDto = z.object({ subscriptions: z.array(z.unknown()).max(5_000) });
export const oneSubscriptionDto = z.object({ subscription: z.unknown() });

// ——— Change preview ———

const amount = z.union([
  z.number().finite(),
  z
    .string()
    .regex(/^\s*-?\d+(\.\d+)?\s*$/)
    .transform(Number),
]);
const invoiceDto = z.object({ invoice_amount: amount });
export const changePreviewDto = readerOf<ChangePreviewDto>()(
  z.object({
    prior_invoice: invoiceDto,
    current_invoice: invoiceDto,
    next_invoice: invoiceDto,
    contract_effective_date: z.string().max(40),
    currency: z
      .string()
      .max(10)
      .nullish()
      .transform((v) => v?.trim().toUpperCase() || DEFAULT_CURRENCY),
  }),
);

// ——— Plan catalogue ———

const nullableText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => v ?? null);
const enumOr = <T extends string>(values: readonly T[], fallback: T) =>
  z
    .string()
    .max(40)
    .nullish()
    .transform((v): T => {
      const t = token(v ?? null);
      return (values as readonly string[]).includes(t) ? (t as T) : fallback;
    });
const planId = z.union([z.string(), z.number()]).transform(String).pipe(z.string().regex(LINE_ID));

export const planChargeDto = readerOf<PlanChargeDto>()(
  z.object({
    id: planId,
    name: z.string().max(500),
    type: z
      .string()
      .max(100)
      .nullish()
      .transform((v) => v ?? ""),
    pricing_model: enumOr(PRICING_MODELS, "flat"),
    amount,
    charge_timing: enumOr(["in_advance", "in_arrears"] as const, "in_advance"),
    list_price: amount,
    billing_period: z
      .string()
      .max(40)
      .nullish()
      .transform((v) => billingPeriod(v ?? null)),
    default_quantity: z
      .number()
      .finite()
      .nullish()
      .transform((v) => v ?? null),
    unit_of_measure: nullableText(100),
    tiers: z
      .array(
        z.object({
          up_to: z
            .number()
            .finite()
            .nullish()
            .transform((v) => v ?? null),
          price: amount,
        }),
      )
      .max(100)
      .nullish()
      .transform((v) => v ?? []),
  }),
);

export const planDto = readerOf<PlanDto>()(
  z.object({
    id: planId,
    name: z.string().max(500),
    status: enumOr(["active", "inactive"] as const, "inactive"),
    description: nullableText(5_000),
    billing_period: z
      .string()
      .max(40)
      .nullish()
      .transform((v) => billingPeriod(v ?? null)),
    currency: z
      .string()
      .max(10)
      .nullish()
      .transform((v) => v?.trim().toUpperCase() || DEFAULT_CURRENCY),
    charges: z
      .array(planChargeDto)
      .max(MAX_LINES)
      .nullish()
      .transform((v) => v ?? []),
  }),
);

export const planPageDto = z.object({
  data: z.array(z.unknown()).max(1_000),
  total: z.number().int().min(0),
});

/** GET /v1/plans/{id} `data` */
export const onePlanDto = readerOf<OnePlanDto>()(z.object({ data: planDto }));

// ——— Cancellation ———

const wireDayString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const settlingDocument = z.object({
  kind: z.enum(["invoice", "credit_note", "none"]),
  date: wireDayString,
  amount: z.number().finite(),
  lines: z.array(z.object({ kind: z.enum(["usage", "unused"]) })).max(1000),
});
const chargeNow = z.object({ date: wireDayString, amount: z.number().finite() });
const currencyCode = z.string().min(3).max(3);

export const cancelPreviewDto = readerOf<CancelPreviewDto>()(
  z.object({
    effective_date: wireDayString,
    last_active_day: wireDayString,
    currency: currencyCode,
    final_document: settlingDocument,
  }),
);

/** reactivate_preview and resume_preview: one shape. */
export const chargePreviewDto = readerOf<ReactivatePreviewDto>()(
  z.object({ currency: currencyCode, charge_now: chargeNow, next_invoice_date: wireDayString }),
);

export const pausePreviewDto = readerOf<PausePreviewDto>()(
  z.object({
    cycles: z.number().int().min(1),
    pause_start: wireDayString,
    resume_date: wireDayString,
    currency: currencyCode,
    bill_at_pause: settlingDocument,
    charge_at_resume: chargeNow,
  }),
);

/** Absent or null: null. */
const orNull = <S extends z.ZodType>(schema: S) =>
  schema.nullish().transform((v): z.output<S> | null => v ?? null);

const retentionOfferDto = readerOf<RetentionOfferDto>()(
  z.object({
    id: z.enum(RETENTION_OFFER_KINDS),
    kind: z.enum(RETENTION_OFFER_KINDS),
    cycles: orNull(z.number().int().min(1)),
    percent_off: orNull(z.number().finite().gt(0).max(100)),
    resume_date: orNull(wireDayString),
    plan_line_id: orNull(planId),
    plan: orNull(z.object({ id: planId, name: z.string().max(500) })),
    change_preview: orNull(changePreviewDto),
  }),
);

/** GET /v1/subscriptions/{id}/retention_offers `data`: an offer the portal cannot read is left out. */
export const retentionOffersDto = z.object({
  offers: z
    .array(z.unknown())
    .max(20)
    .transform((offers) =>
      offers.flatMap((o) => {
        const parsed = retentionOfferDto.safeParse(o);
        return parsed.success ? [parsed.data] : [];
      }),
    ),
});

export const cancelDateDto = readerOf<CancelDateDto>()(
  z.object({
    endDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  }),
);
