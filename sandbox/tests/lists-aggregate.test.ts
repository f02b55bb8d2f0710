/**
 * GET /v1/usages/aggregate (CONTRACT.md §5 "Usage aggregate"): for the list's own filters, the
 * quantities per day, week and month and per unit add up to the usages list's rows, to the 4th
 * decimal; buckets are dense and begin on the day, the Monday or the 1st; writes are seen at once
 * (the cache follows the list's version); malformed input is a 400.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./support/harness";

type Aggregate = {
  group_by: string;
  time_zone: string;
  buckets: { start: string; end: string }[];
  series: { unit_of_measure: string; quantities: number[]; total: number; count: number }[];
  count: number;
};
type Usage = { id: string; date: string; quantity: number; unit_of_measure: string };

let h: Harness;
let token: string;
beforeAll(async () => {
  h = await startHarness("lists_aggregate");
}, 60_000);
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.reset();
  token = (await h.login("ada@acme.test")).accessToken;
});

const FILTERS: [string, string][][] = [
  [],
  [["filter_options[usages][0][unit_of_measure]", "kWh"]],
  [["filter_options[usages][0][description]", "/water/i"]],
  [
    ["filter_options[usages][0][date][gte]", "2029-06-01"],
    ["filter_options[usages][1][date][lt]", "2029-09-01"],
  ],
  [["filter_options[usages][0][invoiced]", "false"]],
  // The text rollup: case folded beyond ASCII, LIKE's own characters taken literally, negated,
  // exact, and beside a column of the rollup.
  [["filter_options[usages][0][description]", "/MÜLLER & SÖHNE/i"]],
  [["filter_options[usages][0][description]", "/100%/i"]],
  [["filter_options[usages][0][description][not]", "/water/i"]],
  [
    ["filter_options[usages][0][description]", "Electricity"],
    ["filter_options[usages][1][invoiced]", "true"],
  ],
  // Not a column of the rollup: read from the usage lines themselves.
  [["filter_options[usages][0][quantity][gt]", "500"]],
];

async function aggregate(groupBy: string, filters: [string, string][] = []) {
  const query = new URLSearchParams([["group_by", groupBy], ...filters]);
  return h.api<Aggregate>("GET", `/v1/usages/aggregate?${query}`, { token });
}

/** Every usage row of the filters, through the list itself. */
async function allRows(filters: [string, string][]): Promise<Usage[]> {
  const rows: Usage[] = [];
  for (let page = 1; ; page++) {
    const query = new URLSearchParams([["page", String(page)], ["size", "100"], ...filters]);
    const res = await h.api<{ usages: Usage[]; total: number }>("GET", `/v1/usages?${query}`, {
      token,
    });
    expect(res.status).toBe(200);
    rows.push(...res.body.data.usages);
    if (rows.length >= res.body.data.total) return rows;
  }
}

const sum4 = (values: number[]) =>
  Math.round(values.reduce((a, b) => a + Math.round(b * 10_000), 0)) / 10_000;

describe("GET /v1/usages/aggregate", () => {
  it.each(FILTERS.map((f, i) => [i, f] as const))(
    "filters %i: the totals per unit equal the list's rows, for day, week and month",
    async (_, filters) => {
      const rows = await allRows(filters);
      expect(rows.length).toBeGreaterThan(0);
      const units = [...new Set(rows.map((r) => r.unit_of_measure))].sort();
      for (const groupBy of ["day", "week", "month"]) {
        const res = await aggregate(groupBy, filters);
        expect(res.status).toBe(200);
        const a = res.body.data;
        expect(a.count).toBe(rows.length);
        expect(a.series.map((s) => s.unit_of_measure)).toEqual(units);
        for (const s of a.series) {
          const mine = rows.filter((r) => r.unit_of_measure === s.unit_of_measure);
          expect(s.total).toBe(sum4(mine.map((r) => r.quantity)));
          expect(s.count).toBe(mine.length);
          expect(sum4(s.quantities)).toBe(s.total);
          expect(s.quantities).toHaveLength(a.buckets.length);
          // Each bucket holds exactly its days' rows.
          a.buckets.forEach((b, i) => {
            const inside = mine.filter((r) => r.date >= b.start && r.date <= b.end);
            expect(s.quantities[i]).toBe(sum4(inside.map((r) => r.quantity)));
          });
        }
      }
    },
  );

  it("has dense buckets that begin on the day, the Monday and the 1st", async () => {
    for (const [groupBy, begins] of [
      ["day", () => true],
      ["week", (d: string) => new Date(`${d}T12:00:00Z`).getUTCDay() === 1],
      ["month", (d: string) => d.endsWith("-01")],
    ] as const) {
      const a = (await aggregate(groupBy)).body.data;
      expect(a).toMatchObject({ group_by: groupBy, time_zone: "America/New_York" });
      expect(a.buckets.every((b) => begins(b.start))).toBe(true);
      for (let i = 1; i < a.buckets.length; i++) {
        const next = new Date(`${a.buckets[i - 1]!.end}T12:00:00Z`);
        next.setUTCDate(next.getUTCDate() + 1);
        expect(a.buckets[i]!.start).toBe(next.toISOString().slice(0, 10));
      }
    }
  });

  it("sees a usage line recorded after it answered (the cache follows the list's version)", async () => {
    const before = (await aggregate("month")).body.data;
    const units = before.series.find((s) => s.unit_of_measure === "units");
    const recorded = await h.request("POST", "/__sandbox/usages", {
      body: {
        email: "ada@acme.test",
        subscription_id: "SUB-1001-02",
        charge_id: "CHG-1001-02-A",
        quantity: 12.3456,
        date: "2030-01-15",
      },
    });
    expect(recorded.status).toBe(200);
    const after = (await aggregate("month")).body.data;
    const grown = after.series.find((s) => s.unit_of_measure === "units")!;
    expect(Math.round((grown.total - (units?.total ?? 0)) * 10_000)).toBe(123_456);
    expect(after.count).toBe(before.count + 1);
  });

  it("follows updates and deletes of usage lines (the rollups' triggers)", async () => {
    const invoiced: [string, string][] = [["filter_options[usages][0][invoiced]", "true"]];
    const water: [string, string][] = [["filter_options[usages][0][description]", "/water/i"]];
    const before = (await aggregate("month", invoiced)).body.data.count;
    await h.sandbox.db.query(
      `UPDATE usages SET invoiced = true, invoice_id = 'INV-X' WHERE customer_id = 'cus_acme_1001'
         AND NOT invoiced AND date >= '2029-12-01'`,
    );
    const after = (await aggregate("month", invoiced)).body.data;
    expect(after.count).toBeGreaterThan(before);
    expect(after.count).toBe((await allRows(invoiced)).length);
    // A description rewritten moves its quantity from one text group to another.
    await h.sandbox.db.query(
      `UPDATE usages SET description = 'WATER, renamed' WHERE customer_id = 'cus_acme_1001'
         AND description NOT ILIKE '%water%' AND date >= '2029-11-01'`,
    );
    const renamed = await allRows(water);
    const watered = (await aggregate("week", water)).body.data;
    expect(watered.count).toBe(renamed.length);
    expect(sum4(watered.series.map((s) => s.total))).toBe(sum4(renamed.map((r) => r.quantity)));
    await h.sandbox.db.query(
      "DELETE FROM usages WHERE customer_id = 'cus_acme_1001' AND date >= '2029-12-01'",
    );
    const rows = await allRows([]);
    const all = (await aggregate("day")).body.data;
    expect(all.count).toBe(rows.length);
    expect(all.buckets.at(-1)!.start < "2029-12-01").toBe(true);
    expect((await aggregate("day", water)).body.data.count).toBe((await allRows(water)).length);
  });

  it("refuses a missing or unknown group_by, a bad filter, and more than 1,000 buckets", async () => {
    expect((await h.api("GET", "/v1/usages/aggregate", { token })).status).toBe(400);
    expect((await aggregate("year")).status).toBe(400);
    expect((await aggregate("day", [["filter_options[usages][0][nope]", "1"]])).status).toBe(400);
    await h.sandbox.db.query(
      `INSERT INTO usages (id, customer_id, date, quantity, unit_of_measure, created_date, updated_date)
       VALUES ('USG-OLD', 'cus_acme_1001', '2020-01-01', 1, 'units', now(), now())`,
    );
    const tooMany = await aggregate("day");
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toMatch(/group by a longer period/);
    expect((await aggregate("week")).status).toBe(200);
  });

  it("answers 401 without a bearer and only the selected customer's usage", async () => {
    expect((await h.api("GET", "/v1/usages/aggregate?group_by=day")).status).toBe(401);
    const gina = (await h.login("gina@globex.test")).accessToken;
    const theirs = await h.api<Aggregate>("GET", "/v1/usages/aggregate?group_by=month", {
      token: gina,
    });
    const ours = (await aggregate("month")).body.data;
    expect(theirs.body.data.count).not.toBe(ours.count);
  });
});
