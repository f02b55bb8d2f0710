import "server-only";
import type { CustomerPeriodEstimateDto } from "@billing-portal/contract/wire/periods";
import { z } from "zod";
import { PRICING_MODELS, SUBSCRIPTION_STATUSES } from "@billing-portal/contract/enums";
import { readerOf } from "../reader";

// The reader of GET /v1/customers/period_estimate (the contract's contract/src/wire/periods.ts;
// docs/CONTRACT.md §7.3). Server-only: the upstream's answer is untrusted, so it is validated here,
// tolerantly (a missing optional part has a default), before reshape.ts hands the app its shape.

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const money = z.number().finite();
const text = (max: number) => z.string().max(max);
const id = z.union([z.string(), z.number()]).transform(String).pipe(z.string().min(1).max(200));
const range = z.object({ start: day, end: day });
const currency = z.string().regex(/^[A-Za-z]{3}$/);

const line = z.object({
  charge_line_id: id,
  plan_name: text(500),
  charge_name: text(500),
  pricing_model: z.enum(PRICING_MODELS),
  quantity: z.number().finite(),
  unit_of_measure: text(100)
    .nullish()
    .transform((v) => v ?? null),
  cost_so_far: money,
  next_invoice_amount: money,
  billed_period: range.nullish().transform((v) => v ?? null),
});

const subscription = z.object({
  subscription_id: id,
  subscription_name: text(500),
  status: z.enum(SUBSCRIPTION_STATUSES),
  currency,
  cancellation_date: day.nullish().transform((v) => v ?? null),
  period: range.nullish().transform((v) => v ?? null),
  next_invoice_date: day.nullish().transform((v) => v ?? null),
  cost_so_far: money,
  recurring_so_far: money,
  usage_so_far: money,
  projected_total: money,
  credits_applied: money,
  projected_amount_due: money,
  lines: z.array(line).max(500),
  // Issue 33: an API from before it names none of these: an ordinary period invoice.
  next_document: z
    .enum(["invoice", "pause_bill", "last_bill", "resumption"])
    .optional()
    .transform((v) => v ?? "invoice"),
  discount: money.optional().transform((v) => v ?? 0),
  resume_date: day.nullish().transform((v) => v ?? null),
});

const total = z.object({
  currency,
  cost_so_far: money,
  projected_total: money,
  credits_applied: money,
  projected_amount_due: money,
  credit_balance: money,
  next_invoice_date: day.nullish().transform((v) => v ?? null),
});

export const customerPeriodEstimateDto = readerOf<CustomerPeriodEstimateDto>()(
  z.object({
    today: day,
    subscriptions: z.array(subscription).max(200),
    totals: z.array(total).max(20),
  }),
);
