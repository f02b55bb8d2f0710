/**
 * Pause, resume and offers (issue 33 §1–§3, sandbox/README.md "Pause and resume" and "Offers"),
 * with the sandbox's clock at 2030-01-15 (US Eastern). SUB-1001-01 started on 2028-11-05: its
 * cycle is [2030-01-05, 2030-02-05). The arithmetic across a pause: the bill its first day leaves
 * and the invoice of its end equal their previews to the cent, and nothing is issued between.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bearer } from "./support/account";
import { startHarness, type Harness } from "./support/harness";

type Range = { start: string; end: string };
type ChargeNow = {
  date: string;
  amount: number;
  lines: { charge_line_id: string; period: Range; amount: number }[];
};
type Settling = {
  kind: "invoice" | "credit_note" | "none";
  date: string;
  amount: number;
  lines: { kind: "usage" | "unused"; period: Range; amount: number }[];
};
type PausePreview = {
  cycles: number;
  pause_start: string;
  resume_date: string;
  bill_at_pause: Settling;
  charge_at_resume: ChargeNow;
};
type Field = { value: unknown };
type Subscription = Record<string, Field> & { actions: { name: string; actionable: boolean }[] };
type Estimate = {
  status: string;
  next_invoice_date: string | null;
  next_document: string;
  projected_total: number;
  discount: number;
  resume_date: string | null;
  period: Range | null;
};
type Offer = {
  id: string;
  kind: string;
  cycles: number | null;
  percent_off: number | null;
  resume_date: string | null;
  plan_line_id: string | null;
  plan: { id: string; name: string } | null;
  change_preview: { current_invoice: { invoice_amount: number } } | null;
};

let h: Harness;
let ada: string;
beforeAll(async () => {
  h = await startHarness("subscriptions_pause");
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.reset();
  ada = await bearer(h, "ada@acme.test");
});

const ok = async <T>(method: string, path: string, body?: unknown, token = ada): Promise<T> => {
  const res = await h.api<T>(method, path, { token, ...(body !== undefined && { body }) });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
};
const refused = async (
  method: string,
  path: string,
  body: unknown,
  message: RegExp,
  token = ada,
) => {
  const res = await h.api(method, path, { token, ...(body !== undefined && { body }) });
  expect(res.status, res.text).toBe(400);
  expect(res.body.errorCode).toBe("invalid_request");
  expect((res.body as { error?: string }).error).toMatch(message);
};
const pausePreview = (id: string, cycles: number) =>
  ok<PausePreview>("GET", `/v1/subscriptions/${id}/pause_preview?cycles=${cycles}`);
const pause = (id: string, cycles: number) =>
  ok<{ subscription: Subscription }>("PUT", `/v1/subscriptions/${id}/pause`, { cycles });
const estimate = async (id: string) =>
  (await ok<{ estimate: Estimate }>("GET", `/v1/subscriptions/${id}/period_estimate`)).estimate;
const subscription = async (id: string) =>
  (await ok<{ subscriptions: Subscription[] }>("GET", "/v1/subscriptions")).subscriptions.find(
    (s) => s.id?.value === id,
  )!;
const advance = async (to: string) => {
  const res = await h.request("POST", "/__sandbox/test_clocks/advance", {
    body: { email: "ada@acme.test", to },
  });
  expect(res.status, res.text).toBe(200);
};
const cents = (x: number) => Math.round(x * 100);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const actionable = (s: Subscription, name: string) =>
  s.actions.find((a) => a.name === name)?.actionable;

/** SUB-1001-01's invoices and credit notes issued on `day`: signed amounts. */
async function documentsOn(id: string, day: string): Promise<number[]> {
  const invoices = await h.sandbox.db.query<{ amount: string }>(
    `SELECT DISTINCT i.id, i.invoice_amount::text AS amount FROM invoices i
       JOIN invoice_lines l ON l.invoice_id = i.id
      WHERE l.subscription_id = $1 AND i.invoice_date = $2::date`,
    [id, day],
  );
  const credits = await h.sandbox.db.query<{ amount: string }>(
    `SELECT credit_amount::text AS amount FROM credits WHERE reference_number = $1 AND credit_date = $2::date`,
    [id, day],
  );
  return [...invoices.map((r) => Number(r.amount)), ...credits.map((r) => -Number(r.amount))];
}

describe("a pause of SUB-1001-01 for two cycles", () => {
  it("previews its days and bills, then issues exactly them, nothing between", async () => {
    const p = await pausePreview("SUB-1001-01", 2);
    expect(p).toMatchObject({ cycles: 2, pause_start: "2030-02-05", resume_date: "2030-04-05" });
    // The bill its first day leaves: no usage line (no usage-based charge), the annual lines'
    // paid days from 2030-02-05 credited; the monthly ones end on it (nothing to credit).
    expect(p.bill_at_pause.kind).toBe("credit_note");
    expect(p.bill_at_pause.lines.every((l) => l.kind === "unused")).toBe(true);
    expect(p.bill_at_pause.lines.every((l) => l.period.start === "2030-02-05")).toBe(true);
    expect(cents(p.bill_at_pause.amount)).toBe(
      sum(p.bill_at_pause.lines.map((l) => cents(l.amount))),
    );
    // Its end invoices each recurring line's period from 2030-04-05: monthly lines whole, the
    // quarterly bundle's [2030-02-05, 2030-05-05) for 30 of its 89 days: 27.50 × 30/89 = 9.27.
    expect(p.charge_at_resume.lines.map((l) => l.amount)).toContain(9.27);
    expect(cents(p.charge_at_resume.amount)).toBe(
      sum(p.charge_at_resume.lines.map((l) => cents(l.amount))),
    );

    const { subscription: s } = await pause("SUB-1001-01", 2);
    // Set, not begun: active, changes held until it is called off.
    expect(s.status?.value).toBe("active");
    expect(s.pause_start?.value).toBe("2030-02-05");
    expect(s.resume_date?.value).toBe("2030-04-05");
    expect(actionable(s, "Resume")).toBe(true);
    expect(actionable(s, "Pause")).toBe(false);
    expect(actionable(s, "Cancel")).toBe(false);
    // The estimate before it: the cycle closes with the bill the pause leaves.
    const before = await estimate("SUB-1001-01");
    expect(before).toMatchObject({ next_document: "pause_bill", next_invoice_date: "2030-02-05" });
    expect(before.projected_total).toBe(p.bill_at_pause.amount);

    await advance("2030-03-01");
    expect(await documentsOn("SUB-1001-01", "2030-02-05")).toEqual([p.bill_at_pause.amount]);
    const paused = await subscription("SUB-1001-01");
    expect(paused.status?.value).toBe("paused");
    expect(paused.next_billing_date?.value).toBe("2030-04-05");
    const during = await estimate("SUB-1001-01");
    expect(during).toMatchObject({
      status: "paused",
      next_document: "resumption",
      next_invoice_date: "2030-04-05",
      resume_date: "2030-04-05",
      period: { start: "2030-02-05", end: "2030-04-04" },
    });
    expect(during.projected_total).toBe(p.charge_at_resume.amount);

    await advance("2030-04-10");
    // No invoice for the paused cycle that closed on 2030-03-05; the end's as previewed.
    expect(await documentsOn("SUB-1001-01", "2030-03-05")).toEqual([]);
    expect(await documentsOn("SUB-1001-01", "2030-04-05")).toEqual([p.charge_at_resume.amount]);
    const after = await subscription("SUB-1001-01");
    expect(after.status?.value).toBe("active");
    expect(after.resume_date?.value).toBeNull();
    expect(actionable(after, "Cancel")).toBe(true);
    // Billing runs on: the next cycle's invoice equals its estimate.
    const next = await estimate("SUB-1001-01");
    expect(next.next_document).toBe("invoice");
    await advance("2030-05-05");
    expect(await documentsOn("SUB-1001-01", "2030-05-05")).toEqual([next.projected_total]);
  });

  it("bills usage up to the pause, refuses usage inside it, and bills it again after", async () => {
    // SUB-1001-02 bills water in arrears (0.0125 a unit); its cycle runs from the 20th.
    const used = await h.request("POST", "/__sandbox/usages", {
      body: {
        email: "ada@acme.test",
        charge_id: "CHG-1001-02-A",
        subscription_id: "SUB-1001-02",
        date: "2030-01-10",
        quantity: 1000,
      },
    });
    expect(used.status, used.text).toBe(200);
    const p = await pausePreview("SUB-1001-02", 1);
    expect(p.bill_at_pause.kind).toBe("invoice");
    expect(p).toMatchObject({ pause_start: "2030-01-20", resume_date: "2030-02-20" });
    const usage = p.bill_at_pause.lines.find((l) => l.kind === "usage");
    expect(usage?.period).toEqual({ start: "2029-12-20", end: "2030-01-19" });
    expect(usage?.amount).toBeGreaterThanOrEqual(12.5);
    await pause("SUB-1001-02", 1);
    await advance("2030-01-25");
    expect(await documentsOn("SUB-1001-02", "2030-01-20")).toEqual([p.bill_at_pause.amount]);
    const inside = await h.request("POST", "/__sandbox/usages", {
      body: {
        email: "ada@acme.test",
        charge_id: "CHG-1001-02-A",
        subscription_id: "SUB-1001-02",
        date: "2030-01-24",
        quantity: 5,
      },
    });
    expect(inside.status).toBe(422);
    await advance("2030-02-25");
    expect(await documentsOn("SUB-1001-02", "2030-02-20")).toEqual([p.charge_at_resume.amount]);
    const res = await h.request("POST", "/__sandbox/usages", {
      body: {
        email: "ada@acme.test",
        charge_id: "CHG-1001-02-A",
        subscription_id: "SUB-1001-02",
        date: "2030-02-24",
        quantity: 800,
      },
    });
    expect(res.status, res.text).toBe(200);
    const e = await estimate("SUB-1001-02");
    expect(e.next_document).toBe("invoice");
    await advance("2030-03-20");
    expect(await documentsOn("SUB-1001-02", "2030-03-20")).toEqual([e.projected_total]);
  });
});

describe("resume now", () => {
  it("calls off a pause that has not begun, charging nothing", async () => {
    await pause("SUB-1001-01", 3);
    const p = await ok<{ charge_now: ChargeNow; next_invoice_date: string }>(
      "GET",
      "/v1/subscriptions/SUB-1001-01/resume_preview",
    );
    expect(p.charge_now.amount).toBe(0);
    expect(p.next_invoice_date).toBe("2030-02-05");
    const { subscription: s } = await ok<{ subscription: Subscription }>(
      "PUT",
      "/v1/subscriptions/SUB-1001-01/resume",
      {},
    );
    expect(s.pause_start?.value).toBeNull();
    expect(await documentsOn("SUB-1001-01", "2030-01-15")).toEqual([]);
    const e = await estimate("SUB-1001-01");
    expect(e.next_document).toBe("invoice");
    await advance("2030-02-06");
    expect(await documentsOn("SUB-1001-01", "2030-02-05")).toEqual([e.projected_total]);
  });

  it("ends a pause that has begun: the rest of each period from today, as previewed", async () => {
    await pause("SUB-1001-01", 3);
    await advance("2030-03-01");
    const p = await ok<{ charge_now: ChargeNow; next_invoice_date: string }>(
      "GET",
      "/v1/subscriptions/SUB-1001-01/resume_preview",
    );
    // From 2030-03-01: 4 of the month [2030-02-05, 2030-03-05)'s 28 days of each monthly line.
    expect(p.charge_now.date).toBe("2030-03-01");
    expect(p.next_invoice_date).toBe("2030-03-05");
    expect(p.charge_now.amount).toBeGreaterThan(0);
    const { subscription: s } = await ok<{ subscription: Subscription }>(
      "PUT",
      "/v1/subscriptions/SUB-1001-01/resume",
      {},
    );
    expect(s.status?.value).toBe("active");
    expect(await documentsOn("SUB-1001-01", "2030-03-01")).toEqual([p.charge_now.amount]);
    const e = await estimate("SUB-1001-01");
    await advance("2030-03-06");
    expect(await documentsOn("SUB-1001-01", "2030-03-05")).toEqual([e.projected_total]);
  });
});

describe("refusals change nothing", () => {
  it("cycles out of range, twice, a cancelled subscription, changes while paused", async () => {
    await refused(
      "PUT",
      "/v1/subscriptions/SUB-1001-01/pause",
      { cycles: 0 },
      /1 to 3 billing cycles/,
    );
    await refused(
      "PUT",
      "/v1/subscriptions/SUB-1001-01/pause",
      { cycles: 4 },
      /1 to 3 billing cycles/,
    );
    await refused(
      "GET",
      "/v1/subscriptions/SUB-1001-01/pause_preview?cycles=4",
      undefined,
      /1 to 3 billing cycles/,
    );
    await refused(
      "PUT",
      "/v1/subscriptions/SUB-1001-03/pause",
      { cycles: 1 },
      /cancelled subscription/,
    );
    await refused("PUT", "/v1/subscriptions/SUB-1001-01/resume", {}, /not paused/);
    expect((await subscription("SUB-1001-01")).pause_start?.value).toBeNull();
    await pause("SUB-1001-01", 1);
    await refused("PUT", "/v1/subscriptions/SUB-1001-01/pause", { cycles: 1 }, /set already/);
    await refused(
      "PUT",
      "/v1/subscriptions/SUB-1001-01/cancel",
      { cancellation_date: "2030-02-05" },
      /call it off first/,
    );
    await advance("2030-02-10");
    await refused("PUT", "/v1/subscriptions/SUB-1001-01/pause", { cycles: 1 }, /paused already/);
    await refused(
      "PUT",
      "/v1/subscriptions/SUB-1001-01/change",
      { charges: [], fields: { po_number: "X" } },
      /resume it first/,
    );
    expect((await subscription("SUB-1001-01")).status?.value).toBe("paused");
  });

  it("a company that does not allow pausing: refused, and its configuration says so", async () => {
    type Config = { subscriptions?: { pause?: { maxCycles: number } | null; offers?: string[] } };
    const config = async (host: string) =>
      (await h.api<Config>("GET", `/v1/portalConfiguration?host=${host}`)).body.data.subscriptions;
    expect(await config("localhost")).toMatchObject({
      pause: { maxCycles: 3 },
      offers: ["pause", "cheaper_plan", "discount"],
    });
    expect(await config("127.0.0.1")).toMatchObject({ pause: null, offers: [] });
    const gina = await bearer(h, "gina@globex.test");
    const subs = await ok<{ subscriptions: Subscription[] }>(
      "GET",
      "/v1/subscriptions",
      undefined,
      gina,
    );
    const id = subs.subscriptions.find((s) => s.status?.value === "active")!.id!.value as string;
    await refused(
      "PUT",
      `/v1/subscriptions/${id}/pause`,
      { cycles: 1 },
      /cannot be paused here/,
      gina,
    );
    await refused(
      "GET",
      `/v1/subscriptions/${id}/pause_preview?cycles=1`,
      undefined,
      /cannot be paused here/,
      gina,
    );
    const offers = await ok<{ offers: Offer[] }>(
      "GET",
      `/v1/subscriptions/${id}/retention_offers`,
      undefined,
      gina,
    );
    expect(offers.offers).toEqual([]);
    await refused(
      "PUT",
      `/v1/subscriptions/${id}/retention_offers/discount/accept`,
      {},
      /not open/,
      gina,
    );
  });
});

describe("offers to a leaving customer", () => {
  const offers = async (id: string) =>
    (await ok<{ offers: Offer[] }>("GET", `/v1/subscriptions/${id}/retention_offers`)).offers;
  const accept = (id: string, offer: string) =>
    ok<{ subscription: Subscription }>(
      "PUT",
      `/v1/subscriptions/${id}/retention_offers/${offer}/accept`,
      {},
    );

  it("lists Acme's three, the cheaper plan with the change preview it would make", async () => {
    const list = await offers("SUB-1001-01");
    expect(list.map((o) => o.id)).toEqual(["pause", "cheaper_plan", "discount"]);
    expect(list[0]).toMatchObject({ cycles: 2, resume_date: "2030-04-05" });
    expect(list[2]).toMatchObject({ cycles: 3, percent_off: 20 });
    const cheaper = list[1]!;
    const body = {
      remove_plans: [cheaper.plan_line_id],
      add_plans: [{ plan_id: cheaper.plan!.id }],
    };
    const preview = await ok<{ current_invoice: { invoice_amount: number } }>(
      "PUT",
      "/v1/subscriptions/SUB-1001-01/change_preview",
      body,
    );
    expect(cheaper.change_preview).toEqual(preview);
    // Accepted: the plan line replaced, and the change's proration issued as previewed.
    const { subscription: s } = await accept("SUB-1001-01", "cheaper_plan");
    const plans = (s as unknown as { plans: { plan_id: Field }[] }).plans.map(
      (p) => p.plan_id.value,
    );
    expect(plans).toContain(cheaper.plan!.id);
    expect((await offers("SUB-1001-01")).map((o) => o.id)).toEqual(["pause", "discount"]);
  });

  it("a discount takes its share off the next three period invoices, then stops", async () => {
    const before = await estimate("SUB-1001-01");
    await accept("SUB-1001-01", "discount");
    const after = await estimate("SUB-1001-01");
    const off = Math.round(Number(((cents(before.projected_total) * 20) / 100).toFixed(6)));
    expect(cents(after.discount)).toBe(-off);
    expect(cents(after.projected_total)).toBe(cents(before.projected_total) - off);
    for (const [closes, next] of [
      ["2030-02-05", "2030-02-06"],
      ["2030-03-05", "2030-03-06"],
      ["2030-04-05", "2030-04-06"],
      ["2030-05-05", "2030-05-06"],
    ] as const) {
      const e = await estimate("SUB-1001-01");
      expect(e.next_invoice_date).toBe(closes);
      expect(e.discount < 0).toBe(closes !== "2030-05-05");
      await advance(next);
      expect(await documentsOn("SUB-1001-01", closes)).toEqual([e.projected_total]);
    }
  });

  it("accepting twice, or an offer not made, is refused", async () => {
    await accept("SUB-1001-01", "pause");
    expect((await subscription("SUB-1001-01")).resume_date?.value).toBe("2030-04-05");
    await refused(
      "PUT",
      "/v1/subscriptions/SUB-1001-01/retention_offers/pause/accept",
      {},
      /accepted already/,
    );
    await refused(
      "PUT",
      "/v1/subscriptions/SUB-1001-01/retention_offers/free_year/accept",
      {},
      /not open/,
    );
    // While a pause is set no offer is made (the customer is not leaving).
    expect(await offers("SUB-1001-01")).toEqual([]);
    await refused(
      "PUT",
      "/v1/subscriptions/SUB-1001-01/retention_offers/discount/accept",
      {},
      /not open/,
    );
  });
});

describe("the company's own export of its subscriptions", () => {
  it("reads the reason and note each customer gave, and each pause, as CSV", async () => {
    const note = '=HYPERLINK("http://evil.example","click"), and a "quoted" word';
    const res = await h.api("PUT", "/v1/subscriptions/SUB-1001-02/cancel", {
      token: ada,
      body: {
        cancellation_date: "2030-02-20",
        reason_code: "too_expensive",
        reason_text: note,
      },
    });
    expect(res.status, res.text).toBe(200);
    await pause("SUB-1001-01", 2);
    const csv = await h.request("GET", "/__sandbox/companies/acme/subscriptions.csv");
    expect(csv.status).toBe(200);
    const { parse } = await import("csv-parse/sync");
    const [header, ...rows] = parse(csv.text.replace(/^\uFEFF/, "")) as string[][];
    const col = (name: string) => header!.indexOf(name);
    const row = (id: string) => rows.find((r) => r[col("subscription_id")] === id)!;
    const cancelled = row("SUB-1001-02");
    expect(cancelled[col("status")]).toBe("cancelled");
    expect(cancelled[col("cancellation_reason")]).toBe("too_expensive");
    // The customer's words, kept whole, and never a formula in a spreadsheet.
    expect(cancelled[col("cancellation_note")]).toBe(`'${note}`);
    const paused = row("SUB-1001-01");
    expect(paused[col("pause_start")]).toBe("2030-02-05");
    expect(paused[col("resume_date")]).toBe("2030-04-05");
    // Only the company's own customers.
    expect(rows.every((r) => r[col("customer_account")]!.startsWith("CUST-1"))).toBe(true);
  });
});
