/**
 * POST /__sandbox/subscriptions/copy: gives a user's selected customer a copy of a template
 * customer's subscriptions (plan lines and charge lines, same statuses and dates, fresh ids), so
 * end-to-end tests that change subscriptions work on data of their own and never on the seed's.
 * Plain SQL over the tables of migrations/005_subscriptions.sql; every column is copied, so a
 * later migration's columns come along.
 */
import type { Queryable } from "../db";

/** Ada's customer: two active subscriptions and a cancelled one (subscriptions.ts). */
export const TEMPLATE_CUSTOMER = "cus_acme_1001";

export type CopiedSubscription = { from: string; id: string; name: string; status: string };

type IdRow = { id: string; parent: string };

/** The table's columns, in table order (current schema). */
export async function columnsOf(q: Queryable, table: string): Promise<string[]> {
  const rows = await q.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = $1
      ORDER BY ordinal_position`,
    [table],
  );
  return rows.map((r) => r.column_name);
}

export const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Copies every row of `table` whose id is a key of `ids` under its new id, with the `parent`
 * column mapped through `parents` (old value → new value).
 */
async function copyRows(
  q: Queryable,
  table: string,
  ids: Map<string, string>,
  parent: string,
  parents: Map<string, string>,
): Promise<void> {
  if (ids.size === 0) return;
  const columns = await columnsOf(q, table);
  const select = columns.map((c) =>
    c === "id" ? "m.new" : c === parent ? "pm.new" : `t.${quoted(c)}`,
  );
  await q.query(
    `WITH m AS (SELECT key AS old, value AS new FROM json_each_text($1::json)),
          pm AS (SELECT key AS old, value AS new FROM json_each_text($2::json))
     INSERT INTO ${quoted(table)} (${columns.map(quoted).join(", ")})
     SELECT ${select.join(", ")} FROM ${quoted(table)} t
       JOIN m ON m.old = t.id JOIN pm ON pm.old = t.${quoted(parent)}`,
    [JSON.stringify(Object.fromEntries(ids)), JSON.stringify(Object.fromEntries(parents))],
  );
}

/**
 * Copies the template customer's subscriptions to `customerId` (inside the caller's transaction).
 * Ids follow the seed's pattern on the target's account number: SUB-<n>-<k>, SPL-<n>-<k>-<i>,
 * SCH-<n>-<k>-<i>-<j>, where k continues after every SUB-<n>-… already taken (by any customer).
 */
export async function copySubscriptions(
  q: Queryable,
  customerId: string,
  accountNumber: string,
  templateCustomerId = TEMPLATE_CUSTOMER,
): Promise<CopiedSubscription[]> {
  const subs = await q.query<{ id: string; name: string; status: string }>(
    `SELECT id, name, status FROM subscriptions WHERE customer_id = $1 ORDER BY start_date, id`,
    [templateCustomerId],
  );
  const plans = await q.query<IdRow>(
    `SELECT sp.id, sp.subscription_id AS parent FROM subscription_plans sp
       JOIN subscriptions s ON s.id = sp.subscription_id
      WHERE s.customer_id = $1 ORDER BY sp.subscription_id, sp.position, sp.id`,
    [templateCustomerId],
  );
  const charges = await q.query<IdRow>(
    `SELECT sc.id, sc.subscription_plan_id AS parent FROM subscription_charges sc
       JOIN subscription_plans sp ON sp.id = sc.subscription_plan_id
       JOIN subscriptions s ON s.id = sp.subscription_id
      WHERE s.customer_id = $1 ORDER BY sc.subscription_plan_id, sc.position, sc.id`,
    [templateCustomerId],
  );

  const ref = accountNumber.replace(/^CUST-/, "").replace(/[^A-Za-z0-9]/g, "") || customerId;
  const prefix = `SUB-${ref}-`;
  const [taken] = await q.query<{ n: number | null }>(
    `SELECT max(substring(id FROM '^SUB-[^-]+-([0-9]+)$')::int) AS n FROM subscriptions
      WHERE starts_with(id, $1)`,
    [prefix],
  );
  let next = Number(taken?.n ?? 0);
  const subIds = new Map(subs.map((s) => [s.id, `${prefix}${String(++next).padStart(2, "0")}`]));
  const planIds = numbered(plans, subIds, "SPL");
  const chargeIds = numbered(charges, planIds, "SCH");

  const customers = new Map([[templateCustomerId, customerId]]);
  await copyRows(q, "subscriptions", subIds, "customer_id", customers);
  await copyRows(q, "subscription_plans", planIds, "subscription_id", subIds);
  await copyRows(q, "subscription_charges", chargeIds, "subscription_plan_id", planIds);
  return subs.map((s) => ({
    from: s.id,
    id: subIds.get(s.id) ?? "",
    name: s.name,
    status: s.status,
  }));
}

/** New ids of child rows: the new parent's id without its prefix, then the child's ordinal. */
function numbered(rows: IdRow[], parents: Map<string, string>, kind: string): Map<string, string> {
  const out = new Map<string, string>();
  const count = new Map<string, number>();
  for (const row of rows) {
    const parent = parents.get(row.parent);
    if (!parent) continue;
    const n = (count.get(parent) ?? 0) + 1;
    count.set(parent, n);
    out.set(row.id, `${kind}-${parent.slice(4)}-${n}`);
  }
  return out;
}
