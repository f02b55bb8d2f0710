import type { SandboxConfig } from "../config";
import { migrate } from "./migrate";
import { openPglite } from "./pglite";
import { openPostgres } from "./postgres";
import type { Db } from "./types";

export type { Db, Queryable, Row } from "./types";

/** Opens the configured database (PostgreSQL when databaseUrl is set, else PGlite) and migrates it. */
export async function openDb(
  config: Pick<SandboxConfig, "databaseUrl" | "databaseSchema" | "dataDir">,
): Promise<Db> {
  const db = config.databaseUrl
    ? await openPostgres(config.databaseUrl, config.databaseSchema)
    : await openPglite(config.dataDir);
  try {
    await migrate(db);
  } catch (err) {
    await db.close().catch(() => undefined);
    throw err;
  }
  return db;
}
