import "server-only";
import type {
  CancelPreview,
  ChargePreview,
  PausePreview,
  RetentionOffer,
  RetentionOfferKind,
  SettlingBill,
  Subscription,
} from "@/lib/schemas/subscriptions";
import { billingRequest } from "@/lib/billing/client";
import { parseDto } from "@/lib/billing/dto";
import { reshapeChangePreview, reshapeOneSubscription } from "./reshape";
import {
  chargePreviewDto,
  pausePreviewDto,
  retentionOffersDto,
  type cancelPreviewDto,
} from "./wire";
import type { z } from "zod";

// The /v1 calls of leaving on fair terms (docs/CONTRACT.md §7.1 "Leaving", "Pause and offers"):
// pause and resume with their previews, what reactivating charges, and the offers made to a
// customer about to cancel. A billing API without them answers 404 (the portal configuration
// says so first: the buttons are not shown).

type Caller = { accessToken: string; clientIp?: string };

const subscriptionPath = (id: string, action: string) =>
  `/v1/subscriptions/${encodeURIComponent(id)}/${action}`;

type SettlingDto = z.output<typeof cancelPreviewDto>["final_document"];

/** A settling document in the app's words. */
export const settlingBill = (d: SettlingDto): SettlingBill => ({
  kind: d.kind,
  date: d.date,
  amount: d.amount,
  billsUsage: d.lines.some((l) => l.kind === "usage"),
});

export type { CancelPreview };

async function chargePreview(caller: Caller, id: string, action: string): Promise<ChargePreview> {
  const data = await billingRequest<unknown>(subscriptionPath(id, action), caller);
  const p = parseDto(chargePreviewDto, data, action.replace("_", " "));
  return {
    currency: p.currency,
    chargeNow: { date: p.charge_now.date, amount: p.charge_now.amount },
    nextInvoiceDate: p.next_invoice_date,
  };
}

/** GET /v1/subscriptions/{id}/reactivate_preview */
export const requestReactivatePreview = (caller: Caller, id: string) =>
  chargePreview(caller, id, "reactivate_preview");

/** GET /v1/subscriptions/{id}/resume_preview */
export const requestResumePreview = (caller: Caller, id: string) =>
  chargePreview(caller, id, "resume_preview");

/** GET /v1/subscriptions/{id}/pause_preview?cycles */
export async function requestPausePreview(
  caller: Caller,
  id: string,
  cycles: number,
): Promise<PausePreview> {
  const data = await billingRequest<unknown>(subscriptionPath(id, "pause_preview"), {
    ...caller,
    query: { cycles },
  });
  const p = parseDto(pausePreviewDto, data, "pause preview");
  return {
    cycles: p.cycles,
    pauseStart: p.pause_start,
    resumeDate: p.resume_date,
    currency: p.currency,
    billAtPause: settlingBill(p.bill_at_pause),
    chargeAtResume: { date: p.charge_at_resume.date, amount: p.charge_at_resume.amount },
  };
}

async function put(caller: Caller, path: string, body: object): Promise<Subscription> {
  const data = await billingRequest<unknown>(path, { ...caller, method: "PUT", body });
  return reshapeOneSubscription(data);
}

/** PUT /v1/subscriptions/{id}/pause {cycles} */
export const pauseSubscription = (caller: Caller, id: string, cycles: number) =>
  put(caller, subscriptionPath(id, "pause"), { cycles });

/** PUT /v1/subscriptions/{id}/resume */
export const resumeSubscription = (caller: Caller, id: string) =>
  put(caller, subscriptionPath(id, "resume"), {});

/** GET /v1/subscriptions/{id}/retention_offers: those the portal can read, in order. */
export async function requestRetentionOffers(
  caller: Caller,
  id: string,
): Promise<RetentionOffer[]> {
  const data = await billingRequest<unknown>(subscriptionPath(id, "retention_offers"), caller);
  return parseDto(retentionOffersDto, data, "retention offers").offers.map((o) => ({
    id: o.id,
    kind: o.kind,
    cycles: o.cycles,
    percentOff: o.percent_off,
    resumeDate: o.resume_date,
    planLineId: o.plan_line_id,
    plan: o.plan,
    preview: o.change_preview ? reshapeChangePreview(o.change_preview) : null,
  }));
}

/** PUT /v1/subscriptions/{id}/retention_offers/{offer}/accept */
export const acceptRetentionOffer = (caller: Caller, id: string, offer: RetentionOfferKind) =>
  put(caller, `${subscriptionPath(id, "retention_offers")}/${offer}/accept`, {});
