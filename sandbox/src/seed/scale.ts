/**
 * Scale seeding: `npm run seed -- --usages 1000000 [--invoices N] [--payments N] [--credits N]
 * [--statements N] [--customer cus_acme_1001]` adds N synthetic rows per list for one customer, on
 * PGlite (SANDBOX_DATA_DIR) or PostgreSQL (DATABASE_URL). Rows are generated inside the database
 * with generate_series (no PRNG: each value is a function of the row number), so a million rows
 * never cross the driver. Indexes are dropped and rebuilt around the load: building them once is
 * far cheaper than maintaining them a million times.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { loadConfig } from "../config";
import { openDb, type Queryable } from "../db";
import { easternDate } from "../lists/business-day";
import { loadCustomFields, type CustomFieldDefinition } from "../lists/custom-fields";
import { MODULES, type ListModule } from "../lists/modules";
import { seedIfEmpty } from "./index";
import { ID_FORMATS } from "./billing";
import { PAYMENT_METHODS, USAGE_ITEMS } from "./billing-catalog";

const count = z.coerce
  .number({ error: "must be a number" })
  .int({ error: "must be a whole number" })
  .min(0)
  .max(50_000_000);

const argsSchema = z.object({
  usages: count.default(0),
  invoices: count.default(0),
  payments: count.default(0),
  credits: count.default(0),
  statements: count.default(0),
  customer: z.string().min(1).max(100).default("cus_acme_1001"),
});
export type ScaleOptions = z.output<typeof argsSchema>;

/** `--name value` pairs of the command line. */
export function parseScaleArgs(argv: string[]): ScaleOptions {
  const raw: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 2) {
    const name = /^--([a-z]+)$/.exec(argv[i] ?? "")?.[1];
    const value = argv[i + 1];
    if (!name || value === undefined) throw new Error(`Expected --name value, got "${argv[i]}"`);
    raw[name] = value;
  }
  const parsed = argsSchema.strict().safeParse(raw);
  if (!parsed.success) {
    throw new Error(
      parsed.error.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("\n"),
    );
  }
  return parsed.data;
}

/** A text id `<prefix><n>` zero-padded to the list's width (longer numbers are not cut). */
const idSql = (module: ListModule, n: string) => {
  const { prefix, width } = ID_FORMATS[module];
  return `'${prefix}' || lpad((${n})::text, greatest(${width}, length((${n})::text)), '0')`;
};

/** custom_fields of a synthetic row: one value per definition, a function of g. */
function customFieldsSql(fields: CustomFieldDefinition[], today: string): string {
  if (fields.length === 0) return "'{}'::jsonb";
  const pairs = fields.map((f) => {
    const key = `'${f.api_name.replace(/'/g, "''")}'`;
    switch (f.field_type) {
      case "boolean":
        return `${key}, (g % 2 = 0)`;
      case "date":
        return `${key}, to_char('${today}'::date - (g % 700)::int, 'YYYY-MM-DD')`;
      case "file_upload":
        return `${key}, jsonb_build_object('attachment_id', 'att_s' || g, 'file_name', 'file-' || g || '.pdf')`;
      case "text":
      case "textarea":
      case "inherited":
        return `${key}, '${f.field_label.replace(/'/g, "''")} ' || (g % 97)`;
      default:
        return `${key}, round(((g * 37) % 10000)::numeric / 100, 2)`;
    }
  });
  return `jsonb_build_object(${pairs.join(", ")})`;
}

// Eastern wall-clock time of row g on day d, as timestamptz.
const stampSql = (day: string) =>
  `((${day})::timestamp + make_interval(secs => (g * 7919) % 86400)) AT TIME ZONE 'America/New_York'`;

type Context = { customerId: string; customerName: string; ref: string; today: string };

function insertSql(module: ListModule, ctx: Context, custom: string): string {
  const d = `('${ctx.today}'::date - 1 - (g % 730)::int)`;
  switch (module) {
    case "usages": {
      const items = USAGE_ITEMS.length;
      return `INSERT INTO usages
        SELECT ${idSql("usages", "base + g")}, $1, ${d},
               ($3::text[])[1 + g % ${items}] || CASE WHEN g % 3 = 0 THEN ' (lot ' || (g % 9973) || ')' ELSE '' END,
               round(((g * 7919) % 100000)::numeric / 100, 2),
               ($4::text[])[1 + g % ${items}],
               'SUB-${ctx.ref}-' || lpad((1 + g % 5)::text, 2, '0'),
               'CHG-${ctx.ref}-' || lpad((1 + g % 5)::text, 2, '0') || '-' || chr(65 + (g % 3)::int),
               'SL-${ctx.ref}-' || lpad((1 + g % 5)::text, 2, '0') || '-' || (1 + g % 4),
               old, CASE WHEN old THEN ${idSql("invoices", "1 + g % 120")} END,
               CASE WHEN old THEN (date_trunc('month', ${d}) + interval '1 month')::date END,
               date_trunc('month', ${d})::date,
               (date_trunc('month', ${d}) + interval '1 month - 1 day')::date,
               ${custom}, ${stampSql(d)}, ${stampSql(d)}
          FROM generate_series(1, $2::bigint) AS g,
               LATERAL (SELECT ${d} < date_trunc('month', '${ctx.today}'::date) AND g % 4 <> 0 AS old) o`;
    }
    case "invoices":
      return `INSERT INTO invoices
        SELECT ${idSql("invoices", "base + g")}, $1, inv, inv + 30, amount,
               CASE s WHEN 'Posted' THEN amount WHEN 'Partially paid' THEN round(amount / 2, 2) ELSE 0 END,
               s, 'USD', 'a0X5s' || lpad((g % 10000000)::text, 7, '0'), ${custom},
               ${stampSql("inv")}, ${stampSql("inv")}
          FROM generate_series(1, $2::bigint) AS g,
               LATERAL (SELECT ('${ctx.today}'::date - 2 - (g % 1095)::int) AS inv,
                               round(((g * 7919) % 480000)::numeric / 100 + 40, 2) AS amount,
                               (ARRAY['Paid','Paid','Paid','Paid','Paid','Paid','Paid','Posted','Partially paid','Void'])[1 + g % 10] AS s) x`;
    case "payments":
      return `INSERT INTO payments
        SELECT ${idSql("payments", "base + g")}, $1, ${d},
               ($3::text[])[1 + g % ${PAYMENT_METHODS.length}], amount, s,
               0, CASE WHEN s = 'succeeded' THEN amount ELSE 0 END,
               CASE WHEN s = 'refunded' THEN amount ELSE 0 END,
               g % 2 = 0, 'USD', ${custom}, ${stampSql(d)}, ${stampSql(d)}
          FROM generate_series(1, $2::bigint) AS g,
               LATERAL (SELECT round(((g * 7919) % 300000)::numeric / 100 + 20, 2) AS amount,
                               CASE g % 20 WHEN 0 THEN 'failed' WHEN 1 THEN 'refunded' WHEN 2 THEN 'pending'
                                           ELSE 'succeeded' END AS s) x`;
    case "credits":
      return `INSERT INTO credits
        SELECT ${idSql("credits", "base + g")}, $1, ${d}, amount,
               CASE s WHEN 'Refunded' THEN 0 WHEN 'Partially Refunded' THEN round(amount / 2, 2) ELSE amount END,
               (ARRAY['USD','EUR','GBP','CAD'])[1 + g % 4], 'CN-S-' || g, s, ${custom},
               ${stampSql(d)}, ${stampSql(d)}
          FROM generate_series(1, $2::bigint) AS g,
               LATERAL (SELECT round(((g * 7919) % 150000)::numeric / 100 + 10, 2) AS amount,
                               (ARRAY['Processed','Partially Refunded','Refunded','Draft'])[1 + g % 4] AS s) x`;
    case "statements":
      return `INSERT INTO statements
        SELECT ${idSql("statements", "base + g")}, $1, $3, sd, sd - interval '1 month', sd - 1, ${custom},
               ${stampSql("sd")}, ${stampSql("sd")}
          FROM generate_series(1, $2::bigint) AS g,
               LATERAL (SELECT (date_trunc('month', '${ctx.today}'::date) - make_interval(months => (g % 600)::int))::date AS sd) x`;
  }
}

/** The largest number used in the list's readable ids, so new ids continue after it. */
async function lastIdNumber(db: Queryable, module: ListModule): Promise<number> {
  const prefix = ID_FORMATS[module].prefix;
  const [row] = await db.query<{ n: unknown }>(
    `SELECT COALESCE(max(substring(id from ${prefix.length + 1})::bigint), 0) AS n
       FROM ${module} WHERE id ~ $1`,
    [`^${prefix}[0-9]+$`],
  );
  return Number(row?.n ?? 0);
}

/** Adds `n` rows to one list inside one transaction, indexes rebuilt after the load. */
async function addRows(
  db: Queryable,
  module: ListModule,
  n: number,
  ctx: Context,
  companyId: string,
) {
  const fields = await loadCustomFields(db, companyId, module);
  const base = await lastIdNumber(db, module);
  const indexes = await db.query<{ name: string; def: string }>(
    `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename = $1
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [module],
  );
  for (const ix of indexes) await db.query(`DROP INDEX "${ix.name}"`);
  const sql = insertSql(module, ctx, customFieldsSql(fields, ctx.today)).replaceAll(
    "base + g",
    `${base} + g`,
  );
  const params: unknown[] = [ctx.customerId, n];
  if (module === "usages")
    params.push(
      USAGE_ITEMS.map((i) => i.description),
      USAGE_ITEMS.map((i) => i.unit),
    );
  if (module === "payments") params.push(PAYMENT_METHODS);
  if (module === "statements") params.push(ctx.customerName);
  await db.query(sql, params);
  for (const ix of indexes) await db.query(ix.def);
}

/** Runs the scale seed; returns the seconds each list took. */
export async function seedScale(
  options: ScaleOptions,
  now = Date.now(),
): Promise<Record<string, number>> {
  const config = loadConfig();
  const db = await openDb(config);
  const timings: Record<string, number> = {};
  try {
    await seedIfEmpty(db, () => now);
    const [customer] = await db.query<{
      id: string;
      company_id: string;
      customer_id: string;
      name: string;
    }>("SELECT id, company_id, customer_id, name FROM customers WHERE id = $1", [options.customer]);
    if (!customer) throw new Error(`Unknown customer ${options.customer}`);
    const ctx: Context = {
      customerId: customer.id,
      customerName: customer.name,
      ref: customer.customer_id.replace(/\D/g, "") || "0",
      today: easternDate(now),
    };
    for (const list of MODULES) {
      const n = options[list];
      if (n === 0) continue;
      const started = performance.now();
      await db.transaction((tx) => addRows(tx, list, n, ctx, customer.company_id));
      // Fresh statistics for the planner, and a visibility map for index-only scans.
      await db.exec(`VACUUM ANALYZE ${list}`);
      const seconds = (performance.now() - started) / 1000;
      timings[list] = seconds;
      console.log(`${list}: +${n.toLocaleString("en-US")} rows in ${seconds.toFixed(1)} s`);
    }
  } finally {
    await db.close();
  }
  return timings;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const started = performance.now();
  seedScale(parseScaleArgs(process.argv.slice(2)))
    .then(() => {
      console.log(`Scale seed done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    })
    .catch((err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exitCode = 1;
    });
}
