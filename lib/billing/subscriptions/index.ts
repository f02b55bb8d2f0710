import "server-only";
import { containsRegex } from "@/lib/lists/filter-options";
import {
  isFieldsOnlyChange,
  type CancelDateQuery,
  type CancelPreview,
  type CancelSubscriptionInput,
  type ChangePreview,
  type FieldValue,
  type Plan,
  type PlanPage,
  type PlanQuery,
  type Subscription,
  type SubscriptionChange,
  type SubscriptionListStatus,
} from "@/lib/schemas/subscriptions";
import { billingRequest, type QueryValue } from "@/lib/billing/client";
import { parseDto } from "@/lib/billing/dto";
import {
  reshapeChangePreview,
  reshapeOneSubscription,
  reshapePlan,
  reshapePlanPage,
  reshapeSubscriptionList,
} from "./reshape";
import { settlingBill } from "./leaving";
import { cancelDateDto, cancelPreviewDto } from "./wire";

// The /v1 calls of subscriptions and plans (docs/CONTRACT.md §7.1), answered in the app's shapes
// of lib/schemas/subscriptions.ts: the wire schemas (wire.ts) and reshapes (reshape.ts) stay
// inside this folder.

export {
  acceptRetentionOffer,
  pauseSubscription,
  requestPausePreview,
  requestReactivatePreview,
  requestResumePreview,
  requestRetentionOffers,
  resumeSubscription,
} from "./leaving";

// The reshapes were this module's exports before the split; they stay importable from here.
export {
  reshapeChangePreview,
  reshapeFields,
  reshapeOneSubscription,
  reshapePlan,
  reshapePlanPage,
  reshapeSubscription,
  reshapeSubscriptionList,
} from "./reshape";

type Caller = { accessToken: string; clientIp?: string };

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

/** The billing API's query of a cancellation choice (cancel_date and cancel_preview). */
const cancelQuery = (query: CancelDateQuery) => ({
  cancellation_type: query.type,
  cancellation_date: query.type === "specific_date" ? query.date : undefined,
});

/** GET /v1/subscriptions/{id}/cancel_date: the effective date of a cancellation type. */
export async function requestCancelDate(
  caller: Caller,
  id: string,
  query: CancelDateQuery,
): Promise<string> {
  const data = await billingRequest<unknown>(subscriptionPath(id, "cancel_date"), {
    ...caller,
    query: cancelQuery(query),
  });
  return parseDto(cancelDateDto, data, "cancel date").endDate;
}

/**
 * GET /v1/subscriptions/{id}/cancel_preview: a cancellation's dates and its last bill. A billing
 * API without it answers 404 (the dialog then shows the dates alone).
 */
export async function requestCancelPreview(
  caller: Caller,
  id: string,
  query: CancelDateQuery,
): Promise<CancelPreview> {
  const data = await billingRequest<unknown>(subscriptionPath(id, "cancel_preview"), {
    ...caller,
    query: cancelQuery(query),
  });
  const p = parseDto(cancelPreviewDto, data, "cancel preview");
  return {
    effectiveDate: p.effective_date,
    lastActiveDay: p.last_active_day,
    currency: p.currency,
    finalDocument: settlingBill(p.final_document),
  };
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
      ...(input.reasonCode && { reason_code: input.reasonCode }),
      ...(input.reasonText && { reason_text: input.reasonText }),
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
