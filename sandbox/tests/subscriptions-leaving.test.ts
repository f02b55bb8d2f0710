/**
 * Leaving on fair terms (issue 33 §2, sandbox/README.md "Cancellation: the last bill"), with the
 * sandbox's clock at 2030-01-15 (US Eastern): each of the five timings' last active day and last
 * bill as GET …/cancel_preview says, then the proof to the cent: the document issued (at once, or
 * when the customer's test clock reaches the effective date) equals the preview; the reason kept;
 * reactivation charging what its preview said.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bearer } from "./support/account";
import { startHarness, type Harness } from "./support/harness";

type Range = { start: string; end: string };
type PreviewLine = {
  charge_line_id: string;
  charge_name: string;
  kind: "usage" | "unused";
  period: Range;
  quantity: number | null;
  amount: number;
};
type CancelPreview = {
  effective_date: string;
  last_active_day: string;
  currency: string;
  final_document: {
    kind: "invoice" | "credit_note" | "none";
    date: string;
    amount: number;
    lines: PreviewLine[];
  };
};
type ReactivatePreview = {
  charge_now: { date: string; amount: number; lines: { charge_line_id: string; amount: number }[] };
  next_invoice_date: string;
};
type Field = { value: unknown };

let h: Harness;
let ada: string;
beforeAll(async () => {
  h = await startHarness("subscriptions_leaving");
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.reset();
  ada = await bearer(h, "ada@acme.test");
});

const preview = async (id: string, query: string) => {
  const res = await h.api<CancelPreview>("GET", `/v1/subscriptions/${id}/cancel_preview?${query}`, {
    token: ada,
  });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
};
const cancel = (id: string, body: Record<string, unknown>) =>
  h.api<{ subscription: Record<string, Field> }>("PUT", `/v1/subscriptions/${id}/cancel`, {
    token: ada,
    body,
  });
const advance = async (to: string) => {
  const res = await h.request("POST", "/__sandbox/test_clocks/advance", {
    body: { email: "ada@acme.test", to },
  });
  expect(res.status, res.text).toBe(200);
};
const recordUsage = async (body: Record<string, unknown>) => {
  const res = await h.request("POST", "/__sandbox/usages", {
    body: { email: "ada@acme.test", charge_id: "CHG-1001-02-A", ...body },
  });
  expect(res.status, res.text).toBe(200);
};
const cents = (x: number) => Math.round(x * 100);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** The document a cancellation's last bill issued: kind and signed amount, or null (none yet). */
async function issuedSettlement(id: string, effective: string) {
  const [row] = await h.sandbox.db.query<{ document_id: string | null; issued_on: string }>(
    `SELECT document_id, issued_on::text AS issued_on FROM subscription_settlements
      WHERE subscription_id = $1 AND effective_date = $2::date`,
    [id, effective],
  );
  if (!row) return null;
  if (row.document_id === null) return { kind: "none", amount: 0, date: row.issued_on };
  const [invoice] = await h.sandbox.db.query<{ amount: string }>(
    "SELECT invoice_amount::text AS amount FROM invoices WHERE id = $1",
    [row.document_id],
  );
  if (invoice) return { kind: "invoice", amount: Number(invoice.amount), date: row.issued_on };
  const [credit] = await h.sandbox.db.query<{ amount: string }>(
    "SELECT credit_amount::text AS amount FROM credits WHERE id = $1",
    [row.document_id],
  );
  return { kind: "credit_note", amount: -Number(credit?.amount), date: row.issued_on };
}

const TIMINGS = [
  { query: "cancellation_type=today", effective: "2030-01-15" },
  { query: "cancellation_type=end_of_current_billing_period", effective: "2030-02-05" },
  { query: "cancellation_type=end_of_previous_billing_period", effective: "2030-01-05" },
  { query: "cancellation_type=end_of_current_contract_term", effective: null },
  {
    query: "cancellation_type=specific_date&cancellation_date=2030-03-01",
    effective: "2030-03-01",
  },
] as const;

describe("GET /v1/subscriptions/{id}/cancel_preview and the last bill issued", () => {
  for (const { query, effective } of TIMINGS) {
    for (const id of ["SUB-1001-01", "SUB-1001-02"]) {
      it(`${id}, ${query.split("&")[0]}: the last bill issued equals the preview to the cent`, async () => {
        const p = await preview(id, query);
        // SUB-1001-01 started on 2028-11-05 (cycle [2030-01-05, 2030-02-05)); SUB-1001-02 on a
        // 20th, so its dates differ.
        if (effective && id === "SUB-1001-01") expect(p.effective_date).toBe(effective);
        const [y, m, d] = p.effective_date.split("-").map(Number);
        const dayBefore = new Date(Date.UTC(y!, m! - 1, d! - 1)).toISOString().slice(0, 10);
        expect(p.last_active_day).toBe(dayBefore);
        // The lines add up to the total, and the kind follows its sign.
        expect(cents(p.final_document.amount)).toBe(
          sum(p.final_document.lines.map((l) => cents(l.amount))),
        );
        const sign = Math.sign(p.final_document.amount);
        expect(p.final_document.kind).toBe(
          sign > 0 ? "invoice" : sign < 0 ? "credit_note" : "none",
        );

        const res = await cancel(id, {
          cancellation_date: p.effective_date,
          cancellation_type: query.split("&")[0]!.split("=")[1],
        });
        expect(res.status, res.text).toBe(200);
        expect(res.body.data.subscription.status?.value).toBe("cancelled");
        if (p.effective_date > "2030-01-15") {
          // Not yet: the subscription bills until its effective date, then its last bill.
          expect(await issuedSettlement(id, p.effective_date)).toBeNull();
          await advance(p.effective_date);
        }
        const issued = await issuedSettlement(id, p.effective_date);
        expect(issued).toEqual({
          kind: p.final_document.kind,
          amount: p.final_document.amount,
          date: p.final_document.date,
        });
      });
    }
  }

  it("prices each timing of SUB-1001-01 as computed by hand", async () => {
    // Started 2028-11-05; d = 2030-01-15, cycle [2030-01-05, 2030-02-05) of 31 days. The monthly
    // lines bill in advance: 4 × 12.50 + 29 + 5.99 + 2 × 3.25 + 4 × 1.10 + 45 + 105 = 245.89.
    const monthly = 245.89;
    const unused = (p: CancelPreview) =>
      p.final_document.lines.filter((l) => l.kind === "unused" && l.period.end === "2030-02-04");
    // End of the current period: every invoiced period ends on it or later; monthly ones on it.
    const atEnd = await preview("SUB-1001-01", TIMINGS[1].query);
    expect(unused(atEnd)).toEqual([]);
    // End of the previous period: the whole current month, invoiced on 2030-01-05, credited, and
    // the quarterly data export bundle's quarter [2029-11-05, 2030-02-05) from then: 27.50 × 31/92
    // = 9.266… → 9.27.
    const previous = await preview("SUB-1001-01", TIMINGS[2].query);
    const credited = unused(previous);
    expect(credited.every((l) => l.period.start === "2030-01-05")).toBe(true);
    expect(-sum(credited.map((l) => cents(l.amount)))).toBe(cents(monthly) + 927);
    // Today: 21 of the month's 31 days credited, each line rounded half-up, and 21 of the
    // quarter's 92 days: 27.50 × 21/92 = 6.277… → 6.28.
    const today = await preview("SUB-1001-01", TIMINGS[0].query);
    const share = unused(today);
    expect(share.every((l) => l.period.start === "2030-01-15")).toBe(true);
    const byHand = [50, 29, 5.99, 6.5, 4.4, 45, 105].map((a) =>
      Math.round(Number(((a * 21) / 31).toFixed(6)) * 100),
    );
    expect(-sum(share.map((l) => cents(l.amount)))).toBe(sum(byHand) + 628);
  });

  it("bills the usage of the last cycle up to the effective date, recorded until then", async () => {
    // SUB-1001-02 bills water by the cubic metre (PLN-A004), in arrears.
    const plan = await h.api<{ data: { charges: { pricing_model: string; amount: number }[] } }>(
      "GET",
      "/v1/plans/PLN-A004",
      { token: ada },
    );
    const price = plan.body.data.data.charges.find(
      (c) => c.pricing_model === "usage_based",
    )!.amount;
    const before = await preview("SUB-1001-02", TIMINGS[4].query);
    const usage = before.final_document.lines.find((l) => l.kind === "usage")!;
    // Its cycle runs from the 20th: the last one is [2030-02-20, 2030-03-20), cut at the 1st.
    expect(usage.period).toEqual({ start: "2030-02-20", end: "2030-02-28" });
    const res = await cancel("SUB-1001-02", {
      cancellation_date: "2030-03-01",
      cancellation_type: "specific_date",
    });
    expect(res.status).toBe(200);
    // Usage on the last active day is billed; on the effective date the service has ended.
    await advance("2030-02-28");
    await recordUsage({ subscription_id: "SUB-1001-02", date: "2030-02-28", quantity: 10 });
    await advance("2030-03-01");
    const late = await h.request("POST", "/__sandbox/usages", {
      body: {
        email: "ada@acme.test",
        charge_id: "CHG-1001-02-A",
        subscription_id: "SUB-1001-02",
        date: "2030-03-01",
        quantity: 1000,
      },
    });
    expect(late.status).toBe(422);
    const issued = await issuedSettlement("SUB-1001-02", "2030-03-01");
    const more = Math.round(Number(((usage.quantity! + 10) * price).toFixed(6)) * 100);
    expect(cents(issued!.amount)).toBe(
      cents(before.final_document.amount) - cents(usage.amount) + more,
    );
  });
});

describe("the period estimate of a cancelled subscription still in service", () => {
  it("closes with the last bill on the effective date, as cancel_preview says", async () => {
    const p = await preview(
      "SUB-1001-01",
      "cancellation_type=specific_date&cancellation_date=2030-01-25",
    );
    await cancel("SUB-1001-01", { cancellation_date: "2030-01-25" });
    const res = await h.api<{
      estimate: { next_document: string; next_invoice_date: string; projected_total: number };
    }>("GET", "/v1/subscriptions/SUB-1001-01/period_estimate", { token: ada });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.estimate).toMatchObject({
      next_document: "last_bill",
      next_invoice_date: "2030-01-25",
      projected_total: p.final_document.amount,
    });
  });
});

describe("refusals of a cancellation change nothing", () => {
  it("a date before the current period, a reason not the company's, a note too long", async () => {
    const refused = async (body: Record<string, unknown>, message: RegExp) => {
      const res = await cancel("SUB-1001-01", body);
      expect(res.status, res.text).toBe(400);
      expect(res.body.errorCode).toBe("invalid_request");
      expect((res.body as { error?: string }).error).toMatch(message);
    };
    await refused(
      { cancellation_date: "2030-01-04" },
      /current billing period began \(2030-01-05\)/,
    );
    await refused(
      { cancellation_date: "2030-02-05", reason_code: "bored" },
      /not one of the company's/,
    );
    await refused(
      { cancellation_date: "2030-02-05", reason_text: "x".repeat(501) },
      /at most 500 characters/,
    );
    const res = await h.api<{ subscriptions: Record<string, Field>[] }>(
      "GET",
      "/v1/subscriptions",
      {
        token: ada,
      },
    );
    const head = res.body.data.subscriptions.find((s) => s.id?.value === "SUB-1001-01");
    expect(head?.status?.value).toBe("active");
    expect(await issuedSettlement("SUB-1001-01", "2030-01-04")).toBeNull();
  });

  it("keeps the reason the customer gave with the cancellation, for the company", async () => {
    const note = `${"Moving abroad — ".repeat(31).slice(0, 499)}!`;
    const res = await cancel("SUB-1001-01", {
      cancellation_date: "2030-02-05",
      reason_code: "switching_provider",
      reason_text: note,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.subscription.cancellation_reason?.value).toBe("switching_provider");
    expect(res.body.data.subscription.cancellation_note?.value).toBe(note);
  });
});

describe("reactivation charges what its preview says", () => {
  const reactivatePreview = async (id: string) => {
    const res = await h.api<ReactivatePreview>(
      "GET",
      `/v1/subscriptions/${id}/reactivate_preview`,
      { token: ada },
    );
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  };
  const invoicesOf = async () =>
    (
      await h.sandbox.db.query<{ id: string; amount: string }>(
        `SELECT id, invoice_amount::text AS amount FROM invoices WHERE customer_id = 'cus_acme_1001'`,
      )
    ).map((r) => r.id);

  it("nothing while the cancellation has not taken effect", async () => {
    await cancel("SUB-1001-01", { cancellation_date: "2030-02-05" });
    const p = await reactivatePreview("SUB-1001-01");
    expect(p.charge_now.amount).toBe(0);
    expect(p.next_invoice_date).toBe("2030-02-05");
    const before = await invoicesOf();
    const res = await h.api("PUT", "/v1/subscriptions/SUB-1001-01/reactivate", {
      token: ada,
      body: {},
    });
    expect(res.status).toBe(200);
    expect(await invoicesOf()).toEqual(before);
  });

  it("the rest of each recurring period once it had taken effect, invoiced at once", async () => {
    await cancel("SUB-1001-01", { cancellation_date: "2030-01-15", cancellation_type: "today" });
    await advance("2030-01-20");
    const p = await reactivatePreview("SUB-1001-01");
    // From 2030-01-20: 16 of the month's 31 days of each monthly line, at least.
    expect(p.charge_now.date).toBe("2030-01-20");
    expect(p.charge_now.amount).toBeGreaterThan(0);
    expect(cents(p.charge_now.amount)).toBe(sum(p.charge_now.lines.map((l) => cents(l.amount))));
    const before = new Set(await invoicesOf());
    const res = await h.api("PUT", "/v1/subscriptions/SUB-1001-01/reactivate", {
      token: ada,
      body: {},
    });
    expect(res.status).toBe(200);
    const added = (await invoicesOf()).filter((id) => !before.has(id));
    expect(added).toHaveLength(1);
    const [row] = await h.sandbox.db.query<{ amount: string }>(
      "SELECT invoice_amount::text AS amount FROM invoices WHERE id = $1",
      [added[0]],
    );
    expect(Number(row?.amount)).toBe(p.charge_now.amount);
  });
});
