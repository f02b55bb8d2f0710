/** The seed of CONTRACT.md §1: two companies, four users (password Portal!2345), their customers. */
import { hashPassword } from "../crypto";
import type { Db, Queryable } from "../db";
import { seedActivity } from "./activity";
import { seedBilling } from "./billing";
import { insertAccountSeed } from "./account";
import { seedSubscriptions } from "./subscriptions";

export const SEED_PASSWORD = "Portal!2345";

const ALL_TABS = ["invoices", "payments", "usages", "credits", "statements", "subscriptions"];

export const SEED_COMPANIES = [
  {
    id: "acme",
    name: "Acme Water",
    domain: "localhost",
    primaryColor: "#0f766e",
    logoUrl: "/brand/acme-logo.svg",
    bannerUrl: "/brand/acme-banner.svg",
    tncUrl: "https://acme.example/terms",
    privacyUrl: "https://acme.example/privacy",
    displayTncPrivacyUrl: true,
    enabledTabs: ALL_TABS,
    gateway: "stripe",
    partialPayments: { allowed: true, minimum: "5.00" },
    cancelReasons: [
      "too_expensive",
      "not_using_enough",
      "missing_features",
      "switching_provider",
      "temporary_need",
      "other",
    ],
    pauseMaxCycles: 3,
    retentionOffers: [
      { kind: "pause", cycles: 2 },
      { kind: "cheaper_plan" },
      { kind: "discount", percent_off: 20, cycles: 3 },
    ],
    passkeySignIn: true,
  },
  {
    id: "globex",
    name: "Globex Energy",
    domain: "127.0.0.1",
    primaryColor: "#7c3aed",
    logoUrl: "/brand/globex-logo.svg",
    bannerUrl: null,
    tncUrl: null,
    privacyUrl: null,
    displayTncPrivacyUrl: false,
    enabledTabs: ["invoices", "payments", "statements"],
    gateway: "cardconnect-test",
    partialPayments: { allowed: false, minimum: null },
    cancelReasons: ["too_expensive", "switching_provider", "other"],
    pauseMaxCycles: null,
    retentionOffers: [],
    passkeySignIn: false,
  },
] as const;

export const SEED_CUSTOMERS = [
  {
    id: "cus_acme_1001",
    companyId: "acme",
    customerId: "CUST-1001",
    name: "Ada Lovelace Engineering",
  },
  { id: "cus_acme_1002", companyId: "acme", customerId: "CUST-1002", name: "Northwind Traders" },
  { id: "cus_acme_1003", companyId: "acme", customerId: "CUST-1003", name: "Contoso Pharmacy" },
  { id: "cus_acme_1004", companyId: "acme", customerId: "CUST-1004", name: "Fabrikam Farms" },
  { id: "cus_acme_1005", companyId: "acme", customerId: "CUST-1005", name: "Zero Balance Bakery" },
  {
    id: "cus_globex_2001",
    companyId: "globex",
    customerId: "CUST-2001",
    name: "Gina's Garden Supplies",
  },
] as const;

/** Fixed ids so that links and fixtures stay stable across resets. */
export const SEED_USERS = [
  {
    id: "00000000-0000-4000-8000-000000000001",
    companyId: "acme",
    email: "ada@acme.test",
    customers: ["cus_acme_1001"],
  },
  {
    id: "00000000-0000-4000-8000-000000000002",
    companyId: "acme",
    email: "multi@acme.test",
    customers: ["cus_acme_1002", "cus_acme_1003", "cus_acme_1004"],
  },
  {
    id: "00000000-0000-4000-8000-000000000003",
    companyId: "acme",
    email: "zero@acme.test",
    customers: ["cus_acme_1005"],
  },
  {
    id: "00000000-0000-4000-8000-000000000004",
    companyId: "globex",
    email: "gina@globex.test",
    customers: ["cus_globex_2001"],
  },
] as const;

// Hashing is slow by design (scrypt): computed once per process, shared by every seeded user and
// every reset.
let seedHash: Promise<string> | undefined;
function seedPasswordHash(): Promise<string> {
  seedHash ??= hashPassword(SEED_PASSWORD).catch((err: unknown) => {
    seedHash = undefined;
    throw err;
  });
  return seedHash;
}

/** `($1, $2, ...), ($n, ...)` placeholders for a multi-row INSERT. */
function valuesList(rows: number, columns: number): string {
  return Array.from(
    { length: rows },
    (_, r) =>
      `(${Array.from({ length: columns }, (_, c) => `$${r * columns + c + 1}`).join(", ")})`,
  ).join(", ");
}

async function insertSeed(tx: Queryable, now: number): Promise<void> {
  const passwordHash = await seedPasswordHash();
  await tx.query(
    `INSERT INTO companies (id, name, domain, primary_color, logo_url, banner_url, tnc_url, privacy_url,
                            display_tnc_privacy_url, enabled_tabs, gateway,
                            partial_payments_allowed, partial_payment_minimum, cancel_reasons,
                            pause_max_cycles, retention_offers, passkey_sign_in)
     VALUES ${valuesList(SEED_COMPANIES.length, 17)}`,
    SEED_COMPANIES.flatMap((c) => [
      c.id,
      c.name,
      c.domain,
      c.primaryColor,
      c.logoUrl,
      c.bannerUrl,
      c.tncUrl,
      c.privacyUrl,
      c.displayTncPrivacyUrl,
      JSON.stringify(c.enabledTabs),
      c.gateway,
      c.partialPayments.allowed,
      c.partialPayments.minimum,
      JSON.stringify(c.cancelReasons),
      c.pauseMaxCycles,
      JSON.stringify(c.retentionOffers),
      c.passkeySignIn,
    ]),
  );
  await tx.query(
    `INSERT INTO customers (id, company_id, customer_id, name) VALUES ${valuesList(SEED_CUSTOMERS.length, 4)}`,
    SEED_CUSTOMERS.flatMap((c) => [c.id, c.companyId, c.customerId, c.name]),
  );
  await tx.query(
    `INSERT INTO users (id, company_id, email, password_hash, email_verified, customer_id, selected_customer_id)
     VALUES ${valuesList(SEED_USERS.length, 7)}`,
    SEED_USERS.flatMap((u) => [
      u.id,
      u.companyId,
      u.email,
      passwordHash,
      true,
      u.customers[0],
      u.customers[0],
    ]),
  );
  const links = SEED_USERS.flatMap((u) =>
    u.customers.map((customerId, position) => [u.id, customerId, position]),
  );
  await tx.query(
    `INSERT INTO user_customers (user_id, customer_id, position) VALUES ${valuesList(links.length, 3)}`,
    links.flat(),
  );
  await insertAccountSeed(tx);
  await seedBilling(tx, now);
  await seedSubscriptions(tx, now);
  const [ada, multi] = SEED_USERS;
  await seedActivity(tx, now, { ada, multi });
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Every table of the current schema except schema_migrations, children before parents (so plain
 * DELETEs satisfy the foreign keys), or null when the foreign keys form a cycle.
 */
async function dataTablesInDeleteOrder(q: Queryable): Promise<string[] | null> {
  const tables = (
    await q.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables
        WHERE schemaname = current_schema() AND tablename NOT IN ('schema_migrations', 'list_versions')
        ORDER BY tablename`,
    )
  ).map((r) => r.name);
  const edges = await q.query<{ child: string; parent: string }>(
    `SELECT c.relname AS child, p.relname AS parent
       FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid
       JOIN pg_class p ON p.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE k.contype = 'f' AND n.nspname = current_schema() AND c.relname <> p.relname`,
  );
  // Repeatedly take the tables no remaining table references.
  const remaining = new Set(tables);
  const order: string[] = [];
  while (remaining.size > 0) {
    const free = [...remaining].filter(
      (t) => !edges.some((e) => e.parent === t && e.child !== t && remaining.has(e.child)),
    );
    if (free.length === 0) return null;
    for (const t of free) {
      order.push(t);
      remaining.delete(t);
    }
  }
  return order;
}

const deleteOrders = new WeakMap<Db, string[] | null>();

/**
 * Empties every data table and seeds again (POST /__sandbox/reset). Not list_versions: it is
 * bookkeeping, and the deletes themselves move every list's version on (migrations/004). Plain DELETEs in foreign-key
 * order: on these small tables they are much faster than TRUNCATE, which rewrites every table
 * (TRUNCATE remains the fallback should the foreign keys ever form a cycle).
 */
export async function resetDatabase(db: Db, now: () => number = Date.now): Promise<void> {
  await seedPasswordHash();
  await db.transaction(async (tx) => {
    if (!deleteOrders.has(db)) deleteOrders.set(db, await dataTablesInDeleteOrder(tx));
    const order = deleteOrders.get(db);
    if (order) {
      await tx.exec(order.map((t) => `DELETE FROM ${quoteIdent(t)};`).join("\n"));
    } else {
      const rows = await tx.query<{ name: string }>(
        `SELECT tablename AS name FROM pg_tables
          WHERE schemaname = current_schema() AND tablename NOT IN ('schema_migrations', 'list_versions')`,
      );
      await tx.exec(
        `TRUNCATE ${rows.map((r) => quoteIdent(r.name)).join(", ")} RESTART IDENTITY CASCADE`,
      );
    }
    await insertSeed(tx, now());
  });
}

/** Seeds when the database has no company yet (first start). Returns whether it seeded. */
export async function seedIfEmpty(db: Db, now: () => number = Date.now): Promise<boolean> {
  await seedPasswordHash();
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext(current_schema() || '.seed'))");
    const [row] = await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM companies");
    if (Number(row?.n ?? 0) > 0) return false;
    await insertSeed(tx, now());
    return true;
  });
}
