/**
 * The invoices and credit notes the sandbox issues (sandbox/README.md "Period estimate and
 * invoices"): the invoice that closes a subscription's cycle, priced by the preview's
 * `invoiceLinesAt` exactly as the estimate projects it, with the customer's open credits applied;
 * and the proration a change bills now (the preview's current_invoice): an invoice, or a credit
 * note when it is negative.
 */
import { addDays } from "@billing-portal/contract/calendar/sums";
import type { Queryable } from "../db";
import { easternInstant } from "../lists/business-day";
import { periodContaining, PERIOD_MONTHS, type Period } from "./calendar";
import { linesBefore } from "./change";
import { allocateCredits, openCredits } from "./credits";
import { discountCents, discountOn } from "./discounts";
import { cycleUsage } from "./period-service";
import { billingCycle, invoiceLinesAt } from "./preview";
import { settlementOf } from "./leaving";
import { pauseOf } from "./pause";
import { resumeLines, type ResumeLine, type Settlement } from "./settlement";
import { listSubscriptions, type SubscriptionRecord } from "./store";

/** Days from an issued invoice's date to its due date. */
export const PAYMENT_TERMS_DAYS = 30;

export type IssuedInvoice = {
  id: string;
  subscription_id: string;
  invoice_date: string;
  period: Period;
  invoice_amount: number;
  credits_applied: number;
  balance: number;
};

type LineRow = {
  charge_line_id: string | null;
  description: string;
  quantity: number | null;
  amount: number;
  period: Period | null;
};

async function nextDocumentId(q: Queryable, prefix: "INV-" | "CR-"): Promise<string> {
  const [row] = await q.query<{ n: string }>("SELECT nextval('issued_document_seq')::text AS n");
  return `${prefix}${row?.n ?? "0"}`;
}

/** Marks the usage of `refs` recorded in `window` as billed by invoice `id`, dated `day`. */
async function markUsageInvoiced(
  q: Queryable,
  s: SubscriptionRecord,
  refs: string[],
  id: string,
  day: string,
  window: Period,
): Promise<void> {
  await q.query(
    `UPDATE usages SET invoiced = true, invoice_id = $1, invoice_date = $2::date,
            billing_start_date = $3::date, billing_end_date = $4::date, updated_date = $5
      WHERE customer_id = $6 AND subscription_id = $7 AND charge_id = ANY($8::text[])
        AND date >= $3::date AND date < $9::date AND NOT invoiced`,
    [
      id,
      day,
      window.start,
      addDays(window.end, -1),
      easternInstant(day, 6 * 3600).toISOString(),
      s.customer_id,
      s.id,
      refs,
      window.end,
    ],
  );
}

/** Inserts an invoice and its lines; applies open credits; answers its id, credits and balance. */
async function insertInvoice(
  q: Queryable,
  s: SubscriptionRecord,
  day: string,
  lines: LineRow[],
): Promise<{ id: string; total: number; credited: number }> {
  const id = await nextDocumentId(q, "INV-");
  const total = lines.reduce((a, l) => a + l.amount, 0);
  const [uses = []] = allocateCredits(await openCredits(q, s.customer_id), [
    { key: id, currency: s.currency, total },
  ]).values();
  const credited = uses.reduce((a, u) => a + u.amount, 0);
  const stamp = easternInstant(day, 6 * 3600).toISOString();
  await q.query(
    `INSERT INTO invoices (id, customer_id, invoice_date, due_date, invoice_amount, balance, status,
                           currency, created_date, updated_date)
     VALUES ($1, $2, $3::date, $4::date, $5, $6, $7, $8, $9, $9)`,
    [
      id,
      s.customer_id,
      day,
      addDays(day, PAYMENT_TERMS_DAYS),
      (total / 100).toFixed(2),
      ((total - credited) / 100).toFixed(2),
      total - credited === 0 ? "Paid" : "Posted",
      s.currency,
      stamp,
    ],
  );
  for (const [i, l] of lines.entries()) {
    await q.query(
      `INSERT INTO invoice_lines (invoice_id, position, subscription_id, charge_line_id, description,
                                  quantity, amount, period_start, period_end)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::date, $9::date)`,
      [
        id,
        i + 1,
        s.id,
        l.charge_line_id,
        l.description,
        l.quantity,
        (l.amount / 100).toFixed(2),
        l.period?.start ?? null,
        l.period ? addDays(l.period.end, -1) : null,
      ],
    );
  }
  for (const u of uses) {
    await q.query(
      `UPDATE credits SET unapplied_amount = unapplied_amount - $2, updated_date = $3 WHERE id = $1`,
      [u.creditId, (u.amount / 100).toFixed(2), stamp],
    );
    await q.query(
      "INSERT INTO credit_applications (credit_id, invoice_id, amount) VALUES ($1, $2, $3)",
      [u.creditId, id, (u.amount / 100).toFixed(2)],
    );
  }
  return { id, total, credited };
}

/**
 * Issues the invoice that closes `s`'s cycle ending on `day` (its first day is the cycle's start),
 * unless one was issued already or it would bill nothing. Marks the cycle's usage invoiced.
 */
export async function issuePeriodInvoice(
  q: Queryable,
  s: SubscriptionRecord,
  day: string,
): Promise<IssuedInvoice | null> {
  const cycle = billingCycle(s.start_date, addDays(day, -1));
  const [done] = await q.query(
    "SELECT 1 FROM period_invoices WHERE subscription_id = $1 AND cycle_start = $2::date",
    [s.id, cycle.start],
  );
  if (done) return null;
  const usage = await cycleUsage(q, s, cycle);
  const priced = invoiceLinesAt(s.start_date, linesBefore(s), day, (l) => usage.get(l.key) ?? 0);
  const lines: LineRow[] = [];
  for (const p of s.plans) {
    for (const c of p.charges) {
      const amount = priced.get(c.id);
      if (amount === undefined) continue;
      const usageBased = c.pricing_model === "usage_based";
      lines.push({
        charge_line_id: c.id,
        description: `${p.plan_name}: ${c.name}`,
        quantity: usageBased ? (usage.get(c.id) ?? 0) : c.quantity,
        amount,
        period: usageBased
          ? cycle
          : periodContaining(s.start_date, PERIOD_MONTHS[c.billing_period], day),
      });
    }
  }
  const percent = await discountOn(q, s, day);
  const discount = discountCents(
    lines.reduce((a, l) => a + l.amount, 0),
    percent,
  );
  if (discount !== 0) {
    const description = `${s.name}: ${percent}% discount`;
    lines.push({
      charge_line_id: null,
      description,
      quantity: null,
      amount: discount,
      period: null,
    });
  }
  if (lines.every((l) => l.amount === 0)) return null;
  const { id, total, credited } = await insertInvoice(q, s, day, lines);
  await q.query(
    "INSERT INTO period_invoices (subscription_id, cycle_start, invoice_id) VALUES ($1, $2::date, $3)",
    [s.id, cycle.start, id],
  );
  const refs = s.plans.flatMap((p) => p.charges).flatMap((c) => c.usage_charge_ref ?? []);
  if (refs.length > 0) {
    await markUsageInvoiced(q, s, refs, id, day, { start: cycle.start, end: day });
  }
  return {
    id,
    subscription_id: s.id,
    invoice_date: day,
    period: cycle,
    invoice_amount: total / 100,
    credits_applied: credited / 100,
    balance: (total - credited) / 100,
  };
}

/**
 * The proration a change bills on `day` (cents): an invoice when positive, a credit note when
 * negative (it applies to the next invoices), nothing at zero. Answers the document's id.
 */
export async function issueProration(
  q: Queryable,
  s: SubscriptionRecord,
  day: string,
  amount: number,
): Promise<string | null> {
  if (amount === 0) return null;
  const description = `${s.name}: change on ${day}, prorated`;
  if (amount > 0) {
    const line = { charge_line_id: null, description, quantity: null, amount, period: null };
    return (await insertInvoice(q, s, day, [line])).id;
  }
  return insertCreditNote(q, s, day, -amount);
}

/** A credit note of `amount` cents (above 0) for `s`, dated `day`; it applies to the next invoices. */
async function insertCreditNote(
  q: Queryable,
  s: SubscriptionRecord,
  day: string,
  amount: number,
): Promise<string> {
  const id = await nextDocumentId(q, "CR-");
  const credit = (amount / 100).toFixed(2);
  const stamp = easternInstant(day, 6 * 3600).toISOString();
  await q.query(
    `INSERT INTO credits (id, customer_id, credit_date, credit_amount, unapplied_amount, currency,
                          reference_number, status, created_date, updated_date)
     VALUES ($1, $2, $3::date, $4, $4, $5, $6, 'Processed', $7, $7)`,
    [id, s.customer_id, day, credit, s.currency, s.id, stamp],
  );
  return id;
}

/** What a settling bill closes: a cancellation, or the billing before a pause. */
export type SettlementKind = "cancel" | "pause";

/** The settling bill of `s`'s cancellation (or pause) effective on `effective`, if issued. */
export async function findSettlement(
  q: Queryable,
  s: Pick<SubscriptionRecord, "id">,
  effective: string,
  kind: SettlementKind = "cancel",
): Promise<{ document_id: string | null; issued_on: string } | null> {
  const [row] = await q.query<{ document_id: string | null; issued_on: string }>(
    `SELECT document_id, issued_on::text AS issued_on FROM subscription_settlements
      WHERE subscription_id = $1 AND effective_date = $2::date AND kind = $3`,
    [s.id, effective, kind],
  );
  return row ?? null;
}

/**
 * Issues the last bill of `s`'s cancellation effective on `effective` (settlement.ts), or the bill
 * a pause beginning then leaves, once: an invoice of its lines when it comes to more than 0, a
 * credit note when less, nothing at 0. The usage it bills is marked invoiced. Answers its id.
 */
export async function issueSettlement(
  q: Queryable,
  s: SubscriptionRecord,
  effective: string,
  settlement: Settlement,
  kind: SettlementKind = "cancel",
): Promise<string | null> {
  if (await findSettlement(q, s, effective, kind)) return null;
  const unused = kind === "pause" ? "paused days credited" : "unused days credited";
  const charges = new Map(
    s.plans.flatMap((p) => p.charges.map((c) => [c.id, { plan: p.plan_name, charge: c }] as const)),
  );
  let id: string | null = null;
  if (settlement.total > 0) {
    const lines: LineRow[] = settlement.lines.map((l) => {
      const found = charges.get(l.key);
      const name = found ? `${found.plan}: ${found.charge.name}` : l.key;
      return {
        charge_line_id: found ? l.key : null,
        description: l.kind === "usage" ? name : `${name}: ${unused}`,
        quantity: l.quantity,
        amount: l.amount,
        period: l.period,
      };
    });
    id = (await insertInvoice(q, s, settlement.date, lines)).id;
  } else if (settlement.total < 0) {
    id = await insertCreditNote(q, s, settlement.date, -settlement.total);
  }
  const usage = settlement.lines.filter((l) => l.kind === "usage");
  const refs = usage.flatMap((l) => charges.get(l.key)?.charge.usage_charge_ref ?? []);
  const window = usage[0]?.period;
  if (id && settlement.total > 0 && window && refs.length > 0) {
    await markUsageInvoiced(q, s, refs, id, settlement.date, window);
  }
  await q.query(
    `INSERT INTO subscription_settlements (subscription_id, effective_date, document_id, issued_on, kind)
     VALUES ($1, $2::date, $3, $4::date, $5)`,
    [s.id, effective, id, settlement.date, kind],
  );
  return id;
}

/** What closes on a day of a subscription's calendar. */
type Closing = { s: SubscriptionRecord; day: string; kind: "cycle" | "last" | "pause" | "resume" };

/** The closings of `s` in (from, to]: its cycles, its last bill, a pause's first and last days. */
function closingsOf(s: SubscriptionRecord, from: string, to: string): Closing[] {
  const ends =
    s.status === "cancelled" && s.cancelled_on !== null && s.cancellation_date !== null
      ? s.cancellation_date
      : null;
  if (s.status !== "active" && (ends === null || ends <= from)) return [];
  const pause = pauseOf(s);
  const out: Closing[] = [];
  for (let day = billingCycle(s.start_date, from).end; day <= to;) {
    if (ends !== null && day >= ends) break;
    if (pause && day === pause.start) out.push({ s, day, kind: "pause" });
    else if (pause && day === pause.resume) out.push({ s, day, kind: "resume" });
    else if (!(pause && pause.start < day && day < pause.resume))
      out.push({ s, day, kind: "cycle" });
    day = billingCycle(s.start_date, day).end;
  }
  if (ends !== null && ends <= to) out.push({ s, day: ends, kind: "last" });
  return out;
}

/**
 * Moves the customer's billing day from `from` to `to`, issuing every period invoice of its active
 * subscriptions whose cycle closes in (from, to], by day and then subscription id (the order the
 * estimate applies credits in). A cancelled subscription bills its cycles that close before its
 * effective date, and on that date its last bill (settlement.ts) in their place. A paused one
 * bills its pause's first day (the bill a pause leaves) and last (its resumption), nothing between.
 */
export async function closeCycles(
  q: Queryable,
  customerId: string,
  from: string,
  to: string,
): Promise<IssuedInvoice[]> {
  const all = await listSubscriptions(q, customerId, []);
  const closings = all.flatMap((s) => closingsOf(s, from, to));
  closings.sort((a, b) => a.day.localeCompare(b.day) || a.s.id.localeCompare(b.s.id));
  const issued: IssuedInvoice[] = [];
  for (const { s, day, kind } of closings) {
    if (kind === "last") {
      await issueSettlement(q, s, day, await settlementOf(q, s, day, s.cancelled_on ?? day));
    } else if (kind === "pause") {
      await issuePauseBill(q, s);
    } else if (kind === "resume") {
      await issueResumption(q, s, day, resumeLines(s.start_date, day, linesBefore(s)), "resumed");
    } else {
      const invoice = await issuePeriodInvoice(q, s, day);
      if (invoice) issued.push(invoice);
    }
  }
  return issued;
}

/** The bill `s`'s pause leaves on its first day, once (pause.ts). */
export async function issuePauseBill(q: Queryable, s: SubscriptionRecord): Promise<void> {
  const pause = pauseOf(s);
  if (!pause) return;
  const settlement = await settlementOf(q, s, pause.start, s.paused_on ?? pause.start);
  await issueSettlement(q, s, pause.start, settlement, "pause");
}

/**
 * The invoice of billing starting again on `day` (a reactivation, a resumption), its lines
 * settlement.ts `resumeLines`, if it comes to more than 0.
 */
export async function issueResumption(
  q: Queryable,
  s: SubscriptionRecord,
  day: string,
  lines: ResumeLine[],
  why: "reactivated" | "resumed",
): Promise<string | null> {
  if (lines.reduce((a, l) => a + l.amount, 0) <= 0) return null;
  const names = new Map(
    s.plans.flatMap((p) => p.charges.map((c) => [c.id, `${p.plan_name}: ${c.name}`])),
  );
  const rows: LineRow[] = lines.map((l) => ({
    charge_line_id: l.key,
    description: `${names.get(l.key) ?? l.key}: from ${day}, ${why}`,
    quantity: null,
    amount: l.amount,
    period: l.period,
  }));
  return (await insertInvoice(q, s, day, rows)).id;
}
