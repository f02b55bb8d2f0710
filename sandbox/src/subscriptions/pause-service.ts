/**
 * The /v1 pause calls (docs/CONTRACT.md §7.1 "Leaving", sandbox/README.md "Pause and resume") on
 * the bearer's selected customer. Writers run inside the route's transaction.
 */
import type {
  PausePreviewDto,
  ResumePreviewDto,
  SubscriptionDto,
} from "@billing-portal/contract/wire/subscriptions";
import type { AccountScope } from "../account/scope";
import { recordActivity } from "../activity/record";
import type { Queryable } from "../db";
import { companyLeavingPolicy } from "../store/companies";
import { linesBefore } from "./change";
import { toSubscriptionDto } from "./dto";
import { issuePauseBill, issueResumption } from "./issue";
import { chargeNowDto, chargePreviewDto, settlementOf, settlingDocumentDto } from "./leaving";
import { pauseWindow, pendingPause, type PauseWindow } from "./pause";
import { refuse } from "./schemas";
import { load } from "./service";
import { resumeLines } from "./settlement";
import { updateSubscription, type SubscriptionRecord } from "./store";

/** The window of a pause of `cycles` cycles of `s` asked today, or the refusal that stops it. */
async function checkPause(
  q: Queryable,
  scope: AccountScope,
  s: SubscriptionRecord,
  cycles: number,
  today: string,
): Promise<PauseWindow> {
  const { pauseMaxCycles: max } = await companyLeavingPolicy(q, scope.companyId);
  if (max === null) throw refuse("Subscriptions cannot be paused here.");
  if (s.status === "cancelled") throw refuse("A cancelled subscription cannot be paused.");
  if (s.status !== "active") throw refuse("Only an active subscription can be paused.");
  const set = pendingPause(s, today);
  if (set) {
    throw refuse(
      set.start <= today
        ? "This subscription is paused already."
        : `A pause is set already, from ${set.start}.`,
    );
  }
  if (cycles < 1 || cycles > max) {
    throw refuse(`A pause lasts from 1 to ${max} billing cycles.`);
  }
  return pauseWindow(s.start_date, today, cycles);
}

/** GET /v1/subscriptions/{id}/pause_preview?cycles. */
export async function pausePreview(
  q: Queryable,
  scope: AccountScope,
  id: string,
  cycles: number,
  today: string,
): Promise<PausePreviewDto> {
  const s = await load(q, scope, id);
  const w = await checkPause(q, scope, s, cycles, today);
  const bill = await settlementOf(q, s, w.start, today);
  return {
    cycles,
    pause_start: w.start,
    resume_date: w.resume,
    currency: s.currency,
    bill_at_pause: settlingDocumentDto(s, bill),
    charge_at_resume: chargeNowDto(
      s,
      w.resume,
      resumeLines(s.start_date, w.resume, linesBefore(s)),
    ),
  };
}

/** Sets a pause of `cycles` cycles on `s` (checked): billing stops at its start. */
export async function setPause(
  q: Queryable,
  scope: AccountScope,
  s: SubscriptionRecord,
  cycles: number,
  today: string,
): Promise<PauseWindow> {
  const w = await checkPause(q, scope, s, cycles, today);
  await updateSubscription(q, s.id, {
    pause_start: w.start,
    pause_resume: w.resume,
    pause_cycles: cycles,
    paused_on: today,
  });
  return w;
}

/** PUT /v1/subscriptions/{id}/pause {cycles}. */
export async function pauseSubscription(
  q: Queryable,
  scope: AccountScope,
  id: string,
  cycles: number,
  today: string,
  now: number,
): Promise<{ subscription: SubscriptionDto }> {
  const s = await load(q, scope, id, true);
  const w = await setPause(q, scope, s, cycles, today);
  await recordActivity(q, scope, {
    kind: "subscription.paused",
    actor: scope.actor,
    subjectId: s.id,
    details: { subscription_name: s.name, cycles, pause_start: w.start, resume_date: w.resume },
    at: now,
  });
  return { subscription: toSubscriptionDto(await load(q, scope, id), scope.companyId, today) };
}

/**
 * What resuming today does: a pause that has begun ends today and each recurring line's period
 * from today is charged; one that has not begun is called off, charging nothing.
 */
function resumptionOf(s: SubscriptionRecord, today: string) {
  const pause = pendingPause(s, today);
  if (!pause) throw refuse("This subscription is not paused.");
  const begun = pause.start <= today;
  const lines = begun ? resumeLines(s.start_date, today, linesBefore(s)) : [];
  return { pause, begun, lines };
}

/** GET /v1/subscriptions/{id}/resume_preview. */
export async function resumePreview(
  q: Queryable,
  scope: AccountScope,
  id: string,
  today: string,
): Promise<ResumePreviewDto> {
  const s = await load(q, scope, id);
  return chargePreviewDto(s, today, resumptionOf(s, today).lines);
}

/** PUT /v1/subscriptions/{id}/resume. */
export async function resumeSubscription(
  q: Queryable,
  scope: AccountScope,
  id: string,
  today: string,
  now: number,
): Promise<{ subscription: SubscriptionDto }> {
  const s = await load(q, scope, id, true);
  const r = resumptionOf(s, today);
  if (r.begun) {
    // The bill the pause left is due on its first day, whether or not the clock has issued it.
    await issuePauseBill(q, s);
    await issueResumption(q, s, today, r.lines, "resumed");
    await updateSubscription(q, s.id, { pause_resume: today });
  } else {
    await updateSubscription(q, s.id, {
      pause_start: null,
      pause_resume: null,
      pause_cycles: null,
      paused_on: null,
    });
  }
  await recordActivity(q, scope, {
    kind: "subscription.resumed",
    actor: scope.actor,
    subjectId: s.id,
    details: {
      subscription_name: s.name,
      before: { pause_start: r.pause.start, resume_date: r.pause.resume },
      after: { resume_date: r.begun ? today : null },
    },
    at: now,
  });
  return { subscription: toSubscriptionDto(await load(q, scope, id), scope.companyId, today) };
}
