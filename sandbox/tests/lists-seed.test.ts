/**
 * The billing seed: deterministic for a seed number and an Eastern day, the figures CONTRACT.md §1
 * promises per user, and ledgers that add up.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CUSTOM_FIELD_TYPES } from "@billing-portal/contract/filter-options";
import { resetDatabase } from "../src/seed";
import { generateBilling, type SeedCustomer } from "../src/seed/billing";
import { startHarness, type Harness } from "./support/harness";
import { ADA, GINA, MULTI, ZERO } from "./support/lists-fixtures";

let h: Harness;
beforeAll(async () => {
  h = await startHarness("lists_seed");
  await h.reset();
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const TABLES = [
  "invoices",
  "payments",
  "payment_applications",
  "usages",
  "credits",
  "statements",
  "custom_field_definitions",
  "column_configurations",
];

/** One digest per billing table, over every column of every row. */
async function digests(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of TABLES) {
    const [row] = await h.sandbox.db.query<{ d: string | null }>(
      `SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS d FROM ${table} t`,
    );
    out[table] = row?.d ?? "";
  }
  return out;
}

const count = async (sql: string, params: unknown[] = []) =>
  Number((await h.sandbox.db.query<{ n: unknown }>(sql, params))[0]?.n);

describe("the billing seed", () => {
  it("is the same for the same seed and day, whatever the time of day", async () => {
    const morning = await digests();
    // 07:00 → 18:59 in New York: still 2030-01-15.
    await resetDatabase(h.sandbox.db, () => h.now() + 11 * 3600_000 + 59 * 60_000);
    expect(await digests()).toEqual(morning);
    await resetDatabase(h.sandbox.db, h.now);
  });

  it("is generated purely from the seed number and the day", () => {
    const customers: SeedCustomer[] = [
      { id: "cus_acme_1001", company_id: "acme", name: "Ada Lovelace Engineering" },
    ];
    const a = generateBilling(1, "2030-01-15", customers);
    expect(generateBilling(1, "2030-01-15", customers)).toEqual(a);
    expect(generateBilling(2, "2030-01-15", customers).invoices).not.toEqual(a.invoices);
    const nextDay = generateBilling(1, "2030-01-16", customers);
    expect(nextDay.usages[0]?.date).not.toBe(a.usages[0]?.date);
  });

  it("gives ada 120 invoices, 80 payments, 1,000 usages, 30 credits and 24 statements", async () => {
    const n = (table: string) =>
      count(`SELECT count(*) AS n FROM ${table} WHERE customer_id = $1`, [ADA.customerId]);
    expect([
      await n("invoices"),
      await n("payments"),
      await n("usages"),
      await n("credits"),
      await n("statements"),
    ]).toEqual([120, 80, 1000, 30, 24]);
  });

  it("leaves ada owing: open, partially paid and overdue invoices, failed payments", async () => {
    const q = (where: string) =>
      count(`SELECT count(*) AS n FROM invoices WHERE customer_id = $1 AND ${where}`, [
        ADA.customerId,
      ]);
    expect(await q("status = 'Posted' AND due_date >= '2030-01-15'")).toBeGreaterThan(0);
    expect(await q("status = 'Partially paid'")).toBeGreaterThan(0);
    expect(
      await q("status IN ('Posted', 'Partially paid') AND due_date < '2030-01-15'"),
    ).toBeGreaterThan(0);
    expect(await q("status = 'Void'")).toBeGreaterThan(0);
    expect(await q("balance > 0")).toBeGreaterThan(0);
    expect(
      await count(
        "SELECT count(*) AS n FROM payments WHERE customer_id = $1 AND status = 'failed'",
        [ADA.customerId],
      ),
    ).toBeGreaterThan(0);
  });

  it("leaves zero@ with everything paid and nothing due", async () => {
    expect(
      await count(
        "SELECT count(*) AS n FROM invoices WHERE customer_id = $1 AND (balance <> 0 OR status IN ('Posted', 'Partially paid'))",
        [ZERO.customerId],
      ),
    ).toBe(0);
    expect(
      await count("SELECT count(*) AS n FROM invoices WHERE customer_id = $1", [ZERO.customerId]),
    ).toBeGreaterThan(0);
  });

  it("gives multi@'s customers and gina smaller sets of their own", async () => {
    for (const customerId of [
      MULTI.customerId,
      "cus_acme_1003",
      "cus_acme_1004",
      GINA.customerId,
    ]) {
      for (const table of ["invoices", "payments", "usages", "credits", "statements"]) {
        const n = await count(`SELECT count(*) AS n FROM ${table} WHERE customer_id = $1`, [
          customerId,
        ]);
        expect(n, `${customerId} ${table}`).toBeGreaterThanOrEqual(8);
        expect(n, `${customerId} ${table}`).toBeLessThanOrEqual(40);
      }
    }
  });

  it("keeps the ledger consistent: applications add up to what was paid", async () => {
    // Every invoice's paid part is exactly what payments applied to it.
    expect(
      await count(`SELECT count(*) AS n FROM invoices i
                    WHERE i.status <> 'Void' AND i.invoice_amount - i.balance <>
                      COALESCE((SELECT sum(amount) FROM payment_applications a WHERE a.invoice_id = i.id), 0)`),
    ).toBe(0);
    // Every payment's applied amount is the sum of its applications.
    expect(
      await count(`SELECT count(*) AS n FROM payments p
                    WHERE p.applied_amount <>
                      COALESCE((SELECT sum(amount) FROM payment_applications a WHERE a.payment_id = p.id), 0)
                       OR p.payment_amount < p.applied_amount + p.unapplied_amount`),
    ).toBe(0);
    expect(
      await count(`SELECT count(*) AS n FROM (SELECT payment_id FROM payment_applications
                    GROUP BY payment_id HAVING count(*) >= 3) x`),
    ).toBeGreaterThan(0);
  });

  it("varies the data: currencies and statuses of credits, long and non-ASCII texts", async () => {
    const values = async (sql: string) =>
      (await h.sandbox.db.query<{ v: string }>(sql)).map((r) => r.v).sort();
    expect(await values("SELECT DISTINCT currency AS v FROM credits")).toEqual([
      "CAD",
      "EUR",
      "GBP",
      "USD",
    ]);
    expect(await values("SELECT DISTINCT status AS v FROM credits")).toEqual([
      "Draft",
      "Partially Refunded",
      "Processed",
      "Refunded",
    ]);
    expect(
      await count("SELECT count(*) AS n FROM usages WHERE length(description) > 200"),
    ).toBeGreaterThan(0);
    expect(
      await count("SELECT count(*) AS n FROM usages WHERE length(description) BETWEEN 41 AND 200"),
    ).toBeGreaterThan(0);
    for (const text of ["é", "ü", "ß", "東京"]) {
      const found = await count(
        "SELECT count(*) AS n FROM usages WHERE position($1 in description) > 0",
        [text],
      );
      expect(found, text).toBeGreaterThan(0);
    }
  });

  it("defines custom fields of every type, hidden ones, a file upload and a duplicate of a built-in", async () => {
    const defs = await h.sandbox.db.query<{
      module: string;
      api_name: string;
      field_type: string;
      display_in_cp: boolean;
    }>(
      "SELECT module, api_name, field_type, display_in_cp FROM custom_field_definitions WHERE company_id = 'acme'",
    );
    expect(new Set(defs.map((d) => d.field_type))).toEqual(new Set(CUSTOM_FIELD_TYPES));
    expect(defs.some((d) => !d.display_in_cp)).toBe(true);
    expect(defs.filter((d) => d.field_type === "file_upload")).toHaveLength(1);
    expect(defs).toContainEqual(
      expect.objectContaining({ module: "invoices", api_name: "status" }),
    );
    // Values are stored per row, hidden fields included.
    expect(
      await count("SELECT count(*) AS n FROM invoices WHERE custom_fields ? 'internal_notes'"),
    ).toBeGreaterThan(0);
  });
});
