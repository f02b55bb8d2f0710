// The activity log a customer sees (issue 34 §3; docs/CONTRACT.md §1 "Activity"): who changed what
// on the customer's account and when, written by the billing API in the change's own transaction.
// Each entry's `details` has the shape its `kind` names (a discriminated union on `kind`); money
// is a decimal amount in the entry's currency, days are `YYYY-MM-DD`, instants ISO 8601.
import { z } from "zod";
import {
  ACTIVITY_KINDS,
  CANCELLATION_TYPES,
  RETENTION_OFFER_KINDS,
  type ActivityKind,
} from "../enums";
import { CONTACT_FIELDS } from "./account";
import { wireDay, wireId, wireInstant } from "./envelope";
import { FACTOR_KINDS } from "./factors";
import { named } from "./named";

export { ACTIVITY_KINDS, type ActivityKind } from "../enums";

/** Who made the change: a portal user, the company (its back office) or the billing system. */
export const ACTIVITY_ACTOR_KINDS = ["user", "company", "system"] as const;
export type ActivityActorKind = (typeof ACTIVITY_ACTOR_KINDS)[number];

export const ACTIVITY_PAGE_SIZE_MAX = 100;
export const ACTIVITY_PAGE_SIZE_DEFAULT = 25;

// ——— Details, per kind ———

const last4 = z
  .string()
  .regex(/^\d{4}$/)
  .nullable();

/** A saved payment method as the entry names it: never more of its number than the last four. */
const methodRef = z.looseObject({
  id: wireId,
  type: z.string().max(100).meta({ description: "Card brand (visa, …) or bank (ECHK, bank name)" }),
  method_kind: z.enum(["card", "bank"]),
  last4,
});

const planRef = z.looseObject({ plan_id: wireId, name: z.string().max(500) });
const plans = z.looseObject({ plans: z.array(planRef) });
const subscription = { subscription_name: z.string().max(500) };

const contactValues = z.partialRecord(z.enum(CONTACT_FIELDS), z.string().max(500).nullable());

export const ACTIVITY_DETAILS = {
  "payment_method.added": z.looseObject({ method: methodRef, default: z.boolean() }),
  "payment_method.removed": z.looseObject({ method: methodRef, was_default: z.boolean() }),
  "payment_method.default_set": z.looseObject({
    before: methodRef.nullable().meta({ description: "The default until then; null: none" }),
    after: methodRef,
  }),
  "auto_pay.changed": z.looseObject({
    before: z.looseObject({ auto_pay: z.boolean() }),
    after: z.looseObject({ auto_pay: z.boolean() }),
  }),
  "contact.changed": z.looseObject({
    fields: z.array(z.enum(CONTACT_FIELDS)).min(1).meta({ description: "The fields changed" }),
    before: contactValues,
    after: contactValues,
  }),
  "password.changed": z.looseObject({
    via: z.enum(["change", "reset"]).meta({
      description: "Changed signed in, or reset from an e-mailed link; never a password",
    }),
  }),
  "second_factor.added": z.looseObject({
    factor_kind: z.enum(FACTOR_KINDS),
    name: z.string().max(100),
  }),
  "second_factor.removed": z.looseObject({
    factor_kind: z.enum(FACTOR_KINDS),
    name: z.string().max(100),
  }),
  "recovery_codes.renewed": z.looseObject({ count: z.int().min(1) }),
  "subscription.plan_changed": z.looseObject({ ...subscription, before: plans, after: plans }),
  "subscription.quantity_changed": z.looseObject({
    ...subscription,
    charge: z.looseObject({ id: wireId, name: z.string().max(500) }),
    before: z.looseObject({ quantity: z.number().nullable() }),
    after: z.looseObject({ quantity: z.number() }),
  }),
  "subscription.plan_added": z.looseObject({ ...subscription, plans: z.array(planRef).min(1) }),
  "subscription.cancelled": z.looseObject({
    ...subscription,
    cancellation_type: z.enum(CANCELLATION_TYPES).nullable(),
    effective_date: wireDay.meta({ description: "The first day not in service" }),
    reason_code: z.string().max(100).nullable(),
  }),
  "subscription.reactivated": z.looseObject({
    ...subscription,
    before: z.looseObject({
      status: z.literal("cancelled"),
      cancellation_date: wireDay.nullable(),
    }),
    after: z.looseObject({ status: z.literal("active") }),
  }),
  "subscription.paused": z.looseObject({
    ...subscription,
    cycles: z.int().min(1),
    pause_start: wireDay,
    resume_date: wireDay,
  }),
  "subscription.resumed": z.looseObject({
    ...subscription,
    before: z.looseObject({ pause_start: wireDay, resume_date: wireDay }),
    after: z.looseObject({
      resume_date: wireDay.nullable().meta({
        description: "The day billing resumed; null: the pause had not begun and was called off",
      }),
    }),
  }),
  "subscription.offer_accepted": z.looseObject({
    ...subscription,
    offer_kind: z.enum(RETENTION_OFFER_KINDS),
    cycles: z.int().min(1).nullable().meta({ description: "pause and discount" }),
    percent_off: z.number().nullable().meta({ description: "discount" }),
    before: plans.nullable().meta({ description: "cheaper_plan: the plans until then" }),
    after: plans.nullable().meta({ description: "cheaper_plan: the plans from now on" }),
  }),
  "payment.made": z.looseObject({
    amount: z.number().meta({ description: "Decimal, in `currency`" }),
    currency: z.string().length(3),
    payment_method: z.string().max(100).meta({ description: "Credit Card, ACH, …" }),
    last4,
    invoice_ids: z.array(wireId).meta({ description: "The invoices it paid, oldest due first" }),
  }),
} as const satisfies Record<ActivityKind, z.ZodType>;

export type ActivityDetails<K extends ActivityKind> = z.output<(typeof ACTIVITY_DETAILS)[K]>;

// ——— The entry and the page ———

export const activityActorDto = named(
  "ActivityActor",
  z.looseObject({
    kind: z.enum(ACTIVITY_ACTOR_KINDS),
    email: z.string().max(320).nullable().meta({ description: "A user's e-mail when known" }),
    name: z.string().max(500).nullable().meta({ description: "The company's name, for company" }),
  }),
);
export type ActivityActorDto = z.output<typeof activityActorDto>;

const entry = <K extends ActivityKind>(kind: K) =>
  z.looseObject({
    id: wireId,
    kind: z.literal(kind),
    at: wireInstant,
    actor: activityActorDto,
    subject_id: wireId.nullable().meta({
      description: "What it is about: a payment method, subscription, factor or payment id",
    }),
    details: ACTIVITY_DETAILS[kind],
  });

export const activityEntryDto = named(
  "ActivityEntry",
  z.discriminatedUnion(
    "kind",
    ACTIVITY_KINDS.map((k) => entry(k)) as unknown as [
      ReturnType<typeof entry<ActivityKind>>,
      ...ReturnType<typeof entry<ActivityKind>>[],
    ],
  ),
);
export type ActivityEntryDto = z.output<typeof activityEntryDto>;

export const activityPageDto = named(
  "ActivityPage",
  z.looseObject({
    items: z.array(activityEntryDto).meta({ description: "Newest first" }),
    page: z.int().min(1),
    page_size: z.int().min(1).max(ACTIVITY_PAGE_SIZE_MAX),
    total: z.int().nonnegative(),
  }),
);
export type ActivityPageDto = z.output<typeof activityPageDto>;

// ——— The call ———

export const activityParams = z.object({
  customerId: wireId.meta({ description: "The customer's id or account number (CUST-1001)" }),
});

const bound = z.union([
  wireDay.refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), {
    error: "must be a date, YYYY-MM-DD",
  }),
  wireInstant,
]);

/**
 * The instants a `from`/`to` bound stands for: a day is [its 00:00 UTC, the next day's), so a
 * portal in another time zone sends instants (its own midnights) instead.
 */
export function activityRange(q: { from?: string | undefined; to?: string | undefined }): {
  from: Date | null;
  /** Exclusive. */
  until: Date | null;
} {
  const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
  const from =
    q.from === undefined ? null : new Date(isDay(q.from) ? `${q.from}T00:00:00Z` : q.from);
  let until: Date | null = null;
  if (q.to !== undefined) {
    until = isDay(q.to)
      ? new Date(Date.parse(`${q.to}T00:00:00Z`) + 86_400_000)
      : new Date(Date.parse(q.to) + 1);
  }
  return { from, until };
}

export const activityQuery = z
  .object({
    kind: z
      .array(z.enum(ACTIVITY_KINDS))
      .max(ACTIVITY_KINDS.length)
      .optional()
      .meta({ description: "Repeat for several kinds (kind=a&kind=b); none: every kind" }),
    from: bound.optional().meta({
      description: "From this day (YYYY-MM-DD, from 00:00 UTC) or instant (ISO 8601), inclusive",
    }),
    to: bound.optional().meta({
      description: "Through this day (YYYY-MM-DD, UTC) or instant (ISO 8601), inclusive",
    }),
    page: z.coerce.number().int().min(1).max(100_000).default(1).meta({ description: "1-based" }),
    page_size: z.coerce
      .number()
      .int()
      .min(1)
      .max(ACTIVITY_PAGE_SIZE_MAX)
      .default(ACTIVITY_PAGE_SIZE_DEFAULT)
      .meta({ description: `At most ${ACTIVITY_PAGE_SIZE_MAX}` }),
  })
  .refine(
    (q) => {
      const { from, until } = activityRange(q);
      return from === null || until === null || from < until;
    },
    { error: "from must not be after to", path: ["from"] },
  );
export type ActivityQuery = z.output<typeof activityQuery>;
