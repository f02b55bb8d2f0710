/** GET /v1/plans and /v1/plans/{id} (docs/CONTRACT.md §7.1): the company's catalogue, paged. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer } from "./support/account";
import { startHarness, type Harness } from "./support/harness";

type Plan = {
  id: string;
  name: string;
  status: string;
  billing_period: string;
  currency: string;
  charges: {
    id: string;
    pricing_model: string;
    amount: number;
    default_quantity: number | null;
    tiers: unknown[];
    charge_timing: string;
  }[];
};
type Page = { data: Plan[]; total: number };

let h: Harness;
let ada: string;
let gina: string;
// Read-only: one seed for the whole file.
beforeAll(async () => {
  h = await startHarness("subscriptions_plans");
  ada = await bearer(h, "ada@acme.test");
  gina = await bearer(h, "gina@globex.test");
});
afterAll(async () => {
  await h?.close();
});

const page = async (query: string, token = ada) => {
  const res = await h.api<Page>("GET", `/v1/plans${query}`, { token });
  expect(res.status).toBe(200);
  return res.body.data;
};
const names = (p: Page) => p.data.map((x) => x.name);

describe("GET /v1/plans", () => {
  it("pages the company's catalogue by name, 10 by default", async () => {
    const first = await page("");
    expect(first.total).toBe(27);
    expect(first.data).toHaveLength(10);
    expect(names(first)).toEqual([...names(first)].sort());
    const third = await page("?page=3");
    expect(third.data).toHaveLength(7);
    const all = await page("?pageSize=50");
    expect(all.data).toHaveLength(27);
    expect(new Set(all.data.map((p) => p.id)).size).toBe(27);
    expect((await page("?pageSize=5&page=2")).data).toEqual(all.data.slice(5, 10));
    const globex = await page("?pageSize=50", gina);
    expect(globex.total).toBeGreaterThanOrEqual(25);
    expect(globex.data.every((p) => p.id.startsWith("PLN-G") && p.currency === "CAD")).toBe(true);
  });

  it("covers every pricing model and billing period, with tiers and timing", async () => {
    const all = (await page("?pageSize=50")).data;
    const charges = all.flatMap((p) => p.charges);
    expect(new Set(charges.map((c) => c.pricing_model))).toEqual(
      new Set(["flat", "per_unit", "volume", "tiered", "usage_based", "pre_rated"]),
    );
    expect(new Set(all.map((p) => p.billing_period))).toEqual(
      new Set(["monthly", "quarterly", "annual"]),
    );
    for (const c of charges) {
      expect(c.tiers.length > 0).toBe(c.pricing_model === "volume" || c.pricing_model === "tiered");
      expect(c.charge_timing).toBe(c.pricing_model === "usage_based" ? "in_arrears" : "in_advance");
      expect(c.default_quantity === null).toBe(c.pricing_model === "usage_based");
    }
    // Commercial Water Service's fixture units: volume, 30 units in the 21–50 tier at 3.50 = 105
    const fixtures = all.find((p) => p.id === "PLN-A002")?.charges[1];
    expect(fixtures).toMatchObject({ pricing_model: "volume", amount: 105, default_quantity: 30 });
  });

  it("sorts by id, name and status either way", async () => {
    const byId = await page("?sort=id%20desc&pageSize=5");
    expect(byId.data.map((p) => p.id)).toEqual([
      "PLN-A027",
      "PLN-A026",
      "PLN-A025",
      "PLN-A024",
      "PLN-A023",
    ]);
    const byName = await page("?sort=name%20desc&pageSize=50");
    expect(names(byName)).toEqual([...names(byName)].sort().reverse());
    const byStatus = await page("?sort=status%20desc&pageSize=5");
    expect(byStatus.data.map((p) => p.status)).toEqual([
      "inactive",
      "inactive",
      "active",
      "active",
      "active",
    ]);
    expect((await page("?sort=status%20asc&pageSize=5")).data[0]?.status).toBe("active");
  });

  it("filters by plan_id, plan_name and plan_status with the list operators", async () => {
    expect(names(await page("?filter_options[plans][0][plan_name]=/water/i&pageSize=50"))).toEqual([
      "Bulk Water Delivery",
      "Commercial Water Service",
      "Residential Water Basic",
      "Residential Water Plus",
      "Stormwater Fee",
      "Water Quality Reports",
      "Water Softener Rental",
      "Water Usage",
    ]);
    const inactive = await page("?filter_options[plans][0][plan_status]=Inactive");
    expect(inactive.data.map((p) => p.id)).toEqual(["PLN-A026", "PLN-A027"]);
    expect((await page("?filter_options[plans][0][plan_status][not]=inactive")).total).toBe(25);
    expect(
      (await page("?filter_options[plans][0][plan_id]=PLN-A001")).data.map((p) => p.name),
    ).toEqual(["Smart Metering Suite"]);
    const both = await page(
      "?filter_options[plans][0][plan_name]=/meter/i&filter_options[plans][1][plan_status]=active",
    );
    expect(names(both)).toEqual([
      "Irrigation Meter",
      "Meter Reading Premium",
      "Smart Metering Suite",
    ]);
    expect((await page("?filter_options[plans][0][plan_name]=/.%2B/")).total).toBe(27);
  });

  it("refuses malformed queries", async () => {
    for (const query of ["?pageSize=7", "?page=0", "?sort=price%20asc", "?sort=name"]) {
      expect((await h.api("GET", `/v1/plans${query}`, { token: ada })).status).toBe(422);
    }
    for (const query of [
      "?filter_options[plans][0][price]=1",
      "?filter_options[invoices][0][plan_name]=x",
      "?filter_options[plans][0][plan_name]=/[a/i",
    ]) {
      expect((await h.api("GET", `/v1/plans${query}`, { token: ada })).status).toBe(400);
    }
    expect((await h.api("GET", "/v1/plans")).status).toBe(401);
  });
});

describe("GET /v1/plans/{id}", () => {
  it("answers one plan of the company and 404 for another company's", async () => {
    const res = await h.api<{ data: Plan }>("GET", "/v1/plans/PLN-A001", { token: ada });
    expect(res.status).toBe(200);
    expect(res.body.data.data.name).toBe("Smart Metering Suite");
    expect(res.body.data.data.charges.length).toBeGreaterThanOrEqual(6);
    expect((await h.api("GET", "/v1/plans/PLN-G001", { token: ada })).status).toBe(404);
    expect((await h.api("GET", "/v1/plans/PLN-G001", { token: gina })).status).toBe(200);
    expect((await h.api("GET", "/v1/plans/PLN-NOPE", { token: ada })).status).toBe(404);
  });
});
