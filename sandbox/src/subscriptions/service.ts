/**
 * The /v1 subscription calls (docs/CONTRACT.md §7.1) on the bearer's selected customer: another
 * customer's subscription is not found. Writers run inside the route's transaction.
 */
import type { AccountScope } from "../account/scope";
import type { Queryable } from "../db";
import { notFound } from "../http";
import { cancelEndDate, checkCancellationDate } from "./cancel";
import { linesAfter, linesBefore, resolveChange, type ResolvedChange } from "./change";
import { recordChange } from "./activity";
import { toSubscriptionDto } from "./dto";
import { recordActivity } from "../activity/record";
import { validateFieldEdits } from "./field-edits";
import { parseTextFilters, textFilter } from "./filters";
import { findSettlement, issueProration, issueResumption, issueSettlement } from "./issue";
import { cancelPreviewDto, chargePreviewDto, settlementOf } from "./leaving";
import { pendingPause } from "./pause";
import { resumeLines } from "./settlement";
import { findPlans } from "./plans";
import { billingCycle, computePreview, previousCycle, type LineUsage } from "./preview";
import { cancellationType, refuse, type ChangeBody, type UpdateBody } from "./schemas";
import {
  deletePlanLine,
  findSubscription,
  insertPlanLine,
  listSubscriptions,
  setChargeQuantity,
  lineUsage,
  updateSubscription,
  type SubscriptionRecord,
} from "./store";
import type { ChangePreviewDto, SubscriptionDto } from "./types";
import {
  MAX_CANCEL_REASON_TEXT,
  type CancelPreviewDto,
  type ReactivatePreviewDto,
} from "@billing-portal/contract/wire/subscriptions";
import { companyCancelReasons } from "../store/companies";

const STATUS_FILTER = [textFilter("status", "status", true)];

const subscriptionNotFound = () => notFound("Subscription not found");

export async function load(
  q: Queryable,
  scope: AccountScope,
  id: string,
  forUpdate = false,
): Promise<SubscriptionRecord> {
  const s = await findSubscription(q, scope.customerId, id, forUpdate);
  if (!s) throw subscriptionNotFound();
  return s;
}

/**
 * A paused subscription, or one with a pause set, is changed or cancelled once resumed (or the
 * pause called off): each of those bills against the calendar the pause rewrote.
 */
function refuseWhilePaused(s: SubscriptionRecord, today: string): void {
  const pause = pendingPause(s, today);
  if (!pause) return;
  throw refuse(
    pause.start <= today
      ? "This subscription is paused: resume it first."
      : `A pause is set from ${pause.start}: call it off first.`,
  );
}

/** GET /v1/subscriptions: customer_id (when given) must name the selected customer, by id or number. */
export async function listForCustomer(
  q: Queryable,
  scope: AccountScope,
  query: URLSearchParams,
  today: string,
): Promise<{ subscriptions: SubscriptionDto[] }> {
  const asked = query.get("customer_id");
  if (asked !== null && asked !== scope.customerId) {
    const [own] = await q.query<{ customer_id: string }>(
      "SELECT customer_id FROM customers WHERE id = $1",
      [scope.customerId],
    );
    if (own?.customer_id !== asked) throw notFound("Customer not found");
  }
  const filters = parseTextFilters("subscriptions", STATUS_FILTER, query);
  const rows = await listSubscriptions(q, scope.customerId, filters);
  return { subscriptions: rows.map((s) => toSubscriptionDto(s, scope.companyId, today)) };
}

async function reload(q: Queryable, scope: AccountScope, id: string, today: string) {
  return toSubscriptionDto(await load(q, scope, id), scope.companyId, today);
}

/** PUT /v1/subscriptions/{id}: editable fields of an active subscription. */
export async function updateFields(
  q: Queryable,
  scope: AccountScope,
  id: string,
  body: UpdateBody,
  today: string,
): Promise<{ subscription: SubscriptionDto }> {
  const s = await load(q, scope, id, true);
  if (s.status !== "active") throw refuse("Only an active subscription can be changed.");
  refuseWhilePaused(s, today);
  if (Object.keys(body.fields).length === 0) throw refuse("There is nothing to change.");
  await updateSubscription(q, s.id, validateFieldEdits(scope.companyId, body.fields));
  return { subscription: await reload(q, scope, id, today) };
}

async function resolve(
  q: Queryable,
  scope: AccountScope,
  s: SubscriptionRecord,
  body: ChangeBody,
): Promise<ResolvedChange> {
  const ids = (body.add_plans ?? []).map((a) => a.plan_id);
  return resolveChange(s, scope.companyId, body, await findPlans(q, scope.companyId, ids));
}

async function previewOf(
  q: Queryable,
  s: SubscriptionRecord,
  change: ResolvedChange,
  today: string,
): Promise<ChangePreviewDto> {
  const cycle = billingCycle(s.start_date, today);
  const previous = previousCycle(s.start_date, today);
  const usage = new Map<string, LineUsage>();
  for (const line of s.plans.flatMap((p) => p.charges)) {
    if (line.pricing_model !== "usage_based") continue;
    const used = (from: string, to: string) => lineUsage(q, s, line, from, to);
    usage.set(line.id, {
      previous: await used(previous.start, previous.end),
      current: await used(cycle.start, cycle.end),
    });
  }
  return computePreview({
    startDate: s.start_date,
    currency: s.currency,
    today,
    before: linesBefore(s),
    after: linesAfter(s, change),
    usage,
  });
}

/** PUT /v1/subscriptions/{id}/change_preview: what the change would bill; nothing is written. */
export async function previewChange(
  q: Queryable,
  scope: AccountScope,
  id: string,
  body: ChangeBody,
  today: string,
): Promise<ChangePreviewDto> {
  const s = await load(q, scope, id);
  return previewOf(q, s, await resolve(q, scope, s, body), today);
}

/**
 * PUT /v1/subscriptions/{id}/change: applies the change; answers it and its preview. `now` stamps
 * its activity entries; null records none (an accepted offer records itself).
 */
export async function applyChange(
  q: Queryable,
  scope: AccountScope,
  id: string,
  body: ChangeBody,
  today: string,
  now: number | null,
): Promise<{ subscription: SubscriptionDto; preview: ChangePreviewDto }> {
  const s = await load(q, scope, id, true);
  refuseWhilePaused(s, today);
  const change = await resolve(q, scope, s, body);
  const preview = await previewOf(q, s, change, today);
  // The change bills its proration now: an invoice, or a credit note that applies to the next ones.
  await issueProration(q, s, today, Math.round(preview.current_invoice.invoice_amount * 100));
  await updateSubscription(q, s.id, change.fields);
  for (const [lineId, quantity] of change.quantities) await setChargeQuantity(q, lineId, quantity);
  for (const planLineId of change.removals) await deletePlanLine(q, planLineId);
  for (const a of change.additions) await insertPlanLine(q, s.id, a.plan.id, a.charges);
  if (now !== null) await recordChange(q, scope, s, change, now);
  return { subscription: await reload(q, scope, id, today), preview };
}

/** GET /v1/subscriptions/{id}/cancel_date: the effective date of a cancellation of this type. */
export async function cancelDate(
  q: Queryable,
  scope: AccountScope,
  id: string,
  query: { cancellation_type?: string; cancellation_date?: string },
  today: string,
): Promise<{ endDate: string }> {
  const s = await load(q, scope, id);
  const type = cancellationType(query.cancellation_type);
  return { endDate: cancelEndDate(s, type, today, query.cancellation_date) };
}

/** GET /v1/subscriptions/{id}/cancel_preview: the last active day and the last bill. */
export async function cancelPreview(
  q: Queryable,
  scope: AccountScope,
  id: string,
  query: { cancellation_type?: string; cancellation_date?: string },
  today: string,
): Promise<CancelPreviewDto> {
  const s = await load(q, scope, id);
  if (s.status !== "active") throw refuse("Only an active subscription can be cancelled.");
  refuseWhilePaused(s, today);
  const type = cancellationType(query.cancellation_type);
  const effective = cancelEndDate(s, type, today, query.cancellation_date);
  return cancelPreviewDto(s, effective, await settlementOf(q, s, effective, today));
}

/** A reason code of the company's list, and free text of at most 500 characters; both optional. */
async function checkReason(
  q: Queryable,
  scope: AccountScope,
  body: { reason_code?: string | null; reason_text?: string | null },
): Promise<{ code: string | null; text: string | null }> {
  const text = body.reason_text?.trim() || null;
  if (text !== null && [...text].length > MAX_CANCEL_REASON_TEXT) {
    throw refuse(`A reason may be at most ${MAX_CANCEL_REASON_TEXT} characters long.`);
  }
  const code = body.reason_code?.trim() || null;
  const offered: readonly string[] = await companyCancelReasons(q, scope.companyId);
  if (code !== null && !offered.includes(code)) {
    throw refuse("This reason is not one of the company's.");
  }
  return { code, text };
}

/**
 * PUT /v1/subscriptions/{id}/cancel: cancelled from the given (effective) date, with the reason
 * given. Its last bill is issued now when that date has come, else on it (closeCycles).
 */
export async function cancelSubscription(
  q: Queryable,
  scope: AccountScope,
  id: string,
  body: {
    cancellation_date?: string | null;
    cancellation_type?: string | null;
    reason_code?: string | null;
    reason_text?: string | null;
  },
  today: string,
  now: number,
): Promise<{ subscription: SubscriptionDto }> {
  const s = await load(q, scope, id, true);
  if (s.status === "cancelled") throw refuse("This subscription is already cancelled.");
  refuseWhilePaused(s, today);
  const type =
    body.cancellation_type === undefined || body.cancellation_type === null
      ? null
      : cancellationType(body.cancellation_type);
  const date = checkCancellationDate(s, body.cancellation_date, today);
  const reason = await checkReason(q, scope, body);
  await updateSubscription(q, s.id, {
    status: "cancelled",
    cancellation_date: date,
    cancellation_type: type,
    cancellation_reason_code: reason.code,
    cancellation_reason_text: reason.text,
    cancelled_on: today,
  });
  if (date <= today) await issueSettlement(q, s, date, await settlementOf(q, s, date, today));
  await recordActivity(q, scope, {
    kind: "subscription.cancelled",
    actor: scope.actor,
    subjectId: s.id,
    details: {
      subscription_name: s.name,
      cancellation_type: type,
      effective_date: date,
      reason_code: reason.code,
    },
    at: now,
  });
  return { subscription: await reload(q, scope, id, today) };
}

/**
 * What reactivating charges now: nothing while the cancellation has not taken effect (it is
 * undone); else each recurring line's current period from today, as a change would prorate it.
 */
async function reactivationOf(q: Queryable, s: SubscriptionRecord, today: string) {
  const effective = s.cancellation_date;
  const settled = effective !== null && (await findSettlement(q, s, effective)) !== null;
  const lines = settled ? resumeLines(s.start_date, today, linesBefore(s)) : [];
  return { settled, lines, total: lines.reduce((a, l) => a + l.amount, 0) };
}

/** GET /v1/subscriptions/{id}/reactivate_preview. */
export async function reactivatePreview(
  q: Queryable,
  scope: AccountScope,
  id: string,
  today: string,
): Promise<ReactivatePreviewDto> {
  const s = await load(q, scope, id);
  if (s.status !== "cancelled") throw refuse("Only a cancelled subscription can be reactivated.");
  return chargePreviewDto(s, today, (await reactivationOf(q, s, today)).lines);
}

/**
 * PUT /v1/subscriptions/{id}/reactivate: a cancelled subscription is active again. One whose
 * cancellation had taken effect is invoiced now for its recurring lines from today, and its usage
 * bills from today.
 */
export async function reactivateSubscription(
  q: Queryable,
  scope: AccountScope,
  id: string,
  today: string,
  now: number,
): Promise<{ subscription: SubscriptionDto }> {
  const s = await load(q, scope, id, true);
  if (s.status !== "cancelled") throw refuse("Only a cancelled subscription can be reactivated.");
  const r = await reactivationOf(q, s, today);
  if (r.settled) await issueResumption(q, s, today, r.lines, "reactivated");
  await updateSubscription(q, s.id, {
    status: "active",
    cancellation_date: null,
    cancellation_type: null,
    cancellation_reason_code: null,
    cancellation_reason_text: null,
    cancelled_on: null,
    ...(r.settled && { billing_resumed_on: today }),
  });
  await recordActivity(q, scope, {
    kind: "subscription.reactivated",
    actor: scope.actor,
    subjectId: s.id,
    details: {
      subscription_name: s.name,
      before: { status: "cancelled", cancellation_date: s.cancellation_date },
      after: { status: "active" },
    },
    at: now,
  });
  return { subscription: await reload(q, scope, id, today) };
}
