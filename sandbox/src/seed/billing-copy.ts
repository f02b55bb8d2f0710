/**
 * POST /__sandbox/invoices/copy: gives a user's selected customer a copy of the template
 * customer's invoices (same dates, amounts, balances and statuses; ids with a suffix of the
 * copy's own) and saved payment methods (fresh ids, the same provider tokens), so end-to-end tests
 * that pay invoices work on data of their own and never on the seed's. Every column is copied, so
 * a later migration's columns come along.
 */
import { randomBytes } from "node:crypto";
import type { Queryable } from "../db";
import { columnsOf, quoted, TEMPLATE_CUSTOMER } from "./subscriptions-copy";

export type CopiedBilling = { invoices: { from: string; id: string }[]; paymentMethods: string[] };

/** Copies the template's rows of `table` to `customerId`, each id suffixed with `suffix`. */
async function copyRows(
  q: Queryable,
  table: "invoices" | "payment_methods",
  customerId: string,
  suffix: string,
): Promise<{ from: string; id: string }[]> {
  const columns = await columnsOf(q, table);
  const values = columns.map((c) => {
    if (c === "id") return "t.id || $3";
    if (c === "customer_id") return "$1";
    // Unique across customers: a copied pending bank account is verified through its own link.
    if (c === "verify_token") return "NULL";
    return `t.${quoted(c)}`;
  });
  const rows = await q.query<{ id: string }>(
    `INSERT INTO ${table} (${columns.map(quoted).join(", ")})
     SELECT ${values.join(", ")} FROM ${table} t WHERE t.customer_id = $2${
       // Saved methods once: a second copy would give the customer a second default.
       table === "payment_methods"
         ? " AND NOT EXISTS (SELECT 1 FROM payment_methods p WHERE p.customer_id = $1)"
         : ""
     }
     RETURNING id`,
    [customerId, TEMPLATE_CUSTOMER, suffix],
  );
  return rows
    .map((r) => ({ from: r.id.slice(0, -suffix.length), id: r.id }))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
}

export async function copyBilling(q: Queryable, customerId: string): Promise<CopiedBilling> {
  const tag = randomBytes(3).toString("hex").toUpperCase();
  const invoices = await copyRows(q, "invoices", customerId, `-${tag}`);
  const methods = await copyRows(q, "payment_methods", customerId, `_${tag.toLowerCase()}`);
  return { invoices, paymentMethods: methods.map((r) => r.id) };
}
