import pg from "pg";
import type { Db, Queryable, Row } from "./types";

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * A node-postgres pool. With `schema`, the schema is created if missing and every connection uses
 * it as search_path (tests isolate themselves this way).
 */
export async function openPostgres(connectionString: string, schema?: string): Promise<Db> {
  if (schema) {
    const bootstrap = new pg.Client({ connectionString });
    await bootstrap.connect();
    try {
      await bootstrap.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`);
    } finally {
      await bootstrap.end();
    }
  }
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    ...(schema ? { options: `-c search_path=${quoteIdent(schema)}` } : {}),
  });
  // An idle client's error must not crash the process; the pool replaces the client.
  pool.on("error", (err) => {
    console.error(`[sandbox] idle PostgreSQL client error: ${err.message}`);
  });
  let closed = false;

  return {
    kind: "postgres",
    async query<T extends Row = Row>(sql: string, params?: readonly unknown[]) {
      const result = await pool.query<T>(sql, params ? [...params] : undefined);
      return result.rows;
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const handle: Queryable = {
          query: async <R extends Row = Row>(sql: string, params?: readonly unknown[]) =>
            (await client.query<R>(sql, params ? [...params] : undefined)).rows,
          exec: async (sql: string) => {
            await client.query(sql);
          },
        };
        const value = await fn(handle);
        await client.query("COMMIT");
        return value;
      } catch (err) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** Drops a schema and everything in it (test clean-up). */
export async function dropPostgresSchema(connectionString: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
  } finally {
    await client.end();
  }
}
