/**
 * Reading every row of an export in keyset batches: the list's filters (whereClause), its sort
 * expression and id as the key, a thousand rows per query. Each batch is two short queries
 * (keys, then rows by id through readRows, the list's own shaping), so PGlite's single connection
 * serves other requests between batches and no query walks the rows already read.
 *
 * PostgreSQL orders NULLs last ascending and first descending; a row comparison cannot cross from
 * values to NULLs, so the rows are read in two phases: those with a value by `(key, id)`, those
 * without by id alone, in the order the list's ORDER BY puts them.
 */
import type { Queryable } from "../../db";
import type { Filter, Sort } from "../../lists/decode";
import { sortColumnOf, type ListFields } from "../../lists/fields";
import type { Caller } from "../../lists/list";
import { readRows, type RowOptions } from "../../lists/rows";
import { SqlParams } from "../../lists/sql-params";
import { whereClause } from "../../lists/where";

export const DEFAULT_BATCH_SIZE = 1000;

type Phase = "values" | "nulls";
type Cursor = { key: string; id: string } | { id: string } | null;

/** The rows of the list matching `filters`, sorted as the list sorts them, batch by batch. */
export async function* exportBatches(
  db: Queryable,
  caller: Caller,
  fields: ListFields,
  filters: Filter[],
  sort: Sort,
  options: RowOptions,
  batchSize = DEFAULT_BATCH_SIZE,
): AsyncGenerator<Record<string, unknown>[]> {
  const column = sortColumnOf(fields, sort);
  const dir = sort.direction;
  const cmp = dir === "asc" ? ">" : "<";
  const phases: Phase[] = dir === "asc" ? ["values", "nulls"] : ["nulls", "values"];

  for (const phase of phases) {
    let cursor: Cursor = null;
    for (;;) {
      const p = new SqlParams();
      const key = column.sql(p, options.today);
      const conditions = [whereClause(caller.customerId, filters, p)];
      if (phase === "nulls") {
        conditions.push(`${key} IS NULL`);
        if (cursor) conditions.push(`t.id ${cmp} ${p.add(cursor.id)}`);
      } else {
        conditions.push(`${key} IS NOT NULL`);
        if (cursor && "key" in cursor) {
          conditions.push(`(${key}, t.id) ${cmp} (${p.add(cursor.key)}, ${p.add(cursor.id)})`);
        }
      }
      const order = phase === "nulls" ? `t.id ${dir}` : `${key} ${dir}, t.id ${dir}`;
      const keys = await db.query<{ id: string; k: string | null }>(
        `SELECT t.id, (${key})::text AS k FROM ${fields.definition.table} t
          WHERE ${conditions.join(" AND ")}
          ORDER BY ${order} LIMIT ${p.add(batchSize)}`,
        p.values,
      );
      if (keys.length === 0) break;
      const ids = keys.map((r) => r.id);
      yield await readRows(db, fields.module, caller.customerId, ids, fields.customFields, options);
      const last = keys[keys.length - 1];
      if (!last || keys.length < batchSize) break;
      cursor =
        phase === "nulls" || last.k === null ? { id: last.id } : { key: last.k, id: last.id };
    }
  }
}
