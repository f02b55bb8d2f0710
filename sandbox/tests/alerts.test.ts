/**
 * Alerts (docs/CONTRACT.md §7.4, sandbox/README.md "Alerts") with the clock at 2030-01-15: a
 * threshold fires once per period when the period's figure reaches it (99.99 of 100.00 sends
 * nothing, 100.00 and 100.01 one e-mail per confirmed recipient, more usage nothing more), again
 * after the period rolls; confirmation links work once and for 7 days; every refusal.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bearer } from "./support/account";
import { lastSegment, startHarness, type Harness } from "./support/harness";

type Totals = { currency: string; projected_total: number; next_invoice_date: string };
type Line = { pricing_model: string; quantity: number; next_invoice_amount: number };
type Estimate = {
  totals: Totals[];
  subscriptions: { subscription_id: string; lines: Line[] }[];
};
type Settings = {
  currency: string;
  thresholds: { id: string; amount: number; basis: string }[];
  recipients: { id: string; email: string; kind: string; status: string; is_me: boolean }[];
  events: {
    id: string;
    amount: number;
    value: number;
    period_end: string;
    dismissed: boolean;
  }[];
};

let h: Harness;
let ada: string;
beforeAll(async () => {
  h = await startHarness("alerts");
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.reset();
  ada = await bearer(h, "ada@acme.test");
});

const settings = async (token = ada) =>
  (await h.api<Settings>("GET", "/v1/alerts", { token })).body.data;
const addThreshold = (body: unknown, token = ada) =>
  h.api<{ threshold: { id: string } }>("POST", "/v1/alerts/thresholds", { token, body });
const addAddress = (email: string, token = ada) =>
  h.api<{ recipient: { id: string; status: string } }>("POST", "/v1/alerts/recipients", {
    token,
    body: { email },
  });
const confirm = (token: string) =>
  h.api<{ email: string }>("POST", "/v1/alerts/recipients/confirm", { body: { token } });
const estimate = async () =>
  (await h.api<Estimate>("GET", "/v1/customers/period_estimate", { token: ada })).body.data;
const record = async (quantity: number, date = "2030-01-15") => {
  const res = await h.request<{ alerts: string[] }>("POST", "/__sandbox/usages", {
    body: {
      email: "ada@acme.test",
      subscription_id: "SUB-1001-02",
      charge_id: "CHG-1001-02-A",
      quantity: Number(quantity.toFixed(4)),
      date,
    },
  });
  expect(res.status, res.text).toBe(200);
  return res.body.alerts;
};
const cents = (x: number) => Math.round(x * 100);
const alertMails = async (to: string) =>
  (await h.mailbox(to)).filter((m) => m.subject.startsWith("Billing alert"));

/** The usage of the metered line that makes its next-invoice amount exactly `amount` (0.0125 a unit). */
async function usageFor(amount: number): Promise<number> {
  const e = await estimate();
  const water = e.subscriptions
    .find((s) => s.subscription_id === "SUB-1001-02")!
    .lines.find((l) => l.pricing_model === "usage_based")!;
  return cents(amount) * 0.8 - water.quantity;
}

/** A confirmed address and a pending one, and ada herself. */
async function recipients() {
  await h.api("PUT", "/v1/alerts/me", { token: ada, body: { subscribed: true } });
  expect((await addAddress("ops@ada.test")).status).toBe(200);
  const [mail] = await h.mailbox("ops@ada.test");
  expect(mail?.subject).toMatch(/^Confirm billing alerts/);
  const link = mail!.links.find((l) => l.includes("/portal/alerts/confirm/"))!;
  expect((await confirm(lastSegment(link))).status).toBe(200);
  expect((await addAddress("later@ada.test")).status).toBe(200);
}

describe("a threshold on the projected total", () => {
  it("fires at the threshold, once per recipient, once per period, again after the roll", async () => {
    await recipients();
    const before = await estimate();
    const v0 = before.totals[0]!.projected_total;
    const water = before.subscriptions
      .find((s) => s.subscription_id === "SUB-1001-02")!
      .lines.find((l) => l.pricing_model === "usage_based")!;
    const t = (cents(v0) + 1000) / 100;
    const t2 = (cents(v0) + 1002) / 100;
    expect((await addThreshold({ basis: "projected_total", amount: t })).status).toBe(200);
    expect((await addThreshold({ basis: "projected_total", amount: t2 })).status).toBe(200);

    // One cent short: nothing.
    expect(await record(await usageFor(water.next_invoice_amount + 9.99))).toEqual([]);
    expect(cents((await estimate()).totals[0]!.projected_total)).toBe(cents(t) - 1);
    expect(await alertMails("ada@acme.test")).toHaveLength(0);

    // Exactly the threshold: one e-mail to each confirmed recipient, none to the pending one.
    expect(await record(0.8)).toHaveLength(1);
    for (const to of ["ada@acme.test", "ops@ada.test"]) {
      const mails = await alertMails(to);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(
        `Billing alert: the projected total reached USD ${t.toFixed(2)}`,
      );
      expect(mails[0]!.text).toContain(`is USD ${t.toFixed(2)}`);
    }
    expect(await alertMails("later@ada.test")).toHaveLength(0);

    // One cent over the second threshold on the next step: it fires, with its value.
    expect(await record(2.4)).toHaveLength(1);
    const [newest] = (await settings()).events;
    expect(newest).toMatchObject({ amount: t2, value: (cents(t2) + 1) / 100, dismissed: false });
    expect(await alertMails("ada@acme.test")).toHaveLength(2);

    // More usage in the period: nothing more.
    expect(await record(500)).toEqual([]);
    expect(await alertMails("ops@ada.test")).toHaveLength(2);

    // The period rolls (2030-01-20): the new period's total is below both; crossing fires again.
    const rolled = await h.request<{ alerts: string[] }>("POST", "/__sandbox/test_clocks/advance", {
      body: { email: "ada@acme.test", to: "2030-01-21" },
    });
    expect(rolled.body.alerts).toEqual([]);
    const next = await estimate();
    expect(next.totals[0]!.next_invoice_date).toBe("2030-02-05");
    const gap = cents(t2) - cents(next.totals[0]!.projected_total);
    expect(gap).toBeGreaterThan(0);
    expect(await record(gap * 0.8 + 8, "2030-01-21")).toHaveLength(2);
    const events = (await settings()).events;
    expect(events.map((e) => e.period_end)).toEqual([
      "2030-02-05",
      "2030-02-05",
      "2030-01-20",
      "2030-01-20",
    ]);
    expect(await alertMails("ada@acme.test")).toHaveLength(4);
  });

  it("lists what fired; a dismissal is the bearer's own", async () => {
    await h.api("PUT", "/v1/alerts/me", { token: ada, body: { subscribed: true } });
    const v0 = (await estimate()).totals[0]!.projected_total;
    await addThreshold({ basis: "projected_total", amount: Math.floor(v0) + 1 });
    await addThreshold({ basis: "cost_so_far", amount: 1 });
    expect(await record(200)).toHaveLength(2);
    const [event] = (await settings()).events;
    const dismissed = await h.api("PUT", `/v1/alerts/events/${event!.id}/dismiss`, { token: ada });
    expect(dismissed.status).toBe(200);
    expect((await settings()).events.find((e) => e.id === event!.id)?.dismissed).toBe(true);
    const gina = await bearer(h, "gina@globex.test");
    const theirs = await h.api("PUT", `/v1/alerts/events/${event!.id}/dismiss`, { token: gina });
    expect(theirs.status).toBe(404);
  });
});

describe("refusals change nothing", () => {
  it("refuses bad thresholds", async () => {
    for (const amount of [0, -5, "12", 12.345, 12_345_678_901.5])
      expect((await addThreshold({ basis: "projected_total", amount })).status).toBe(422);
    expect((await addThreshold({ basis: "balance", amount: 5 })).status).toBe(422);
    for (const amount of [10, 20, 30, 40, 50])
      expect((await addThreshold({ basis: "cost_so_far", amount })).status).toBe(200);
    const sixth = await addThreshold({ basis: "projected_total", amount: 60 });
    expect(sixth.status).toBe(400);
    expect(sixth.body.error).toMatch(/At most 5 thresholds/);
    await h.api("DELETE", `/v1/alerts/thresholds/${(await settings()).thresholds[0]!.id}`, {
      token: ada,
    });
    const duplicate = await addThreshold({ basis: "cost_so_far", amount: 20 });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.error).toMatch(/already a threshold/);
    expect((await settings()).thresholds).toHaveLength(4);
  });

  it("refuses bad or too many addresses, used or stale links, another customer's ids", async () => {
    expect((await addAddress("not-an-address")).status).toBe(422);
    for (const n of [1, 2, 3, 4, 5]) expect((await addAddress(`r${n}@ada.test`)).status).toBe(200);
    expect((await addAddress("r6@ada.test")).status).toBe(400);
    expect((await addAddress("R1@ada.test")).status).toBe(400);
    // ada herself is not one of the five.
    expect(
      (await h.api("PUT", "/v1/alerts/me", { token: ada, body: { subscribed: true } })).status,
    ).toBe(200);

    const linkOf = async (to: string) =>
      lastSegment((await h.mailbox(to))[0]!.links.find((l) => l.includes("/alerts/confirm/"))!);
    const first = await linkOf("r1@ada.test");
    expect((await confirm(first)).status).toBe(200);
    const again = await confirm(first);
    expect(again.status).toBe(400);
    expect(again.body.error).toMatch(/already been used/);
    expect((await confirm("x".repeat(43))).status).toBe(404);

    h.advance(8 * 24 * 3600 * 1000);
    const stale = await confirm(await linkOf("r2@ada.test"));
    expect(stale.status).toBe(400);
    expect(stale.body.error).toMatch(/expired/);
    ada = await bearer(h, "ada@acme.test");
    const statuses = (await settings()).recipients.map((r) => `${r.email}:${r.status}`);
    expect(statuses).toContain("r1@ada.test:confirmed");
    expect(statuses).toContain("r2@ada.test:expired");

    const gina = await bearer(h, "gina@globex.test");
    const mine = (await settings()).recipients[0]!.id;
    expect((await h.api("DELETE", `/v1/alerts/recipients/${mine}`, { token: gina })).status).toBe(
      404,
    );
    await addThreshold({ basis: "cost_so_far", amount: 5 });
    const threshold = (await settings()).thresholds[0]!.id;
    expect(
      (await h.api("DELETE", `/v1/alerts/thresholds/${threshold}`, { token: gina })).status,
    ).toBe(404);
    expect((await settings()).thresholds).toHaveLength(1);
  });
});
