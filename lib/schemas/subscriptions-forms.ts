// What the browser sends to /api/subscriptions/** and /api/plans (spec 001 §3–§9, docs/CONTRACT.md
// §7), as zod/mini schemas the BFF handlers parse with (parseJson, parseQuery). Kept apart from the
// app types (subscriptions.ts) so the subscriptions tab and its dialogs load no zod. Message keys
// beginning `subscriptions.` are of namespace `subscriptions`; the others of `common`.
import * as z from "zod/mini";
import {
  CANCEL_REASONS,
  CANCELLATION_TYPES,
  MAX_PAUSE_CYCLES,
  MAX_REASON_TEXT,
  PLAN_PAGE_SIZES,
  PLAN_SORT_COLUMNS,
  PLAN_STATUSES,
  SUBSCRIPTION_LIST_STATUSES,
  isIsoDay,
} from "./subscriptions";

/** GET /api/plans query (spec 001 §7, §9: page 1, size 10, name asc). */
export const planQuerySchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
  size: z._default(
    z.pipe(z.coerce.number(), z.union(PLAN_PAGE_SIZES.map((s) => z.literal(s)))),
    10,
  ),
  sort: z._default(
    z.string().check(z.regex(new RegExp(`^(${PLAN_SORT_COLUMNS.join("|")})\\.(asc|desc)$`))),
    "name.asc",
  ),
  search: z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(100))),
    z.transform((v: string | undefined) => (v ? v : undefined)),
  ),
  // Spec 001 §3's plan filter: plan_id and plan_status beside plan_name (the search).
  planId: z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(64))),
    z.transform((v: string | undefined) => (v ? v : undefined)),
  ),
  status: z.optional(z.enum(PLAN_STATUSES)),
});
export type PlanQuery = z.output<typeof planQuerySchema>;

export const isoDaySchema = z
  .string()
  .check(z.refine(isIsoDay, { error: "subscriptions.validation.date" }));

const lineId = z
  .string()
  .check(z.trim(), z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9_.:-]+$/));
const fieldKey = z
  .string()
  .check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z][A-Za-z0-9_]*$/));
const fieldValue = z.union([
  z.string().check(z.maxLength(2000)),
  z.number(),
  z.boolean(),
  z.null(),
]);
/** Spec 001 §5: never below 0; whole units. */
export const quantitySchema = z
  .int({ error: "subscriptions.validation.quantity" })
  .check(
    z.gte(0, { error: "subscriptions.validation.quantity" }),
    z.lte(1_000_000, { error: "subscriptions.validation.quantity" }),
  );

/** One change of one subscription: POST /api/subscriptions/:id/preview and PUT /api/subscriptions/:id. */
export const subscriptionChangeSchema = z
  .object({
    /** Subscription-level field edits: api name → new value. */
    fields: z._default(z.record(fieldKey, fieldValue), {}),
    /** New quantities of existing charge lines. */
    charges: z._default(
      z.array(z.object({ id: lineId, quantity: quantitySchema })).check(z.maxLength(200)),
      [],
    ),
    /** Catalogue plans to add, with their charges' quantities. */
    addPlans: z._default(
      z
        .array(
          z.object({
            planId: lineId,
            charges: z._default(
              z
                .array(z.object({ chargeId: lineId, quantity: quantitySchema }))
                .check(z.maxLength(100)),
              [],
            ),
          }),
        )
        .check(z.maxLength(50)),
      [],
    ),
    /** Plan lines to remove. */
    removePlans: z._default(z.array(lineId).check(z.maxLength(50)), []),
  })
  .check(
    z.refine(
      (c) =>
        Object.keys(c.fields).length > 0 ||
        c.charges.length > 0 ||
        c.addPlans.length > 0 ||
        c.removePlans.length > 0,
      { error: "subscriptions.validation.noChanges" },
    ),
  );
export type SubscriptionChange = z.output<typeof subscriptionChangeSchema>;
export type SubscriptionChangeInput = z.input<typeof subscriptionChangeSchema>;

/** POST /api/subscriptions/:id/cancel. A confirmation without a date is refused (spec 001 §5). */
export const cancelSubscriptionSchema = z.object({
  cancellationType: z.enum(CANCELLATION_TYPES),
  cancellationDate: isoDaySchema,
  /** Why, as the customer said it (issue 33 §2): never required. */
  reasonCode: z.optional(z.enum(CANCEL_REASONS)),
  reasonText: z.optional(
    z.string().check(
      z.trim(),
      z.refine((text) => [...text].length <= MAX_REASON_TEXT, {
        error: "subscriptions.validation.reasonTooLong",
      }),
    ),
  ),
});
export type CancelSubscriptionInput = z.output<typeof cancelSubscriptionSchema>;

/** GET /api/subscriptions/:id/cancel-date query. */
export const cancelDateQuerySchema = z
  .object({ type: z.enum(CANCELLATION_TYPES), date: z.optional(isoDaySchema) })
  .check(
    z.refine((q) => q.type !== "specific_date" || q.date !== undefined, {
      error: "subscriptions.cancel.dateRequired",
      path: ["date"],
    }),
  );
export type CancelDateQuery = z.output<typeof cancelDateQuerySchema>;

/** GET /api/subscriptions query: the sub-tab's status. */
export const subscriptionListQuerySchema = z.object({
  status: z._default(z.enum(SUBSCRIPTION_LIST_STATUSES), "active"),
});

const pauseCycles = z
  .int({ error: "subscriptions.validation.cycles" })
  .check(
    z.gte(1, { error: "subscriptions.validation.cycles" }),
    z.lte(MAX_PAUSE_CYCLES, { error: "subscriptions.validation.cycles" }),
  );

/** POST /api/subscriptions/:id/pause (the company's own most is the billing API's to enforce). */
export const pauseSchema = z.object({ cycles: pauseCycles });
export type PauseInput = z.output<typeof pauseSchema>;

/** GET /api/subscriptions/:id/pause-preview query. */
export const pauseQuerySchema = z.object({ cycles: z.pipe(z.coerce.number(), pauseCycles) });
