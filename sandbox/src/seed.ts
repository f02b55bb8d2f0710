/** The seed of CONTRACT.md §1: two companies, four users (password Portal!2345), their customers. */
import { hashPassword } from "./crypto";
import type { Db, Queryable } from "./db";

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
  },
] as const;

export const SEED_CUSTOMERS = [
  { id: "cus_acme_1001", companyId: "acme", customerId: "CUST-1001", name: "Ada Lovelace Engineering" },
  { id: "cus_acme_1002", companyId: "acme", customerId: "CUST-1002", name: "Northwind Traders" },
  { id: "cus_acme_1003", companyId: "acme", customerId: "CUST-1003", name: "Contoso Pharmacy" },
  { id: "cus_acme_1004", companyId: "acme", customerId: "CUST-1004", name: "Fabrikam Farms" },
  { id: "cus_acme_1005", companyId: "acme", customerId: "CUST-1005", name: "Zero Balance Bakery" },
  { id: "cus_globex_2001", companyId: "globex", customerId: "CUST-2001", name: "Gina's Garden Supplies" },
] as const;

/** Fixed ids so that links and fixtures stay stable across resets. */
export const SEED_USERS = [
  { id: "00000000-0000-4000-8000-000000000001", companyId: "acme", email: "ada@acme.test", customers: ["cus_acme_1001"] },
  {
    id: "00000000-0000-4000-8000-000000000002",
    companyId: "acme",
    email: "multi@acme.test",
    customers: ["cus_acme_1002", "cus_acme_1003", "cus_acme_1004"],
  },
  { id: "00000000-0000-4000-8000-000000000003", companyId: "acme", email: "zero@acme.test", customers: ["cus_acme_1005"] },
  { id: "00000000-0000-4000-8000-000000000004", companyId: "globex", email: "gina@globex.test", customers: ["cus_globex_2001"] },
] as const;

// Hashing costs ~50 ms: computed once per process, shared by every seeded user and every reset.
let seedHash: Promise<string> | undefined;
function seedPasswordHash(): Promise<string> {
  seedHash ??= hashPassword(SEED_PASSWORD).catch((err: unknown) => {
    seedHash = undefined;
    throw err;
  });
  return seedHash;
}

async function insertSeed(tx: Queryable): Promise<void> {
  const passwordHash = await seedPasswordHash();
  for (const c of SEED_COMPANIES) {
    await tx.query(
      `INSERT INTO companies (id, name, domain, primary_color, logo_url, banner_url, tnc_url, privacy_url,
                              display_tnc_privacy_url, enabled_tabs, gateway)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
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
      ],
    );
  }
  for (const c of SEED_CUSTOMERS) {
    await tx.query("INSERT INTO customers (id, company_id, customer_id, name) VALUES ($1, $2, $3, $4)", [
      c.id,
      c.companyId,
      c.customerId,
      c.name,
    ]);
  }
  for (const u of SEED_USERS) {
    const first = u.customers[0];
    await tx.query(
      `INSERT INTO users (id, company_id, email, password_hash, email_verified, customer_id, selected_customer_id)
       VALUES ($1, $2, $3, $4, true, $5, $5)`,
      [u.id, u.companyId, u.email, passwordHash, first],
    );
    for (const [position, customerId] of u.customers.entries()) {
      await tx.query("INSERT INTO user_customers (user_id, customer_id, position) VALUES ($1, $2, $3)", [
        u.id,
        customerId,
        position,
      ]);
    }
  }
}

/** Every table of the current schema except schema_migrations. */
async function dataTables(q: Queryable): Promise<string[]> {
  const rows = await q.query<{ tablename: string }>(
    `SELECT tablename FROM pg_tables
      WHERE schemaname = current_schema() AND tablename <> 'schema_migrations'
      ORDER BY tablename`,
  );
  return rows.map((r) => r.tablename);
}

/** Truncates every data table and seeds again (POST /__sandbox/reset). */
export async function resetDatabase(db: Db): Promise<void> {
  await seedPasswordHash();
  await db.transaction(async (tx) => {
    const tables = await dataTables(tx);
    if (tables.length > 0) {
      await tx.exec(`TRUNCATE ${tables.map((t) => `"${t.replaceAll('"', '""')}"`).join(", ")} RESTART IDENTITY CASCADE`);
    }
    await insertSeed(tx);
  });
}

/** Seeds when the database has no company yet (first start). Returns whether it seeded. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  await seedPasswordHash();
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext(current_schema() || '.seed'))");
    const [row] = await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM companies");
    if (Number(row?.n ?? 0) > 0) return false;
    await insertSeed(tx);
    return true;
  });
}
