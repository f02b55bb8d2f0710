/** Each user's saved layout of a list: column widths, column order and sort (PUT /v1/column/*). */
import {
  columnOrderBody,
  columnWidthBody,
  MAX_COLUMN_WIDTH,
  MIN_COLUMN_WIDTH,
  saveTargetBody,
  sortingBody,
  TABLE_MODULE_NAME,
  type TableConfigurationDto,
} from "@billing-portal/contract/wire/lists";
import type { Queryable } from "../db";
import { invalid, parse400, parseSortLine } from "./decode";
import type { ListFields } from "./fields";
import type { ListModule } from "./modules";

/** The answer's `tableConfiguration`. */
export type TableConfiguration = TableConfigurationDto;

export { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH };
export { TABLE_MODULE_NAME };

const EMPTY: TableConfiguration = { column_width: {}, column_order: [], sorting: null };

type StoredRow = { column_width: unknown; column_order: unknown; sorting: string | null };

function toConfiguration(row: StoredRow | undefined): TableConfiguration {
  if (!row) return { ...EMPTY, column_width: {}, column_order: [] };
  return {
    column_width: (row.column_width ?? {}) as Record<string, number>,
    column_order: (row.column_order ?? []) as string[],
    sorting: row.sorting,
  };
}

/** The user's layout of one list (empty widths and order, null sort when never saved). */
export async function readTableConfiguration(
  db: Queryable,
  userId: string,
  module: ListModule,
): Promise<TableConfiguration> {
  const [row] = await db.query<StoredRow>(
    `SELECT column_width, column_order, sorting FROM table_configurations
      WHERE user_id = $1 AND module_name = $2 AND sub_module_name = $3`,
    [userId, TABLE_MODULE_NAME, module],
  );
  return toConfiguration(row);
}

export const columnWidthBodySchema = columnWidthBody;
export const columnOrderBodySchema = columnOrderBody;
export const sortingBodySchema = sortingBody;

/** Which list a save body names (read before the list's columns are known). */
export function saveTarget(body: unknown): ListModule {
  return parse400(saveTargetBody, body ?? {}).sub_module_name;
}

async function upsert(
  db: Queryable,
  userId: string,
  module: ListModule,
  now: Date,
  column: "column_width" | "column_order" | "sorting",
  value: string | null,
  merge: boolean,
): Promise<TableConfiguration> {
  const cast = column === "sorting" ? "" : "::jsonb";
  // Width saves merge: the portal sends the column just resized.
  const update = merge
    ? `table_configurations.${column} || EXCLUDED.${column}`
    : `EXCLUDED.${column}`;
  const [row] = await db.query<StoredRow>(
    `INSERT INTO table_configurations (user_id, module_name, sub_module_name, ${column}, updated_at)
     VALUES ($1, $2, $3, $4${cast}, $5)
     ON CONFLICT (user_id, module_name, sub_module_name)
     DO UPDATE SET ${column} = ${update}, updated_at = EXCLUDED.updated_at
     RETURNING column_width, column_order, sorting`,
    [userId, TABLE_MODULE_NAME, module, value, now],
  );
  return toConfiguration(row);
}

/** PUT /v1/column/save_column_width: widths 40..1000 px of known columns, merged into the saved ones. */
export async function saveColumnWidth(
  db: Queryable,
  userId: string,
  fields: ListFields,
  body: unknown,
  now: Date,
): Promise<TableConfiguration> {
  const parsed = parse400(columnWidthBodySchema, body ?? {});
  for (const column of Object.keys(parsed.column_width)) {
    if (!fields.columnIds.includes(column)) {
      throw invalid(`column_width: ${fields.module} has no column "${column}"`);
    }
  }
  return upsert(
    db,
    userId,
    fields.module,
    now,
    "column_width",
    JSON.stringify(parsed.column_width),
    true,
  );
}

/** PUT /v1/column/save_column_order: a permutation of the list's known columns. */
export async function saveColumnOrder(
  db: Queryable,
  userId: string,
  fields: ListFields,
  body: unknown,
  now: Date,
): Promise<TableConfiguration> {
  const order = parse400(columnOrderBodySchema, body ?? {}).column_order;
  const known = new Set(fields.columnIds);
  const given = new Set(order);
  if (given.size !== order.length) throw invalid("column_order: a column appears twice");
  const unknown = order.find((c) => !known.has(c));
  if (unknown !== undefined)
    throw invalid(`column_order: ${fields.module} has no column "${unknown}"`);
  const missing = fields.columnIds.find((c) => !given.has(c));
  if (missing !== undefined) throw invalid(`column_order: column "${missing}" is missing`);
  return upsert(db, userId, fields.module, now, "column_order", JSON.stringify(order), false);
}

/** PUT /v1/column/save_sorting: one whitelisted "column dir", or null to forget the sort. */
export async function saveSorting(
  db: Queryable,
  userId: string,
  fields: ListFields,
  body: unknown,
  now: Date,
): Promise<TableConfiguration> {
  const line = parse400(sortingBodySchema, body ?? {}).sort_line;
  let sorting: string | null = null;
  if (line !== null && line.trim() !== "") {
    const sort = parseSortLine(fields, line, "sort_line");
    sorting = `${sort.column} ${sort.direction}`;
  }
  return upsert(db, userId, fields.module, now, "sorting", sorting, false);
}
