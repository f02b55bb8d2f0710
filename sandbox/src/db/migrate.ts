import { readdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { Db } from "./types";

/** sandbox/migrations, next to src/. */
export const migrationsDir = fileURLToPath(new URL("../../migrations/", import.meta.url));

const MIGRATION_FILE = /^(\d{3,})_[a-z0-9_]+\.sql$/;

export type Migration = { version: string; name: string; sql: string };

export async function loadMigrations(dir = migrationsDir): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => MIGRATION_FILE.test(f)).sort();
  return Promise.all(
    files.map(async (file) => ({
      version: MIGRATION_FILE.exec(file)![1]!,
      name: file,
      sql: await readFile(`${dir}${dir.endsWith("/") ? "" : "/"}${file}`, "utf8"),
    })),
  );
}

/**
 * Applies pending migrations in order, each recorded in schema_migrations, all in one transaction
 * guarded by an advisory lock (two processes starting at once on one PostgreSQL do not race).
 * Returns the names of the migrations applied now.
 */
export async function migrate(db: Db, dir = migrationsDir): Promise<string[]> {
  const migrations = await loadMigrations(dir);
  return db.transaction(async (tx) => {
    await tx.query(
      "SELECT pg_advisory_xact_lock(hashtext(current_schema() || '.schema_migrations'))",
    );
    await tx.exec(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         version text PRIMARY KEY,
         name text NOT NULL,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const done = new Set(
      (await tx.query<{ version: string }>("SELECT version FROM schema_migrations")).map(
        (r) => r.version,
      ),
    );
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await tx.exec(m.sql);
      await tx.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [
        m.version,
        m.name,
      ]);
      applied.push(m.name);
    }
    return applied;
  });
}
