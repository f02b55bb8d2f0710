import "server-only";
import { z } from "zod";
import { containsRegex } from "@/lib/lists/filter-options";
import {
  BILLING_PERIODS,
  FIELD_TYPES,
  PRICING_MODELS,
  SUBSCRIPTION_STATUSES,
  isFieldsOnlyChange,
  type BillingPeriod,
  type CancelDateQuery,
  type CancelSubscriptionInput,
  type ChangePreview,
  type FieldType,
  type FieldValue,
  type Plan,
  type PlanCharge,
  type PlanPage,
  type PlanQuery,
  type PricingModel,
  type Subscription,
  type SubscriptionAction,
  type SubscriptionChange,
  type SubscriptionCharge,
  type SubscriptionField,
  type SubscriptionListStatus,
  type SubscriptionPlan,
  type SubscriptionStatus,
} from "@/lib/schemas/subscriptions";
import { billingRequest, type QueryValue } from "./client";
import { parseDto } from "./dto";
import { BillingApiError } from "./errors";

// The /v1 calls of subscriptions and plans (docs/CONTRACT.md §7.1), reshaped into the app's
// shapes of lib/schemas/subscriptions.ts; no /v1 DTO leaves this module. A subscription is a bag
// of field objects whose keys the upstream chooses, so it is read key by key: a malformed field
// drops only itself, and a subscription, plan line or charge line without a usable id drops only
// itself (nothing could act on it).

type Caller = { accessToken: string; clientIp?: string };

const DEFAULT_CURRENCY = "USD";
const MAX_FIELDS = 200;
const MAX_LINES = 500;

// ——— Field objects ———

const flag = (fallback: boolean) =>
  z
    .boolean()
    .nullish()
    .transform((v) => v ?? fallback);

const fieldDto = z.object({
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

const FIELD_KEY = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const NOT_FIELDS = new Set(["plans", "charges", "actions"]);

function fieldType(raw: string | null | undefined): FieldType {
  const type = raw?.trim().toLowerCase();
  return (FIELD_TYPES as readonly string[]).includes(type ?? "") ? (type as FieldType) : "text";
}

/** The field objects of one DTO, in upstream order; non-field keys and malformed fields left out. */
export function reshapeFields(dto: Record<string, unknown>): SubscriptionField[] {
  const fields: SubscriptionField[] = [];
  for (const [key, raw] of Object.entries(dto)) {
    if (fields.length >= MAX_FIELDS) break;
    if (NOT_FIELDS.has(key) || !FIELD_KEY.test(key)) continue;
    const parsed = fieldDto.safeParse(raw);
    if (!parsed.success) continue;
    const f = parsed.data;
    fields.push({
      key,
      label: f.display_name?.trim() || key,
      value: f.value,
      type: fieldType(f.type),
      editable: f.editable,
      enabled: f.enabled,
      columnEnabled: f.column_enabled,
      detailEnabled: f.detail_enabled,
      // Without an order number a field keeps its place among the others.
      order: f.orderNo ?? f.order_no ?? fields.length + 1,
    });
  }
  return fields;
}

const valueOf = (fields: readonly SubscriptionField[], key: string): FieldValue | undefined =>
  fields.find((f) => f.key === key)?.value;

const LINE_ID = /^[A-Za-z0-9_.:-]{1,64}$/;

/** A field's value as an id (string or number), or null when absent or not id-like. */
function idOf(fields: readonly SubscriptionField[], key: string): string | null {
  const value = valueOf(fields, key);
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value : "";
  return LINE_ID.test(text.trim()) ? text.trim() : null;
}

function textOf(fields: readonly SubscriptionField[], key: string, fallback = ""): string {
  const value = valueOf(fields, key);
  return typeof value === "string" || typeof value === "number" ? String(value) : fallback;
}

/** Lower-cased words joined by `_`: "pre rated", "Volume", "Usage based" → pre_rated, volume, usage_based. */
const token = (value: FieldValue | undefined) =>
  typeof value === "string"
    ? value
        .trim()
        .toLowerCase()
        .replace(/[\s-]+/g, "_")
    : "";

function pricingModel(value: FieldValue | undefined, usageBased: boolean): PricingModel {
  const model = token(value);
  if ((PRICING_MODELS as readonly string[]).includes(model)) return model as PricingModel;
  return usageBased ? "usage_based" : "flat";
}

function billingPeriod(value: FieldValue | undefined): BillingPeriod {
  const period = token(value);
  if ((BILLING_PERIODS as readonly string[]).includes(period)) return period as BillingPeriod;
  if (period === "annually" || period === "yearly") return "annual";
  return "monthly";
}

const actionDto = z.object({
  name: z.string().trim().min(1).max(100),
  actionable: flag(false),
});

function reshapeActions(raw: unknown): SubscriptionAction[] {
  if (!Array.isArray(raw)) return [];
  return raw.slice(0, 50).flatMap((item) => {
    const parsed = actionDto.safeParse(item);
    return parsed.success ? [{ name: parsed.data.name, actionable: parsed.data.actionable }] : [];
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === "object" && !Array.isArray(value);

const linesOf = (raw: unknown): Record<string, unknown>[] =>
  Array.isArray(raw) ? raw.slice(0, MAX_LINES).filter(isRecord) : [];

function reshapeCharge(dto: Record<string, unknown>): SubscriptionCharge | null {
  const fields = reshapeFields(dto);
  const id = idOf(fields, "id");
  if (!id) return null;
  const model = token(valueOf(fields, "pricing_model"));
  const usageBased = model === "usage_based" || /usage/i.test(textOf(fields, "charge_type"));
  const quantity = valueOf(fields, "quantity");
  return {
    id,
    name: textOf(fields, "charge_name", id),
    pricingModel: pricingModel(valueOf(fields, "pricing_model"), usageBased),
    billingPeriod: billingPeriod(valueOf(fields, "billing_period")),
    // Spec 001 §5: usage-based charges have no quantity control.
    quantity: !usageBased && typeof quantity === "number" ? quantity : null,
    usageBased,
    fields,
  };
}

function reshapePlanEntry(dto: Record<string, unknown>): SubscriptionPlan | null {
  const fields = reshapeFields(dto);
  const id = idOf(fields, "id");
  if (!id) return null;
  return {
    id,
    planId: idOf(fields, "plan_id") ?? "",
    name: textOf(fields, "plan_name", id),
    fields,
    actions: reshapeActions(dto.actions),
    charges: linesOf(dto.charges).flatMap((c) => reshapeCharge(c) ?? []),
  };
}

function subscriptionStatus(value: FieldValue | undefined): SubscriptionStatus | null {
  const status = token(value);
  if (status === "canceled") return "cancelled";
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(status)
    ? (status as SubscriptionStatus)
    : null;
}

/** One SubscriptionDto → Subscription; null when it has no usable id or status. */
export function reshapeSubscription(raw: unknown): Subscription | null {
  if (!isRecord(raw)) return null;
  const fields = reshapeFields(raw);
  const id = idOf(fields, "id");
  const status = subscriptionStatus(valueOf(fields, "status"));
  if (!id || !status) return null;
  const currency = textOf(fields, "currency").trim().toUpperCase();
  return {
    id,
    status,
    currency: /^[A-Z]{3}$/.test(currency) ? currency : DEFAULT_CURRENCY,
    fields,
    actions: reshapeActions(raw.actions),
    plans: linesOf(raw.plans).flatMap((p) => reshapePlanEntry(p) ?? []),
  };
}

const subscriptionListDto = z.object({ subscriptions: z.array(z.unknown()).max(5_000) });
const oneSubscriptionDto = z.object({ subscription: z.unknown() });

/** GET /v1/subscriptions `data` → the subscriptions (malformed ones left out). */
export function reshapeSubscriptionList(data: unknown): Subscription[] {
  const dto = parseDto(subscriptionListDto, data, "subscriptions");
  return dto.subscriptions.flatMap((s) => reshapeSubscription(s) ?? []);
}

/** `{subscription}` `data` → Subscription; a malformed one is a 502 (the change did happen upstream). */
export function reshapeOneSubscription(data: unknown): Subscription {
  const subscription = reshapeSubscription(
    parseDto(oneSubscriptionDto, data, "subscription").subscription,
  );
  if (!subscription)
    throw new BillingApiError(
      502,
      "upstream_malformed",
      "unexpected subscription from the billing API",
    );
  return subscription;
}

// ——— Change preview ———

const amount = z.union([
  z.number().finite(),
  z
    .string()
    .regex(/^\s*-?\d+(\.\d+)?\s*$/)
    .transform(Number),
]);
const invoiceDto = z.object({ invoice_amount: amount });
const changePreviewDto = z.object({
  prior_invoice: invoiceDto,
  current_invoice: invoiceDto,
  next_invoice: invoiceDto,
  contract_effective_date: z.string().max(40),
  currency: z
    .string()
    .max(10)
    .nullish()
    .transform((v) => v?.trim().toUpperCase() || DEFAULT_CURRENCY),
});

/** ChangePreviewDto → ChangePreview. */
export function reshapeChangePreview(data: unknown): ChangePreview {
  const dto = parseDto(changePreviewDto, data, "change preview");
  return {
    priorInvoice: dto.prior_invoice.invoice_amount,
    currentInvoice: dto.current_invoice.invoice_amount,
    nextInvoice: dto.next_invoice.invoice_amount,
    contractEffectiveDate: dto.contract_effective_date,
    currency: dto.currency,
  };
}

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

const planChargeDto = z.object({
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
});

const planDto = z.object({
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
});

function reshapePlanCharge(dto: z.output<typeof planChargeDto>): PlanCharge {
  return {
    id: dto.id,
    name: dto.name,
    type: dto.type,
    pricingModel: dto.pricing_model,
    amount: dto.amount,
    chargeTiming: dto.charge_timing,
    listPrice: dto.list_price,
    billingPeriod: dto.billing_period,
    defaultQuantity: dto.default_quantity,
    unitOfMeasure: dto.unit_of_measure,
    tiers: dto.tiers.map((t) => ({ upTo: t.up_to, price: t.price })),
  };
}

function reshapePlanDto(dto: z.output<typeof planDto>): Plan {
  return {
    id: dto.id,
    name: dto.name,
    status: dto.status,
    description: dto.description,
    billingPeriod: dto.billing_period,
    currency: dto.currency,
    charges: dto.charges.map(reshapePlanCharge),
  };
}

const planPageDto = z.object({
  data: z.array(z.unknown()).max(1_000),
  total: z.number().int().min(0),
});

/** GET /v1/plans `data` → PlanPage; a malformed plan is left out of the page, the total stands. */
export function reshapePlanPage(data: unknown): PlanPage {
  const dto = parseDto(planPageDto, data, "plans");
  const plans = dto.data.flatMap((raw) => {
    const parsed = planDto.safeParse(raw);
    return parsed.success ? [reshapePlanDto(parsed.data)] : [];
  });
  return { plans, total: dto.total };
}

/** GET /v1/plans/{id} `data` → Plan. */
export function reshapePlan(data: unknown): Plan {
  return reshapePlanDto(parseDto(z.object({ data: planDto }), data, "plan").data);
}

// ——— Requests ———

/** The GET /v1/subscriptions query: the customer and the sub-tab's status filter. */
export function subscriptionListQuery(
  customerId: string,
  status: SubscriptionListStatus,
): Record<string, string> {
  return { customer_id: customerId, "filter_options[subscriptions][0][status]": status };
}

/**
 * The GET /v1/plans query: page one-based, `pageSize`, sort `column dir`, and spec 001 §3's plan
 * filter: name and id contain what was typed, the status is one of them.
 */
export function planListQuery(query: PlanQuery): Record<string, QueryValue> {
  const [column = "name", direction = "asc"] = query.sort.split(".");
  const out: Record<string, QueryValue> = {
    page: query.page,
    pageSize: query.size,
    sort: `${column} ${direction}`,
  };
  const filters: [string, string][] = [];
  if (query.search) filters.push(["plan_name", containsRegex(query.search)]);
  if (query.planId) filters.push(["plan_id", containsRegex(query.planId)]);
  if (query.status) filters.push(["plan_status", query.status]);
  filters.forEach(([field, value], n) => (out[`filter_options[plans][${n}][${field}]`] = value));
  return out;
}

type ChangeBody = {
  fields?: Record<string, FieldValue>;
  charges?: { id: string; quantity: number }[];
  add_plans?: { plan_id: string; charges?: { charge_id: string; quantity: number }[] }[];
  remove_plans?: string[];
};

/** SubscriptionChange → the upstream's ChangeBody (snake_case; empty parts left out). */
export function toChangeBody(change: SubscriptionChange): ChangeBody {
  const body: ChangeBody = {};
  if (Object.keys(change.fields).length > 0) body.fields = change.fields;
  if (change.charges.length > 0)
    body.charges = change.charges.map((c) => ({ id: c.id, quantity: c.quantity }));
  if (change.addPlans.length > 0)
    body.add_plans = change.addPlans.map((p) => ({
      plan_id: p.planId,
      ...(p.charges.length > 0
        ? { charges: p.charges.map((c) => ({ charge_id: c.chargeId, quantity: c.quantity })) }
        : {}),
    }));
  if (change.removePlans.length > 0) body.remove_plans = change.removePlans;
  return body;
}

const subscriptionPath = (id: string, action = "") =>
  `/v1/subscriptions/${encodeURIComponent(id)}${action ? `/${action}` : ""}`;

/** GET /v1/subscriptions for the customer and status. */
export async function listSubscriptions(
  caller: Caller,
  customerId: string,
  status: SubscriptionListStatus,
): Promise<Subscription[]> {
  const data = await billingRequest<unknown>("/v1/subscriptions", {
    ...caller,
    query: subscriptionListQuery(customerId, status),
  });
  return reshapeSubscriptionList(data);
}

/** PUT /v1/subscriptions/{id}/change_preview */
export async function previewSubscriptionChange(
  caller: Caller,
  id: string,
  change: SubscriptionChange,
): Promise<ChangePreview> {
  const data = await billingRequest<unknown>(subscriptionPath(id, "change_preview"), {
    ...caller,
    method: "PUT",
    body: toChangeBody(change),
  });
  return reshapeChangePreview(data);
}

/** Applies a change: fields only by PUT /v1/subscriptions/{id}, anything else by PUT …/change. */
export async function applySubscriptionChange(
  caller: Caller,
  id: string,
  change: SubscriptionChange,
): Promise<Subscription> {
  const fieldsOnly = isFieldsOnlyChange(change);
  const data = await billingRequest<unknown>(subscriptionPath(id, fieldsOnly ? "" : "change"), {
    ...caller,
    method: "PUT",
    body: fieldsOnly ? { fields: change.fields } : toChangeBody(change),
  });
  return reshapeOneSubscription(data);
}

const cancelDateDto = z.object({
  endDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});

/** GET /v1/subscriptions/{id}/cancel_date: the effective date of a cancellation type. */
export async function requestCancelDate(
  caller: Caller,
  id: string,
  query: CancelDateQuery,
): Promise<string> {
  const data = await billingRequest<unknown>(subscriptionPath(id, "cancel_date"), {
    ...caller,
    query: {
      cancellation_type: query.type,
      cancellation_date: query.type === "specific_date" ? query.date : undefined,
    },
  });
  return parseDto(cancelDateDto, data, "cancel date").endDate;
}

/** PUT /v1/subscriptions/{id}/cancel */
export async function cancelSubscription(
  caller: Caller,
  id: string,
  input: CancelSubscriptionInput,
): Promise<Subscription> {
  const data = await billingRequest<unknown>(subscriptionPath(id, "cancel"), {
    ...caller,
    method: "PUT",
    body: {
      cancellation_date: input.cancellationDate,
      cancellation_type: input.cancellationType,
    },
  });
  return reshapeOneSubscription(data);
}

/** PUT /v1/subscriptions/{id}/reactivate */
export async function reactivateSubscription(caller: Caller, id: string): Promise<Subscription> {
  const data = await billingRequest<unknown>(subscriptionPath(id, "reactivate"), {
    ...caller,
    method: "PUT",
    body: {},
  });
  return reshapeOneSubscription(data);
}

/** GET /v1/plans: one page of the company's catalogue. */
export async function listPlans(caller: Caller, query: PlanQuery): Promise<PlanPage> {
  const data = await billingRequest<unknown>("/v1/plans", {
    ...caller,
    query: planListQuery(query),
  });
  return reshapePlanPage(data);
}

/** GET /v1/plans/{id} */
export async function requestPlan(caller: Caller, id: string): Promise<Plan> {
  const data = await billingRequest<unknown>(`/v1/plans/${encodeURIComponent(id)}`, caller);
  return reshapePlan(data);
}
