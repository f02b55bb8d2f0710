/** GET /v1/filter/fetch_instances: the distinct values a text field has among the customer's rows. */
import { z } from "zod";
import type { Queryable } from "../db";
import { MAX_FILTER_VALUE_LENGTH as MAX_VALUE_LENGTH } from "@billing-portal/contract/filter-options";
import { invalid, parse400 } from "./decode";
import { loadListFields } from "./list";
import { isListModule } from "./modules";
import { SqlParams } from "./sql-params";
import { containsPattern } from "./where";

export const MAX_INSTANCES = 50;

export type InstancesAnswer = { resultData: { results: { label: string; value: string }[] } };

const optionalText = z.string().max(100, { error: "is too long" }).optional();
const querySchema = z.object({
  field: z
    .string({ error: "is required" })
    .regex(/^[a-z]+\.[A-Za-z0-9_]{1,100}$/, { error: 'must be "<module>.<field>"' }),
  custom_search: z
    .string()
    .refine((s) => [...s].length <= MAX_VALUE_LENGTH, {
      error: `must have at most ${MAX_VALUE_LENGTH} characters`,
    })
    .optional(),
  // Accepted for the portal's sake; the bearer's selected customer is what counts.
  module_name: optionalText,
  customer_id: optionalText,
  cp_module: optionalText,
});

/**
 * At most 50 distinct non-empty values of a text filter field (built-in or custom), sorted in
 * byte order, optionally only those containing `custom_search`; status values lower-cased.
 */
export async function fetchInstances(
  db: Queryable,
  caller: { companyId: string; customerId: string },
  query: URLSearchParams,
): Promise<InstancesAnswer> {
  const input = parse400(querySchema, Object.fromEntries(query));
  const [module = "", name = ""] = input.field.split(".");
  if (!isListModule(module)) throw invalid(`field: unknown list "${module}"`);
  const fields = await loadListFields(db, caller.companyId, module);
  const field = fields.filters.get(name);
  if (!field) throw invalid(`field: ${module} has no filter field "${name}"`);
  if (field.type !== "text") throw invalid(`field: ${module}.${name} is not a text field`);

  const p = new SqlParams();
  const raw = field.sql(p);
  const value = field.lowerCase ? `lower(${raw})` : raw;
  const conditions = [`t.customer_id = ${p.add(caller.customerId)}`, `${raw} <> ''`];
  if (input.custom_search)
    conditions.push(`${raw} ILIKE ${p.add(containsPattern(input.custom_search))}`);
  const rows = await db.query<{ value: string }>(
    `SELECT DISTINCT ${value} COLLATE "C" AS value
       FROM ${fields.definition.table} t
      WHERE ${conditions.join(" AND ")}
      ORDER BY 1 LIMIT ${MAX_INSTANCES}`,
    p.values,
  );
  return { resultData: { results: rows.map((r) => ({ label: r.value, value: r.value })) } };
}
