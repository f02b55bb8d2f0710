/**
 * Totals cached by filters (src/lists/totals.ts): counted once per view, and counted again after
 * any write to the list's rows, through the API, pay-now or plain SQL (migrations/004).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseFilterBody } from "../src/lists/decode";
import { loadListFields } from "../src/lists/list";
import { cachedTotal, totalKey } from "../src/lists/totals";
import { startHarness, type Harness } from "./support/harness";
import { createFreshCustomer, FRESH, insertRows, label, list } from "./support/lists-fixtures";

let h: Harness;

beforeAll(async () => {
  h = await startHarness("lists_totals");
});

afterAll(async () => {
  await h.close();
});

beforeEach(async () => {
  await h.reset();
  await createFreshCustomer(h.sandbox.db);
  await insertRows(h.sandbox.db, "usages", [
    { id: "U1", unit_of_measure: "kWh" },
    { id: "U2", unit_of_measure: "kWh" },
    { id: "U3", unit_of_measure: "GB" },
  ]);
});

const kwh = label("usages", 0, "unit_of_measure", "kWh");
const totalOf = async (query: [string, string][]) =>
  (await list(h.sandbox.db, FRESH, "usages", [...query, ["with_total", "true"]])).total;

describe("list totals", () => {
  it("follows every kind of write to the rows, not a stale count", async () => {
    expect(await totalOf([kwh])).toBe(2);
    expect(await totalOf([])).toBe(3);

    await insertRows(h.sandbox.db, "usages", [{ id: "U4", unit_of_measure: "kWh" }]);
    expect(await totalOf([kwh])).toBe(3);
    expect(await totalOf([])).toBe(4);

    await h.sandbox.db.query("UPDATE usages SET unit_of_measure = 'GB' WHERE id = 'U1'");
    expect(await totalOf([kwh])).toBe(2);

    await h.sandbox.db.query("DELETE FROM usages WHERE id IN ('U2', 'U3')");
    expect(await totalOf([kwh])).toBe(1);
    expect(await totalOf([])).toBe(2);
  });

  it("keeps a version for every list through the sandbox's reset, so totals stay cacheable", async () => {
    const versions = async () =>
      new Map(
        (
          await h.sandbox.db.query<{ module: string; version: unknown }>(
            "SELECT module, version::text AS version FROM list_versions",
          )
        ).map((r) => [r.module, String(r.version)]),
      );
    const before = await versions();
    expect([...before.keys()].sort()).toEqual([
      "credits",
      "invoices",
      "payments",
      "statements",
      "usages",
    ]);
    await h.reset();
    const after = await versions();
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    // The reset rewrote every list: no version may be one a cached total was counted at.
    for (const [module, version] of after) expect(version).not.toBe(before.get(module));
  });

  it("counts a view once until the list changes, whatever order its filters come in", async () => {
    const db = h.sandbox.db;
    const fields = await loadListFields(db, "acme", "usages");
    const a = parseFilterBody(fields, { usages: [{ unit_of_measure: "kWh" }, { id: "U1" }] });
    const b = parseFilterBody(fields, { usages: [{ id: "U1" }, { unit_of_measure: "kWh" }] });
    expect(totalKey("usages", FRESH.customerId, a)).toBe(totalKey("usages", FRESH.customerId, b));
    expect(totalKey("usages", FRESH.customerId, a)).not.toBe(totalKey("usages", "cus_other", a));

    let counted = 0;
    const count = async () => {
      counted += 1;
      return 42;
    };
    const key = totalKey("usages", FRESH.customerId, a);
    expect(await cachedTotal(db, "usages", key, count)).toBe(42);
    expect(await cachedTotal(db, "usages", key, count)).toBe(42);
    expect(counted).toBe(1);

    // A write to another list leaves this one's totals alone.
    await insertRows(db, "credits", [{ id: "C1" }]);
    await cachedTotal(db, "usages", key, count);
    expect(counted).toBe(1);

    await insertRows(db, "usages", [{ id: "U9" }]);
    await cachedTotal(db, "usages", key, count);
    expect(counted).toBe(2);
  });
});
