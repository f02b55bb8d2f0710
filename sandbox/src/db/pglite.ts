import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { Mutex } from "./mutex";
import type { Db, Queryable, Row } from "./types";

export type PgliteDb = Db & {
  /**
   * A tarball of the data directory (tests start later instances from it, much sooner than
   * migrating anew).
   */
  dump(): Promise<Blob>;
};

/**
 * PGlite has a single connection: every top-level query and every transaction goes through one
 * mutex, so a transaction never interleaves with other statements. `loadDataDir` starts an
 * in-memory instance from a dump.
 */
export async function openPglite(
  dataDir: string,
  options: { loadDataDir?: Blob } = {},
): Promise<PgliteDb> {
  // Every open path loads pg_trgm: a data folder or dump whose schema uses it cannot start without.
  const extensions = { pg_trgm };
  let pg: PGlite;
  if (dataDir === "memory") {
    pg = await PGlite.create(
      options.loadDataDir ? { loadDataDir: options.loadDataDir, extensions } : { extensions },
    );
  } else {
    const dir = path.resolve(dataDir);
    await mkdir(dir, { recursive: true });
    pg = await PGlite.create(dir, { extensions });
  }
  const mutex = new Mutex();
  let closed = false;

  const run = async <T extends Row>(
    q: Pick<PGlite, "query">,
    sql: string,
    params?: readonly unknown[],
  ) => {
    const result = await q.query<T>(sql, params ? [...params] : undefined);
    return result.rows;
  };

  return {
    kind: "pglite",
    query<T extends Row = Row>(sql: string, params?: readonly unknown[]) {
      return mutex.run(() => run<T>(pg, sql, params));
    },
    exec(sql: string) {
      return mutex.run(async () => {
        await pg.exec(sql);
      });
    },
    transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      return mutex.run(() =>
        pg.transaction(async (tx) => {
          const handle: Queryable = {
            query: <R extends Row = Row>(sql: string, params?: readonly unknown[]) =>
              run<R>(tx, sql, params),
            exec: async (sql: string) => {
              await tx.exec(sql);
            },
          };
          return fn(handle);
        }),
      );
    },
    async close() {
      if (closed) return;
      closed = true;
      await mutex.run(() => pg.close());
    },
    dump() {
      return mutex.run(() => pg.dumpDataDir("none"));
    },
  };
}
