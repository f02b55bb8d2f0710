/**
 * Totals of a list cached by customer and filters. Counting a million rows is slow on PGlite (a
 * dense `contains` has to read every matching row; `npm run bench` prints each filter's first
 * page+total), while the same view is asked for again and again: paging back to page one, the other
 * tab and back, a reload, a shared link. An entry is served only while the list's version
 * (migrations/004_list_versions.sql, bumped by every statement that writes the rows) is the one it
 * was counted at, so a cached total is never stale.
 */
import type { Queryable } from "../db";
import type { Filter } from "./decode";
import type { ListModule } from "./modules";

/** Enough for every view a busy sandbox's users have open (totals and aggregates); the oldest entry goes first. */
export const MAX_CACHED_TOTALS = 2_000;

type Entry = { version: string; value: unknown };

// Per database handle: the tests open several databases in one process. Keys of different kinds
// (a total, a usage aggregate) start with their own tag, so one map serves them all.
const caches = new WeakMap<Queryable, Map<string, Entry>>();

/** The same filters in any order give the same key: they are ANDed. */
export function totalKey(module: ListModule, customerId: string, filters: Filter[]): string {
  return JSON.stringify([module, customerId, ...filterKeys(filters)]);
}

/** The filters as sorted strings: the same filters in any order are the same view. */
export function filterKeys(filters: Filter[]): string[] {
  return filters.map((f) => JSON.stringify([f.field.name, f.field.type, f.op, f.value])).sort();
}

/** The list's version, or null when no write has recorded one yet (nothing then is cached). */
async function listVersion(db: Queryable, module: ListModule): Promise<string | null> {
  const [row] = await db.query<{ version: unknown }>(
    "SELECT version::text AS version FROM list_versions WHERE module = $1",
    [module],
  );
  return row ? String(row.version) : null;
}

/**
 * The value for the key: cached while the list's version holds, else computed. The version is
 * read before computing, so a write landing meanwhile leaves an entry that the next call (seeing
 * the newer version) recomputes, never one that hides the write.
 */
export async function cachedByVersion<T>(
  db: Queryable,
  module: ListModule,
  key: string,
  compute: () => Promise<T>,
): Promise<T> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const version = await listVersion(db, module);
  if (version === null) return compute();
  const hit = cache.get(key);
  if (hit && hit.version === version) {
    // Map order is insertion order: re-inserting keeps recently used entries from eviction.
    cache.delete(key);
    cache.set(key, hit);
    return hit.value as T;
  }
  const value = await compute();
  cache.delete(key);
  cache.set(key, { version, value });
  if (cache.size > MAX_CACHED_TOTALS) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  return value;
}

/** The total for the key (totalKey): cached while the list's version holds, else counted. */
export function cachedTotal(
  db: Queryable,
  module: ListModule,
  key: string,
  count: () => Promise<number>,
): Promise<number> {
  return cachedByVersion(db, module, key, count);
}
