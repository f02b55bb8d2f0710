// The bench's data: N usages for ada (cus_acme_1001) in a PGlite folder of their own, kept between
// runs because seeding a million rows and building their trigram indexes takes minutes.
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import type { Db } from "../sandbox/src/db";
import { migrate } from "../sandbox/src/db/migrate";
import { openPglite } from "../sandbox/src/db/pglite";
import { dropPostgresSchema, openPostgres } from "../sandbox/src/db/postgres";
import { seedIfEmpty } from "../sandbox/src/seed";
import { root, runCommand } from "./processes";

export const BENCH_CUSTOMER = "cus_acme_1001";

export type SeedReport = {
  dataDir: string;
  usages: number;
  /** Whether the folder already held the rows (seconds is then the time to check). */
  reused: boolean;
  seconds: number;
};

/** A folder per row count, so a small development run never reuses (or spoils) the full one. */
export function benchDataDir(usages: number): string {
  return path.join(root, ".data", "bench", `pglite-${usages}`);
}

/** ada's usages in the folder, after migrating and seeding it as the sandbox would on start. */
const countUsages = async (dataDir: string) => countIn(await openPglite(dataDir));

/** ada's usages in an open database, migrated and seeded first; closes it. */
async function countIn(db: Db): Promise<number> {
  try {
    await migrate(db);
    await seedIfEmpty(db);
    const [row] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM usages WHERE customer_id = $1",
      [BENCH_CUSTOMER],
    );
    return Number(row?.n ?? 0);
  } finally {
    await db.close();
  }
}

/**
 * Makes sure the bench folder holds exactly `usages` rows for ada (the demo seed's own usages
 * included); `fresh` starts from nothing. The rows come from the project's scale seeder
 * (`npm run seed -- --usages N`, sandbox/src/seed/scale.ts), which adds N rows to what is there.
 */
export async function ensureBenchData(usages: number, fresh: boolean): Promise<SeedReport> {
  const dataDir = benchDataDir(usages);
  const started = Date.now();
  if (fresh) await rm(dataDir, { recursive: true, force: true });

  if (existsSync(dataDir)) {
    const have = await countUsages(dataDir);
    if (have === usages)
      return { dataDir, usages, reused: true, seconds: (Date.now() - started) / 1000 };
    console.log(`  ${dataDir} holds ${have} usages, not ${usages}: rebuilding it`);
    await rm(dataDir, { recursive: true, force: true });
  }

  const seeded = await countUsages(dataDir);
  if (seeded > usages)
    throw new Error(`The demo seed alone gives ada ${seeded} usages; ask for at least that many`);
  if (seeded < usages) {
    const code = await runCommand(
      "npm",
      ["run", "--silent", "seed", "--", "--usages", String(usages - seeded)],
      { SANDBOX_DATA_DIR: dataDir, DATABASE_URL: "" },
    );
    if (code !== 0) throw new Error(`npm run seed failed with code ${code}`);
  }
  const have = await countUsages(dataDir);
  if (have !== usages)
    throw new Error(`${dataDir} holds ${have} usages for ${BENCH_CUSTOMER}, not ${usages}`);
  return { dataDir, usages, reused: false, seconds: (Date.now() - started) / 1000 };
}

/** The schema of a PostgreSQL bench database holding `usages` rows: one per row count. */
export const benchSchema = (usages: number) => `bench_${usages}`;

/** ada's usages in that schema, after migrating and seeding it as the sandbox would on start. */
const countPostgresUsages = async (url: string, schema: string) =>
  countIn(await openPostgres(url, schema));

/**
 * The same rows on a PostgreSQL server (`url`), in a schema of their own kept between runs: the
 * 1,000,000-row bench's second database (issue 12 §2).
 */
export async function ensurePostgresBenchData(url: string, usages: number): Promise<SeedReport> {
  const schema = benchSchema(usages);
  const started = Date.now();
  let have = await countPostgresUsages(url, schema);
  if (have === usages)
    return {
      dataDir: `${url} (schema ${schema})`,
      usages,
      reused: true,
      seconds: (Date.now() - started) / 1000,
    };
  if (have > usages) {
    await dropPostgresSchema(url, schema);
    have = await countPostgresUsages(url, schema);
  }
  const code = await runCommand(
    "npm",
    ["run", "--silent", "seed", "--", "--usages", String(usages - have)],
    { DATABASE_URL: url, DATABASE_SCHEMA: schema },
  );
  if (code !== 0) throw new Error(`npm run seed (PostgreSQL) failed with code ${code}`);
  have = await countPostgresUsages(url, schema);
  if (have !== usages) throw new Error(`schema ${schema} holds ${have} usages, not ${usages}`);
  return {
    dataDir: `${url} (schema ${schema})`,
    usages,
    reused: false,
    seconds: (Date.now() - started) / 1000,
  };
}
