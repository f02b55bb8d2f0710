/**
 * The period estimate and the invoices the sandbox issues (sandbox/README.md "Period estimate and
 * invoices"), with the sandbox's clock at 2030-01-15 (US Eastern): an estimate computed by hand,
 * then the proof to the cent: a customer's test clock moves to each period's end, the period's
 * invoice is issued, and with no usage added after the estimate its total equals the projected
 * total and its balance the projected amount due, for every pricing model and after quantity
 * changes in mid-period.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bearer } from "./support/account";
import { startHarness, type Harness } from "./support/harness";

type Range = { start: string; end: string };
type Line = {
  charge_line_id: string;
  charge_name: string;
  pricing_model: string;
  quantity: number;
  cost_so_far: number;
  next_invoice_amount: number;
  billed_period: Range | null;
};
type Estimate = {
  subscription_id: string;
  status: string;
  currency: string;
  period: Range | null;
  next_invoice_date: string | null;
  cost_so_far: number;
  recurring_so_far: number;
  usage_so_far: number;
  projected_total: number;
  credits_applied: number;
  projected_amount_due: number;
  lines: Line[];
};
type Total = {
  currency: string;
  projected_total: number;
  credits_applied: number;
  projected_amount_due: number;
  credit_balance: number;
  next_invoice_date: string | null;
};
type CustomerEstimate = { today: string; subscriptions: Estimate[]; totals: Total[] };
type Issued = {
  id: string;
  subscription_id: string;
  invoice_date: string;
  invoice_amount: number;
  credits_applied: number;
  balance: number;
};

let h: Harness;
let ada: string;
beforeAll(async () => {
  h = await startHarness("subscriptions_periods");
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.reset();
  ada = await bearer(h, "ada@acme.test");
});

const customerEstimate = async (token = ada) => {
  const res = await h.api<CustomerEstimate>("GET", "/v1/customers/period_estimate", { token });
  expect(res.status).toBe(200);
  return res.body.data;
};
const estimateOf = (all: CustomerEstimate, id: string) => {
  const found = all.subscriptions.find((s) => s.subscription_id === id);
  if (!found) throw new Error(`${id} has no estimate`);
  return found;
};
const advance = async (to: string, email = "ada@acme.test") => {
  const res = await h.request<{ today: string; invoices: Issued[] }>(
    "POST",
    "/__sandbox/test_clocks/advance",
    { body: { email, to } },
  );
  expect(res.status, res.text).toBe(200);
  return res.body.invoices;
};
const recordUsage = async (body: Record<string, unknown>, email = "ada@acme.test") =>
  h.request<{ usage: { id: string } }>("POST", "/__sandbox/usages", { body: { email, ...body } });
const cents = (x: number) => Math.round(x * 100);
/** Half-up to cents, as the sandbox rounds each line. */
const r2 = (x: number) => Math.round(Number((x * 100).toFixed(6))) / 100;

describe("GET /v1/customers/period_estimate", () => {
  it("prices the current cycle of SUB-1001-01 as computed by hand", async () => {
    const all = await customerEstimate();
    expect(all.today).toBe("2030-01-15");
    const head = estimateOf(all, "SUB-1001-01");
    // Started 2028-11-05: the cycle is [2030-01-05, 2030-02-05), its last day 2030-02-04.
    expect(head.period).toEqual({ start: "2030-01-05", end: "2030-02-04" });
    expect(head.next_invoice_date).toBe("2030-02-05");
    // The invoice of 2030-02-05 bills the lines whose period begins then, in advance: monthly
    // 4 × 12.50 + 29 + 5.99 + 2 × 3.25 + 4 × 1.10 (pre-rated) + 45 + 30 fixtures at the volume
    // tier 21–50 (3.50) = 105; the quarterly data export bundle's quarter [2029-11-05, 2030-02-05)
    // ends then: tiered 100 × 0.20 + 50 × 0.15 = 27.50. The annual lines begin on 2029-11-05.
    expect(head.projected_total).toBe(r2(50 + 29 + 5.99 + 6.5 + 4.4 + 45 + 105 + 27.5));
    const line = (name: string) => head.lines.find((l) => l.charge_name === name)!;
    expect(line("Fixture Units")).toMatchObject({
      pricing_model: "volume",
      next_invoice_amount: 105,
    });
    expect(line("Data Export Bundle")).toMatchObject({
      pricing_model: "tiered",
      next_invoice_amount: 27.5,
      billed_period: { start: "2030-02-05", end: "2030-05-04" },
    });
    expect(line("Annual Meter Calibration")).toMatchObject({
      next_invoice_amount: 0,
      billed_period: null,
    });
    // So far: 11 of the cycle's 31 days for monthly lines; 11 of 92 days of the quarter; 11 of
    // 365 days of the year for the annual ones (calibration 180, backflow 3 × 65).
    const monthly = [50, 29, 5.99, 6.5, 4.4, 45, 105].map((a) => r2((a * 11) / 31));
    const longer = [r2((27.5 * 11) / 92), r2((180 * 11) / 365), r2((195 * 11) / 365)];
    expect(cents(head.recurring_so_far)).toBe(
      [...monthly, ...longer].reduce((a, b) => a + cents(b), 0),
    );
    expect(head.usage_so_far).toBe(0);
  });

  it("bills usage in arrears and says which subscriptions are not active", async () => {
    const all = await customerEstimate();
    const workshop = estimateOf(all, "SUB-1001-02");
    // Started 2029-04-20: the cycle is [2029-12-20, 2030-01-20).
    expect(workshop.period).toEqual({ start: "2029-12-20", end: "2030-01-19" });
    const water = workshop.lines.find((l) => l.pricing_model === "usage_based")!;
    expect(water.billed_period).toEqual(workshop.period);
    expect(water.next_invoice_amount).toBe(r2(water.quantity * 0.0125));
    expect(workshop.usage_so_far).toBe(water.cost_so_far);
    const pool = estimateOf(all, "SUB-1001-03");
    expect(pool).toMatchObject({
      status: "cancelled",
      period: null,
      next_invoice_date: null,
      lines: [],
    });
    // Totals per currency; ada's open credits go to the earliest invoice first.
    const [usd] = all.totals;
    expect(usd).toMatchObject({ currency: "USD", next_invoice_date: "2030-01-20" });
    expect(cents(usd!.projected_total)).toBe(
      cents(workshop.projected_total) + cents(estimateOf(all, "SUB-1001-01").projected_total),
    );
    expect(usd!.credits_applied).toBe(Math.min(usd!.credit_balance, usd!.projected_total));
    expect(workshop.credits_applied).toBe(Math.min(usd!.credit_balance, workshop.projected_total));
  });

  it("answers one subscription; another customer's is a 404", async () => {
    const one = await h.api<{ estimate: Estimate }>(
      "GET",
      "/v1/subscriptions/SUB-1001-01/period_estimate",
      {
        token: ada,
      },
    );
    expect(one.status).toBe(200);
    expect(one.body.data.estimate).toEqual(estimateOf(await customerEstimate(), "SUB-1001-01"));
    const other = await h.api("GET", "/v1/subscriptions/SUB-2001-01/period_estimate", {
      token: ada,
    });
    expect(other.status).toBe(404);
  });
});

describe("issued invoices equal the estimate to the cent", () => {
  it("for a year of cycles, every pricing model, usage recorded before each estimate", async () => {
    const billed = new Set<string>();
    let issuedCount = 0;
    for (let round = 0; (await customerEstimate()).today < "2031-01-20"; round++) {
      const before = await customerEstimate();
      // Some usage in the current cycle of the metered subscription, dated today.
      const workshop = estimateOf(before, "SUB-1001-02");
      const usage = await recordUsage({
        subscription_id: "SUB-1001-02",
        charge_id: "CHG-1001-02-A",
        quantity: 1234.5 + round,
        date: before.today,
      });
      expect(usage.status, usage.text).toBe(200);
      const estimate = await customerEstimate();
      expect(cents(estimateOf(estimate, "SUB-1001-02").usage_so_far)).toBeGreaterThan(
        cents(workshop.usage_so_far),
      );
      const day = estimate.totals[0]!.next_invoice_date!;
      const invoices = await advance(day);
      expect(invoices.length).toBeGreaterThan(0);
      for (const invoice of invoices) {
        const e = estimateOf(estimate, invoice.subscription_id);
        expect(invoice.invoice_date).toBe(e.next_invoice_date);
        expect(invoice.invoice_amount).toBe(e.projected_total);
        expect(invoice.credits_applied).toBe(e.credits_applied);
        expect(invoice.balance).toBe(e.projected_amount_due);
        for (const l of e.lines) if (l.next_invoice_amount > 0) billed.add(l.pricing_model);
        issuedCount += 1;
      }
      // Each issued invoice is in the customer's list with its balance.
      const list = await h.api<{
        invoices: { id: string; balance: number; invoice_amount: number }[];
      }>("GET", `/v1/invoices?page=1&size=50&sort=invoice_date%20desc`, { token: ada });
      for (const invoice of invoices) {
        expect(list.body.data.invoices.find((i) => i.id === invoice.id)).toMatchObject({
          invoice_amount: invoice.invoice_amount,
          balance: invoice.balance,
        });
      }
    }
    expect([...billed].sort()).toEqual(
      ["flat", "per_unit", "pre_rated", "tiered", "usage_based", "volume"].sort(),
    );
    // 2030-01-20 … 2031-01-20 for SUB-1001-02, 2030-02-05 … 2031-01-05 for SUB-1001-01.
    expect(issuedCount).toBe(13 + 12);
  });

  it("a cycle already closed is never billed twice, and the clock only moves forward", async () => {
    const first = await advance("2030-01-20");
    expect(first.map((i) => i.subscription_id)).toEqual(["SUB-1001-02"]);
    expect(await advance("2030-01-20")).toEqual([]);
    const back = await h.request("POST", "/__sandbox/test_clocks/advance", {
      body: { email: "ada@acme.test", to: "2030-01-19" },
    });
    expect(back.status).toBe(422);
    expect((await customerEstimate()).today).toBe("2030-01-20");
  });

  it("usage recorded after the estimate is on the invoice, priced as the estimate prices it", async () => {
    const estimate = estimateOf(await customerEstimate(), "SUB-1001-02");
    const water = estimate.lines.find((l) => l.pricing_model === "usage_based")!;
    await recordUsage({
      subscription_id: "SUB-1001-02",
      charge_id: water.charge_line_id,
      quantity: 800,
      date: "2030-01-15",
    });
    const [invoice] = await advance("2030-01-20");
    expect(cents(invoice!.invoice_amount) - cents(estimate.projected_total)).toBe(
      cents(r2((water.quantity + 800) * 0.0125)) - cents(water.next_invoice_amount),
    );
  });

  it("after a quantity cut in mid-period: a credit now, and the period's invoice as estimated", async () => {
    const head = (
      await h.api<{
        subscriptions: {
          id: { value: string };
          plans: { charges: { id: { value: string }; charge_name: { value: string } }[] }[];
        }[];
      }>("GET", "/v1/subscriptions", { token: ada })
    ).body.data.subscriptions.find((s) => s.id.value === "SUB-1001-01")!;
    const meters = head.plans[0]!.charges.find((c) => c.charge_name.value === "Smart Meter Rental")!
      .id.value;
    const change = await h.api<{ preview: { current_invoice: { invoice_amount: number } } }>(
      "PUT",
      "/v1/subscriptions/SUB-1001-01/change",
      { token: ada, body: { charges: [{ id: meters, quantity: 2 }] } },
    );
    expect(change.status).toBe(200);
    // (2 − 4) × 12.50 × 21 of 31 days left = −16.935… → a credit of 16.94, issued now.
    expect(change.body.data.preview.current_invoice.invoice_amount).toBe(-16.94);
    const credits = await h.api<{
      credits: { id: string; credit_amount: number; credit_date: string }[];
    }>("GET", "/v1/credits?page=1&size=5&sort=credit_date%20desc", { token: ada });
    expect(credits.body.data.credits[0]).toMatchObject({
      credit_amount: 16.94,
      credit_date: "2030-01-15",
    });

    const estimate = await customerEstimate();
    const e = estimateOf(estimate, "SUB-1001-01");
    expect(e.projected_total).toBe(r2(273.39 - 25));
    await advance("2030-01-20");
    const [invoice] = await advance("2030-02-05");
    expect(invoice).toMatchObject({
      subscription_id: "SUB-1001-01",
      invoice_amount: e.projected_total,
      credits_applied: e.credits_applied,
      balance: e.projected_amount_due,
    });
  });

  it("after a quantity rise in mid-period: a proration invoice now, and the period's invoice as estimated", async () => {
    const plans = (
      await h.api<{
        subscriptions: {
          id: { value: string };
          plans: { charges: { id: { value: string }; charge_name: { value: string } }[] }[];
        }[];
      }>("GET", "/v1/subscriptions", { token: ada })
    ).body.data.subscriptions.find((s) => s.id.value === "SUB-1001-01")!.plans;
    const fixtures = plans[1]!.charges.find((c) => c.charge_name.value === "Fixture Units")!.id
      .value;
    // 30 → 60 fixtures: volume moves to the last tier, 60 × 3.00 = 180 a month instead of 105.
    const change = await h.api<{ preview: { current_invoice: { invoice_amount: number } } }>(
      "PUT",
      "/v1/subscriptions/SUB-1001-01/change",
      { token: ada, body: { charges: [{ id: fixtures, quantity: 60 }] } },
    );
    expect(change.body.data.preview.current_invoice.invoice_amount).toBe(r2((75 * 21) / 31));
    const now = await h.api<{ invoices: { invoice_amount: number; invoice_date: string }[] }>(
      "GET",
      "/v1/invoices?page=1&size=1&sort=created_date%20desc",
      { token: ada },
    );
    expect(now.body.data.invoices[0]).toMatchObject({
      invoice_amount: 50.81,
      invoice_date: "2030-01-15",
    });

    const e = estimateOf(await customerEstimate(), "SUB-1001-01");
    expect(e.projected_total).toBe(r2(273.39 + 75));
    await advance("2030-01-20");
    const [invoice] = await advance("2030-02-05");
    expect(invoice).toMatchObject({
      invoice_amount: e.projected_total,
      balance: e.projected_amount_due,
    });
  });
});

describe("POST /__sandbox/usages", () => {
  it("refuses what a metering feed would not send", async () => {
    const bad = [
      {
        subscription_id: "SUB-1001-01",
        charge_id: "CHG-1001-02-A",
        quantity: 5,
        date: "2030-01-15",
      },
      {
        subscription_id: "SUB-1001-02",
        charge_id: "CHG-1001-02-A",
        quantity: 0,
        date: "2030-01-15",
      },
      {
        subscription_id: "SUB-1001-02",
        charge_id: "CHG-1001-02-A",
        quantity: 5,
        date: "2030-01-16",
      },
      {
        subscription_id: "SUB-1001-03",
        charge_id: "CHG-1001-03-A",
        quantity: 5,
        date: "2030-01-15",
      },
      {
        subscription_id: "SUB-2001-01",
        charge_id: "CHG-2001-01-A",
        quantity: 5,
        date: "2030-01-15",
      },
    ];
    for (const body of bad) expect((await recordUsage(body)).status).toBe(422);
    const ok = await recordUsage({
      subscription_id: "SUB-1001-02",
      charge_id: "CHG-1001-02-A",
      quantity: 5,
      date: "2030-01-15",
    });
    expect(ok.status).toBe(200);
  });
});
