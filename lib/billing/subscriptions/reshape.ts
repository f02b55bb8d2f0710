import "server-only";
import type { z } from "zod";
import {
  FIELD_TYPES,
  PRICING_MODELS,
  SUBSCRIPTION_STATUSES,
  type ChangePreview,
  type FieldType,
  type FieldValue,
  type Plan,
  type PlanCharge,
  type PlanPage,
  type PricingModel,
  type Subscription,
  type SubscriptionAction,
  type SubscriptionCharge,
  type SubscriptionField,
  type SubscriptionPlan,
  type SubscriptionStatus,
  isIsoDay,
} from "@/lib/schemas/subscriptions";
import { parseDto } from "@/lib/billing/dto";
import { BillingApiError } from "@/lib/billing/errors";
import {
  DEFAULT_CURRENCY,
  LINE_ID,
  MAX_LINES,
  actionDto,
  billingPeriod,
  changePreviewDto,
  fieldDto,
  onePlanDto,
  oneSubscriptionDto,
  planDto,
  planPageDto,
  subscriptionListDto,
  token,
  type planChargeDto,
} from "./wire";

// The reshapes of subscriptions and plans (docs/CONTRACT.md §7.1) into the app's shapes of
// lib/schemas/subscriptions.ts. A subscription is a bag of field objects whose keys the upstream
// chooses, so it is read key by key: a malformed field drops only itself, and a subscription, plan
// line or charge line without a usable id drops only itself (nothing could act on it).

const MAX_FIELDS = 200;

// ——— Field objects ———

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

/** A field's value as a real YYYY-MM-DD day, or null. */
function dayOf(fields: readonly SubscriptionField[], key: string): string | null {
  const value = valueOf(fields, key);
  return typeof value === "string" && isIsoDay(value) ? value : null;
}

function pricingModel(value: FieldValue | undefined, usageBased: boolean): PricingModel {
  const model = token(value);
  if ((PRICING_MODELS as readonly string[]).includes(model)) return model as PricingModel;
  return usageBased ? "usage_based" : "flat";
}

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
  const pauseStart = dayOf(fields, "pause_start");
  const resumeDate = dayOf(fields, "resume_date");
  return {
    id,
    status,
    currency: /^[A-Z]{3}$/.test(currency) ? currency : DEFAULT_CURRENCY,
    pause: pauseStart && resumeDate ? { start: pauseStart, resumeDate } : null,
    fields,
    actions: reshapeActions(raw.actions),
    plans: linesOf(raw.plans).flatMap((p) => reshapePlanEntry(p) ?? []),
  };
}

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
  return reshapePlanDto(parseDto(onePlanDto, data, "plan").data);
}
