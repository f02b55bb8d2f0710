/** GET /v1/filter/fetch_instances: the distinct values a text field has among the customer's rows. */
import type { Queryable } from "../db";
import { fetchInstancesQuery, type InstancesDto } from "@billing-portal/contract/wire/lists";
import { invalid, parse400 } from "./decode";
import { loadListFields } from "./list";
import { isListModule } from "./modules";
import { SqlParams } from "./sql-params";
import { containsPattern } from "./where";

export const MAX_INSTANCES = 50;

export type InstancesAnswer = InstancesDto;

const querySchema = fetchInstancesQuery;

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
