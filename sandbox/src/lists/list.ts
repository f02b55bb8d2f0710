/** GET /v1/<module>: one page of a customer's rows, its total and the answer of CONTRACT.md §5. */
import type { Queryable } from "../db";
import { loadCustomFields, toCustomFieldDtos, type CustomFieldDto } from "./custom-fields";
import { parseListQuery, parseSortLine, type Filter, type ListParams, type Sort } from "./decode";
import { listFields, sortColumnOf, type ListFields } from "./fields";
import type { ListModule } from "./modules";
import { readObjectConfiguration, type ColumnConfigurationDto } from "./object-config";
import { readRows, type RowOptions } from "./rows";
import { SqlParams } from "./sql-params";
import { readTableConfiguration, type TableConfiguration } from "./table-config";
import { cachedTotal, totalKey } from "./totals";
import { filterCondition, whereClause } from "./where";

/** Who is asking: the bearer's company, selected customer and user. */
export type Caller = { companyId: string; customerId: string; userId: string };

/** The list's fields for the caller's company (built-ins plus its custom fields). */
export async function loadListFields(
  db: Queryable,
  companyId: string,
  module: ListModule,
): Promise<ListFields> {
  return listFields(module, await loadCustomFields(db, companyId, module));
}

/**
 * Up to this many matches, a page is sorted from the matching rows instead of read in sort order:
 * the planner assumes matches are spread evenly along the sort index, and a selective filter on
 * a correlated column (created_date against date) would otherwise walk most of the index.
 */
export const SMALL_MATCH_SET = 10_000;

/** How the ids of a page are found: along the sort index, or by sorting the (few) matches. */
export type PageStrategy = "sort-index" | "sort-matches";

/** The ids of one page: filtered, sorted by the column then id (same direction), OFFSET paged. */
export async function pageIds(
  db: Queryable,
  fields: ListFields,
  customerId: string,
  filters: Filter[],
  sort: Sort,
  page: { offset: number; limit: number },
  today: string,
  strategy: PageStrategy = "sort-index",
): Promise<string[]> {
  const column = sortColumnOf(fields, sort);
  const p = new SqlParams();
  const where = whereClause(customerId, filters, p);
  const key = column.sql(p, today);
  const paging = `LIMIT ${p.add(page.limit)} OFFSET ${p.add(page.offset)}`;
  const dir = sort.direction;
  // Ids only: the sort index answers this alone; rows are read for the page's ids afterwards
  // (a deferred join), so deep offsets skip index entries rather than whole rows.
  const sql =
    strategy === "sort-index"
      ? `SELECT t.id FROM ${fields.definition.table} t WHERE ${where}
          ORDER BY ${key} ${dir}, t.id ${dir} ${paging}`
      : `WITH m AS MATERIALIZED (
           SELECT t.id, ${key} AS k FROM ${fields.definition.table} t WHERE ${where})
         SELECT id FROM m ORDER BY k ${dir}, id ${dir} ${paging}`;
  const rows = await db.query<{ id: string }>(sql, p.values);
  return rows.map((r) => r.id);
}

/**
 * How far a filtered page may walk along the sort index looking for its rows: at least this many
 * entries, WALK_FACTOR per row the page needs, at most WALK_MAX. A filter matching one row in 20
 * or more fills page one within the walk; rarer matches leave it to the strategies above.
 */
export const WALK_MIN = 2_000;
export const WALK_FACTOR = 20;
export const WALK_MAX = 20_000;

/** How many sort index entries a page needing `need` rows may walk. */
export const walkLength = (need: number) =>
  Math.min(WALK_MAX, Math.max(WALK_MIN, need * WALK_FACTOR));

/**
 * The ids of a filtered page found by walking the first entries of the sort index and keeping the
 * matches, or null when the walk is not conclusive (fewer matches than the page needs among the
 * entries walked, and entries left). Costs a bounded number of rows whatever the list's size,
 * where deciding the strategy by a capped count reads up to 10,001 matches first.
 */
export async function walkedPageIds(
  db: Queryable,
  fields: ListFields,
  customerId: string,
  filters: Filter[],
  sort: Sort,
  page: { offset: number; limit: number },
  today: string,
  walk = walkLength(page.offset + page.limit),
): Promise<string[] | null> {
  const column = sortColumnOf(fields, sort);
  const need = page.offset + page.limit;
  if (need > walk) return null;
  const p = new SqlParams();
  const owner = `t.customer_id = ${p.add(customerId)}`;
  const match = filters.map((f) => filterCondition(f, p)).join(" AND ");
  const key = column.sql(p, today);
  const dir = sort.direction;
  const [row] = await db.query<{ ids: string[] | null; matched: unknown; walked: unknown }>(
    `WITH w AS MATERIALIZED (
       SELECT t.id, ${key} AS k, (${match}) AS m FROM ${fields.definition.table} t WHERE ${owner}
        ORDER BY ${key} ${dir}, t.id ${dir} LIMIT ${p.add(walk)})
     SELECT (array_agg(id ORDER BY k ${dir}, id ${dir}) FILTER (WHERE m))
              [${p.add(page.offset + 1)}::int:${p.add(need)}::int] AS ids,
            count(*) FILTER (WHERE m) AS matched,
            count(*) AS walked
       FROM w`,
    p.values,
  );
  const matched = Number(row?.matched ?? 0);
  const walked = Number(row?.walked ?? 0);
  // Enough matches, or every row of the customer walked: either way the page is exact.
  if (matched >= need || walked < walk) return row?.ids ?? [];
  return null;
}

/** How many of the customer's rows match the filters; with `cap`, counting stops there. */
export async function countRows(
  db: Queryable,
  fields: ListFields,
  customerId: string,
  filters: Filter[],
  cap?: number,
): Promise<number> {
  const p = new SqlParams();
  const from = `FROM ${fields.definition.table} t WHERE ${whereClause(customerId, filters, p)}`;
  const [row] = await db.query<{ n: unknown }>(
    cap === undefined
      ? `SELECT count(*) AS n ${from}`
      : `SELECT count(*) AS n FROM (SELECT 1 ${from} LIMIT ${p.add(cap)}) x`,
    p.values,
  );
  return Number(row?.n ?? 0);
}

/** The sort in force: the request's, else the user's saved one (if still valid), else the default. */
export function effectiveSort(
  fields: ListFields,
  requested: Sort | null,
  saved: string | null,
): Sort {
  if (requested) return requested;
  if (saved) {
    try {
      return parseSortLine(fields, saved);
    } catch {
      // A saved sort naming a column that no longer sorts: fall back to the default.
    }
  }
  return fields.definition.defaultSort;
}

export type ListResult = {
  rows: Record<string, unknown>[];
  total: number | null;
  customFields: CustomFieldDto[];
  tableConfiguration?: TableConfiguration;
  objectConfiguration?: Record<string, { fields: ColumnConfigurationDto[] }>;
};

/** One page for decoded parameters. */
export async function listPage(
  db: Queryable,
  caller: Caller,
  fields: ListFields,
  params: ListParams,
  options: RowOptions,
): Promise<ListResult> {
  const needSaved = params.initialReq || params.sort === null;
  const tableConfiguration = needSaved
    ? await readTableConfiguration(db, caller.userId, fields.module)
    : undefined;
  const sort = effectiveSort(fields, params.sort, tableConfiguration?.sorting ?? null);
  const total = params.withTotal
    ? await cachedTotal(
        db,
        fields.module,
        totalKey(fields.module, caller.customerId, params.filters),
        () => countRows(db, fields, caller.customerId, params.filters),
      )
    : null;
  const page = { offset: (params.page - 1) * params.size, limit: params.size };
  const read = (strategy: PageStrategy) =>
    pageIds(db, fields, caller.customerId, params.filters, sort, page, options.today, strategy);
  let ids: string[] | null = null;
  if (params.filters.length === 0) ids = await read("sort-index");
  else if (total !== null && total <= SMALL_MATCH_SET) ids = await read("sort-matches");
  else {
    ids = await walkedPageIds(
      db,
      fields,
      caller.customerId,
      params.filters,
      sort,
      page,
      options.today,
    );
    if (ids === null) {
      const matches =
        total ??
        (await countRows(db, fields, caller.customerId, params.filters, SMALL_MATCH_SET + 1));
      ids = await read(matches <= SMALL_MATCH_SET ? "sort-matches" : "sort-index");
    }
  }
  const rows = await readRows(
    db,
    fields.module,
    caller.customerId,
    ids,
    fields.customFields,
    options,
  );
  const result: ListResult = { rows, total, customFields: toCustomFieldDtos(fields.customFields) };
  if (params.initialReq) {
    result.tableConfiguration = tableConfiguration;
    result.objectConfiguration = await readObjectConfiguration(db, caller.companyId, fields.module);
  }
  return result;
}

/** The `data` of GET /v1/<module> exactly as CONTRACT.md §5 shapes it (payments nest their rows). */
export function toListAnswer(module: ListModule, result: ListResult): Record<string, unknown> {
  const page =
    module === "payments"
      ? {
          payments: {
            payments: result.rows,
            total: result.total,
            customFields: result.customFields,
          },
        }
      : { [module]: result.rows, total: result.total, customFields: result.customFields };
  return {
    ...page,
    ...(result.tableConfiguration ? { tableConfiguration: result.tableConfiguration } : {}),
    ...(result.objectConfiguration ? { objectConfiguration: result.objectConfiguration } : {}),
  };
}

/** GET /v1/<module>: decode the query, read the page, shape the answer. */
export async function listModule(
  db: Queryable,
  caller: Caller,
  module: ListModule,
  query: URLSearchParams,
  options: RowOptions,
): Promise<Record<string, unknown>> {
  const fields = await loadListFields(db, caller.companyId, module);
  const params = parseListQuery(fields, query);
  return toListAnswer(module, await listPage(db, caller, fields, params, options));
}
