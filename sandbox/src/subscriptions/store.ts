/** SQL of subscriptions, their plan lines and charge lines (migrations/005_subscriptions.sql). */
import type { Queryable } from "../db";
import type { Filter } from "../lists/decode";
import { SqlParams } from "../lists/sql-params";
import { filterCondition } from "../lists/where";
import type { BillingPeriod, ChargeTiming, PricingModel, SubscriptionStatus, Tier } from "./types";

/** A charge line with the catalogue charge it bills. */
export type ChargeLine = {
  id: string;
  charge_id: string;
  quantity: number | null;
  usage_charge_ref: string | null;
  name: string;
  charge_type: string;
  pricing_model: PricingModel;
  charge_timing: ChargeTiming;
  list_price: number;
  billing_period: BillingPeriod;
  unit_of_measure: string | null;
  tiers: Tier[];
};

export type PlanLine = {
  id: string;
  plan_id: string;
  plan_name: string;
  plan_description: string | null;
  billing_period: BillingPeriod;
  upgradable: boolean;
  charges: ChargeLine[];
};

export type SubscriptionRecord = {
  id: string;
  customer_id: string;
  name: string;
  status: SubscriptionStatus;
  start_date: string;
  contract_term: number;
  auto_renew: boolean;
  po_number: string | null;
  description: string | null;
  renewal_date: string | null;
  cancellation_date: string | null;
  cancellation_reason_code: string | null;
  cancellation_reason_text: string | null;
  /** The customer's billing day when they cancelled. */
  cancelled_on: string | null;
  /** The day billing resumed after a gap; usage before it is not billed again. */
  billing_resumed_on: string | null;
  /** The first paused day (pause.ts), or null: never paused. */
  pause_start: string | null;
  /** The first day billed again after the pause (exclusive end of the pause). */
  pause_resume: string | null;
  pause_cycles: number | null;
  /** The customer's billing day when they asked for the pause. */
  paused_on: string | null;
  currency: string;
  crm_reference: string | null;
  plans: PlanLine[];
};

type SubscriptionRow = Omit<SubscriptionRecord, "plans">;
type PlanLineRow = Omit<PlanLine, "charges"> & { subscription_id: string };
type ChargeLineRow = Omit<ChargeLine, "list_price"> & {
  subscription_plan_id: string;
  list_price: string | number;
};

const SUBSCRIPTION_COLUMNS = `t.id, t.customer_id, t.name, t.status, t.start_date::text AS start_date,
  t.contract_term, t.auto_renew, t.po_number, t.description, t.renewal_date::text AS renewal_date,
  t.cancellation_date::text AS cancellation_date, t.cancellation_reason_code,
  t.cancellation_reason_text, t.cancelled_on::text AS cancelled_on,
  t.billing_resumed_on::text AS billing_resumed_on, t.pause_start::text AS pause_start,
  t.pause_resume::text AS pause_resume, t.pause_cycles, t.paused_on::text AS paused_on, t.currency,
  t.crm_reference`;

/** Plan lines and charge lines of these subscriptions, in position order. */
async function withPlans(q: Queryable, rows: SubscriptionRow[]): Promise<SubscriptionRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const plans = await q.query<PlanLineRow>(
    `SELECT sp.id, sp.subscription_id, sp.plan_id, p.name AS plan_name,
            p.description AS plan_description, p.billing_period, p.upgradable
       FROM subscription_plans sp JOIN plans p ON p.id = sp.plan_id
      WHERE sp.subscription_id = ANY($1::text[])
      ORDER BY sp.subscription_id, sp.position, sp.id`,
    [ids],
  );
  const charges = await q.query<ChargeLineRow>(
    `SELECT sc.id, sc.subscription_plan_id, sc.charge_id, sc.quantity, sc.usage_charge_ref,
            c.name, c.charge_type, c.pricing_model, c.charge_timing, c.list_price, c.billing_period,
            c.unit_of_measure, c.tiers
       FROM subscription_charges sc
       JOIN plan_charges c ON c.id = sc.charge_id
       JOIN subscription_plans sp ON sp.id = sc.subscription_plan_id
      WHERE sp.subscription_id = ANY($1::text[])
      ORDER BY sc.subscription_plan_id, sc.position, sc.id`,
    [ids],
  );
  return rows.map((r) => ({
    ...r,
    contract_term: Number(r.contract_term),
    pause_cycles: r.pause_cycles === null ? null : Number(r.pause_cycles),
    plans: plans
      .filter((p) => p.subscription_id === r.id)
      .map(({ subscription_id: _s, ...p }) => ({
        ...p,
        charges: charges
          .filter((c) => c.subscription_plan_id === p.id)
          .map(({ subscription_plan_id: _p, ...c }) => ({
            ...c,
            quantity: c.quantity === null ? null : Number(c.quantity),
            list_price: Number(c.list_price),
          })),
      })),
  }));
}

/** The customer's subscriptions matching every filter, oldest first. */
export async function listSubscriptions(
  q: Queryable,
  customerId: string,
  filters: Filter[],
): Promise<SubscriptionRecord[]> {
  const p = new SqlParams();
  const where = [
    `t.customer_id = ${p.add(customerId)}`,
    ...filters.map((f) => filterCondition(f, p)),
  ];
  const rows = await q.query<SubscriptionRow>(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions t WHERE ${where.join(" AND ")}
      ORDER BY t.start_date, t.id`,
    p.values,
  );
  return withPlans(q, rows);
}

/** One of the customer's subscriptions, or null; `forUpdate` locks it (inside a transaction). */
export async function findSubscription(
  q: Queryable,
  customerId: string,
  id: string,
  forUpdate = false,
): Promise<SubscriptionRecord | null> {
  const rows = await q.query<SubscriptionRow>(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions t WHERE t.id = $1 AND t.customer_id = $2
     ${forUpdate ? "FOR UPDATE" : ""}`,
    [id, customerId],
  );
  return (await withPlans(q, rows))[0] ?? null;
}

/** Columns the API may write (the editable fields of field-config.ts and the status). */
export type SubscriptionUpdate = Partial<
  Pick<
    SubscriptionRecord,
    | "po_number"
    | "description"
    | "renewal_date"
    | "status"
    | "cancellation_date"
    | "cancellation_reason_code"
    | "cancellation_reason_text"
    | "cancelled_on"
    | "billing_resumed_on"
    | "pause_start"
    | "pause_resume"
    | "pause_cycles"
    | "paused_on"
  > & { cancellation_type: string | null }
>;

const WRITABLE = new Set([
  "po_number",
  "description",
  "renewal_date",
  "status",
  "cancellation_date",
  "cancellation_type",
  "cancellation_reason_code",
  "cancellation_reason_text",
  "cancelled_on",
  "billing_resumed_on",
  "pause_start",
  "pause_resume",
  "pause_cycles",
  "paused_on",
]);

export async function updateSubscription(
  q: Queryable,
  id: string,
  update: SubscriptionUpdate,
): Promise<void> {
  const p = new SqlParams();
  const sets = Object.entries(update)
    .filter(([key]) => WRITABLE.has(key))
    .map(([key, value]) => `${key} = ${p.add(value)}`);
  if (sets.length === 0) return;
  await q.query(`UPDATE subscriptions SET ${sets.join(", ")} WHERE id = ${p.add(id)}`, p.values);
}

export async function setChargeQuantity(
  q: Queryable,
  lineId: string,
  quantity: number,
): Promise<void> {
  await q.query("UPDATE subscription_charges SET quantity = $1 WHERE id = $2", [quantity, lineId]);
}

export async function deletePlanLine(q: Queryable, planLineId: string): Promise<void> {
  await q.query("DELETE FROM subscription_plans WHERE id = $1", [planLineId]);
}

/** Adds a plan line and its charge lines at the end; returns the plan line's id. */
export async function insertPlanLine(
  q: Queryable,
  subscriptionId: string,
  planId: string,
  charges: { chargeId: string; quantity: number | null }[],
): Promise<string> {
  const [seq] = await q.query<{ n: string }>("SELECT nextval('subscription_line_seq')::text AS n");
  const planLineId = `SPL-${seq?.n ?? "0"}`;
  await q.query(
    `INSERT INTO subscription_plans (id, subscription_id, plan_id, position)
     SELECT $1, $2, $3, coalesce(max(position), 0) + 1 FROM subscription_plans WHERE subscription_id = $2`,
    [planLineId, subscriptionId, planId],
  );
  for (const [i, c] of charges.entries()) {
    const lineId = `SCH-${seq?.n ?? "0"}-${i + 1}`;
    // A new usage-based line has no usage lines yet: it bills those referencing its own id.
    await q.query(
      `INSERT INTO subscription_charges (id, subscription_plan_id, charge_id, position, quantity, usage_charge_ref)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [lineId, planLineId, c.chargeId, i + 1, c.quantity, c.quantity === null ? lineId : null],
    );
  }
  return planLineId;
}

/** Usage recorded for a subscription's usage-based charge line in [from, to). */
export async function usageQuantity(
  q: Queryable,
  customerId: string,
  subscriptionId: string,
  usageRef: string | null,
  from: string,
  to: string,
): Promise<number> {
  if (usageRef === null) return 0;
  const [row] = await q.query<{ total: string | null }>(
    `SELECT sum(quantity)::text AS total FROM usages
      WHERE customer_id = $1 AND subscription_id = $2 AND charge_id = $3
        AND date >= $4::date AND date < $5::date`,
    [customerId, subscriptionId, usageRef, from, to],
  );
  return Number(row?.total ?? 0);
}

/**
 * A usage-based line's billable usage in [from, to): usage recorded before the day billing
 * resumed after a gap (`billing_resumed_on`) was billed, or not owed, already.
 */
export function lineUsage(
  q: Queryable,
  s: Pick<SubscriptionRecord, "customer_id" | "id" | "billing_resumed_on">,
  line: Pick<ChargeLine, "usage_charge_ref">,
  from: string,
  to: string,
): Promise<number> {
  const start =
    s.billing_resumed_on !== null && s.billing_resumed_on > from ? s.billing_resumed_on : from;
  if (start >= to) return Promise.resolve(0);
  return usageQuantity(q, s.customer_id, s.id, line.usage_charge_ref, start, to);
}
