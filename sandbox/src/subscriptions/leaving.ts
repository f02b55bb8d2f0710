/**
 * A cancellation's last bill with the usage recorded so far (settlement.ts priced from the
 * database), and the preview the portal shows before the customer confirms.
 */
import { addDays } from "@billing-portal/contract/calendar/sums";
import type {
  CancelPreviewDto,
  ReactivatePreviewDto,
} from "@billing-portal/contract/wire/subscriptions";
import type { Queryable } from "../db";
import { linesBefore } from "./change";
import { settle, usageWindow, type ResumeLine, type Settlement } from "./settlement";
import { billingCycle } from "./preview";
import { lineUsage, type SubscriptionRecord } from "./store";

/** The last bill of cancelling `s` effective on `effective`, decided on `decidedOn`. */
export async function settlementOf(
  q: Queryable,
  s: SubscriptionRecord,
  effective: string,
  decidedOn: string,
): Promise<Settlement> {
  const window = usageWindow(s.start_date, decidedOn, effective);
  const usage = new Map<string, number>();
  if (window) {
    for (const line of s.plans.flatMap((p) => p.charges)) {
      if (line.pricing_model !== "usage_based") continue;
      usage.set(line.id, await lineUsage(q, s, line, window.start, window.end));
    }
  }
  return settle({
    startDate: s.start_date,
    today: decidedOn,
    effective,
    lines: linesBefore(s),
    usage: (l) => usage.get(l.key) ?? 0,
  });
}

const money = (cents: number) => cents / 100;

const chargeNames = (s: SubscriptionRecord) =>
  new Map(
    s.plans.flatMap((p) => p.charges.map((c) => [c.id, { plan: p.plan_name, name: c.name }])),
  );

/** A settling bill as previews answer it (CancelPreview's final_document). */
export function settlingDocumentDto(
  s: SubscriptionRecord,
  settlement: Settlement,
): CancelPreviewDto["final_document"] {
  const names = chargeNames(s);
  return {
    kind: settlement.total > 0 ? "invoice" : settlement.total < 0 ? "credit_note" : "none",
    date: settlement.date,
    amount: money(settlement.total),
    lines: settlement.lines.map((l) => ({
      charge_line_id: l.key,
      plan_name: names.get(l.key)?.plan ?? "",
      charge_name: names.get(l.key)?.name ?? "",
      kind: l.kind,
      period: { start: l.period.start, end: addDays(l.period.end, -1) },
      quantity: l.quantity,
      amount: money(l.amount),
    })),
  };
}

/** The preview of a cancellation: its days and its last bill, line by line. */
export function cancelPreviewDto(
  s: SubscriptionRecord,
  effective: string,
  settlement: Settlement,
): CancelPreviewDto {
  return {
    effective_date: effective,
    last_active_day: addDays(effective, -1),
    currency: s.currency,
    final_document: settlingDocumentDto(s, settlement),
  };
}

/** What billing starting again today charges at once, and the close of today's cycle. */
export function chargePreviewDto(
  s: SubscriptionRecord,
  today: string,
  lines: ResumeLine[],
): ReactivatePreviewDto {
  return {
    currency: s.currency,
    charge_now: chargeNowDto(s, today, lines),
    next_invoice_date: billingCycle(s.start_date, today).end,
  };
}

/** What billing starting again on `day` charges at once, as previews answer it. */
export function chargeNowDto(
  s: SubscriptionRecord,
  day: string,
  lines: ResumeLine[],
): ReactivatePreviewDto["charge_now"] {
  const names = chargeNames(s);
  return {
    date: day,
    amount: money(lines.reduce((a, l) => a + l.amount, 0)),
    lines: lines.map((l) => ({
      charge_line_id: l.key,
      plan_name: names.get(l.key)?.plan ?? "",
      charge_name: names.get(l.key)?.name ?? "",
      period: { start: l.period.start, end: addDays(l.period.end, -1) },
      amount: money(l.amount),
    })),
  };
}
