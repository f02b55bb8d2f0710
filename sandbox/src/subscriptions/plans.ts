/** The company's plan catalogue: GET /v1/plans (paged, sorted, filtered) and GET /v1/plans/{id}. */
import { PLAN_PAGE_SIZES, planQuery } from "@billing-portal/contract/wire/subscriptions";
import type { Queryable } from "../db";
import type { Filter } from "../lists/decode";
import { SqlParams } from "../lists/sql-params";
import { filterCondition } from "../lists/where";
import { parseWith } from "../http";
import { parseTextFilters, textFilter } from "./filters";
import { periodAmount, roundCents } from "./pricing";
import type {
  BillingPeriod,
  ChargeTiming,
  PlanChargeDto,
  PlanDto,
  PricingModel,
  Tier,
} from "./types";

type PlanRow = {
  id: string;
  name: string;
  status: "active" | "inactive";
  description: string | null;
  billing_period: BillingPeriod;
  currency: string;
};
type PlanChargeRow = {
  id: string;
  plan_id: string;
  name: string;
  charge_type: string;
  pricing_model: PricingModel;
  charge_timing: ChargeTiming;
  list_price: string | number;
  billing_period: BillingPeriod;
  default_quantity: number | null;
  unit_of_measure: string | null;
  tiers: Tier[];
};

const PLAN_FILTERS = [
  textFilter("plan_id", "id"),
  textFilter("plan_name", "name"),
  textFilter("plan_status", "status", true),
];

export { PLAN_PAGE_SIZES };

const SORT_COLUMNS: Record<string, string> = {
  id: "t.id",
  name: `t.name COLLATE "C"`,
  status: "t.status",
};

export type PlanQuery = {
  page: number;
  pageSize: number;
  sort: { column: string; dir: "asc" | "desc" };
  filters: Filter[];
};

/** Page, pageSize, sort (422 when malformed) and filter_options[plans] (the list decoder's 400s). */
export function parsePlanQuery(query: URLSearchParams): PlanQuery {
  const raw = parseWith(planQuery, {
    page: query.get("page") ?? undefined,
    pageSize: query.get("pageSize") ?? undefined,
    sort: query.get("sort") || undefined,
  });
  const [column = "name", dir = "asc"] = raw.sort.toLowerCase().split(" ");
  return {
    page: raw.page,
    pageSize: raw.pageSize,
    sort: { column, dir: dir === "desc" ? "desc" : "asc" },
    filters: parseTextFilters("plans", PLAN_FILTERS, query),
  };
}

/** A catalogue charge as the API shows it; `amount` is one period at the default quantity. */
function toPlanChargeDto(c: PlanChargeRow): PlanChargeDto {
  const listPrice = Number(c.list_price);
  const pricing = { pricing_model: c.pricing_model, list_price: listPrice, tiers: c.tiers };
  return {
    id: c.id,
    name: c.name,
    type: c.charge_type,
    pricing_model: c.pricing_model,
    amount:
      c.pricing_model === "usage_based"
        ? listPrice
        : roundCents(periodAmount(pricing, c.default_quantity ?? 0)),
    charge_timing: c.charge_timing,
    list_price: listPrice,
    billing_period: c.billing_period,
    default_quantity: c.default_quantity === null ? null : Number(c.default_quantity),
    unit_of_measure: c.unit_of_measure,
    tiers: c.pricing_model === "volume" || c.pricing_model === "tiered" ? c.tiers : [],
  };
}

async function withCharges(q: Queryable, plans: PlanRow[]): Promise<PlanDto[]> {
  if (plans.length === 0) return [];
  const charges = await q.query<PlanChargeRow>(
    `SELECT id, plan_id, name, charge_type, pricing_model, charge_timing, list_price,
            billing_period, default_quantity, unit_of_measure, tiers
       FROM plan_charges WHERE plan_id = ANY($1::text[]) ORDER BY plan_id, position, id`,
    [plans.map((p) => p.id)],
  );
  return plans.map((p) => ({
    ...p,
    charges: charges.filter((c) => c.plan_id === p.id).map(toPlanChargeDto),
  }));
}

const PLAN_COLUMNS = "t.id, t.name, t.status, t.description, t.billing_period, t.currency";

/** One page of the company's catalogue and the number of plans matching the filters. */
export async function listPlans(
  q: Queryable,
  companyId: string,
  query: PlanQuery,
): Promise<{ data: PlanDto[]; total: number }> {
  const p = new SqlParams();
  const where = [
    `t.company_id = ${p.add(companyId)}`,
    ...query.filters.map((f) => filterCondition(f, p)),
  ].join(" AND ");
  const [count] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM plans t WHERE ${where}`,
    p.values,
  );
  const key = SORT_COLUMNS[query.sort.column] ?? SORT_COLUMNS.name;
  const dir = query.sort.dir;
  const rows = await q.query<PlanRow>(
    `SELECT ${PLAN_COLUMNS} FROM plans t WHERE ${where}
      ORDER BY ${key} ${dir}, t.id ${dir}
      LIMIT ${p.add(query.pageSize)} OFFSET ${p.add((query.page - 1) * query.pageSize)}`,
    p.values,
  );
  return { data: await withCharges(q, rows), total: Number(count?.n ?? 0) };
}

/** The company's plans with these ids (any status); others' plans are not found. */
export async function findPlans(
  q: Queryable,
  companyId: string,
  ids: string[],
): Promise<PlanDto[]> {
  if (ids.length === 0) return [];
  const rows = await q.query<PlanRow>(
    `SELECT ${PLAN_COLUMNS} FROM plans t WHERE t.company_id = $1 AND t.id = ANY($2::text[])`,
    [companyId, ids],
  );
  return withCharges(q, rows);
}
