/**
 * /v1/subscriptions (docs/CONTRACT.md §7.1) on the seed, with the clock at 2030-01-15 (US Eastern):
 * lists, field edits, change previews computed by hand, changes, cancel dates, cancel and
 * reactivate, every refusal, faults and reset.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bearer, selectCustomer } from "./support/account";
import { startHarness, type Harness } from "./support/harness";

type Field = {
  value: unknown;
  editable: boolean;
  enabled: boolean;
  column_enabled: boolean;
  detail_enabled: boolean;
  orderNo: number;
  type: string;
  display_name: string;
};
type Action = { name: string; actionable: boolean };
type Charge = Record<string, Field>;
type PlanEntry = Record<string, Field> & { charges: Charge[]; actions: Action[] };
type Subscription = Record<string, Field> & { plans: PlanEntry[]; actions: Action[] };
type Preview = {
  prior_invoice: { invoice_amount: number };
  current_invoice: { invoice_amount: number };
  next_invoice: { invoice_amount: number };
  contract_effective_date: string;
  currency: string;
};

let h: Harness;
let ada: string;
beforeAll(async () => {
  h = await startHarness("subscriptions_api");
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.reset();
  ada = await bearer(h, "ada@acme.test");
});

const list = async (token: string, query = "") => {
  const res = await h.api<{ subscriptions: Subscription[] }>("GET", `/v1/subscriptions${query}`, {
    token,
  });
  expect(res.status).toBe(200);
  return res.body.data.subscriptions;
};
const ids = (subs: Subscription[]) => subs.map((s) => s.id?.value);
const find = async (token: string, id: string) => {
  const s = (await list(token)).find((x) => x.id?.value === id);
  if (!s) throw new Error(`${id} not listed`);
  return s;
};
const put = <T = unknown>(path: string, body: unknown, token = ada) =>
  h.api<T>("PUT", `/v1/subscriptions/${path}`, { token, body });
const preview = (id: string, body: unknown) => put<Preview>(`${id}/change_preview`, body);
const expect400 = (
  res: { status: number; body: { errorCode?: string; error: string | null } },
  message: RegExp,
) => {
  expect(res.status).toBe(400);
  expect(res.body.errorCode).toBe("invalid_request");
  expect(res.body.error).toMatch(message);
};

describe("GET /v1/subscriptions", () => {
  it("lists the selected customer's subscriptions oldest first", async () => {
    expect(ids(await list(ada))).toEqual(["SUB-1001-03", "SUB-1001-01", "SUB-1001-02"]);
    expect(ids(await list(ada, "?customer_id=cus_acme_1001"))).toHaveLength(3);
    expect(ids(await list(ada, "?customer_id=CUST-1001"))).toHaveLength(3);
  });

  it("filters by status through filter_options", async () => {
    const active = "?filter_options%5Bsubscriptions%5D%5B0%5D%5Bstatus%5D=active";
    expect(ids(await list(ada, active))).toEqual(["SUB-1001-01", "SUB-1001-02"]);
    expect(ids(await list(ada, "?filter_options[subscriptions][0][status]=CANCELLED"))).toEqual([
      "SUB-1001-03",
    ]);
    expect(ids(await list(ada, "?filter_options[subscriptions][0][status][not]=active"))).toEqual([
      "SUB-1001-03",
    ]);
    const bad = await h.api("GET", "/v1/subscriptions?filter_options[invoices][0][status]=active", {
      token: ada,
    });
    expect(bad.status).toBe(400);
  });

  it("answers 404 for another customer's id and shows the empty and draft cases", async () => {
    const res = await h.api("GET", "/v1/subscriptions?customer_id=cus_acme_1002", { token: ada });
    expect(res.status).toBe(404);
    expect(await list(await bearer(h, "zero@acme.test"))).toEqual([]);
    const multi = await bearer(h, "multi@acme.test");
    expect(ids(await list(multi, "?filter_options[subscriptions][0][status]=draft"))).toEqual([
      "SUB-1002-02",
    ]);
    await selectCustomer(h, multi, "CUST-1004");
    expect(ids(await list(multi))).toEqual(["SUB-1004-01", "SUB-1004-02"]);
    const gina = await list(await bearer(h, "gina@globex.test"));
    expect(gina.map((s) => s.status?.value)).toEqual(["cancelled", "active"]);
    expect(gina[1]?.currency?.value).toBe("CAD");
  });

  it("answers field objects, plans, charges and actions", async () => {
    const s = await find(ada, "SUB-1001-01");
    expect(s.id).toEqual({
      value: "SUB-1001-01",
      display_name: "Subscription ID",
      type: "text",
      editable: false,
      enabled: true,
      column_enabled: true,
      detail_enabled: false,
      orderNo: 1,
    });
    expect(String(s.description?.value).length).toBeGreaterThan(40);
    expect(s.description).toMatchObject({ type: "textarea", editable: true });
    expect(s.po_number).toMatchObject({ value: "PO-88412", editable: true });
    expect(s.renewal_date).toMatchObject({ type: "date", editable: true });
    expect(s.crm_reference?.enabled).toBe(false);
    expect(s.start_date?.value).toBe("2028-11-05");
    expect(s.contract_end_date?.value).toBe("2031-11-05");
    expect(s.next_billing_date?.value).toBe("2030-02-05");
    expect(s.auto_renew?.value).toBe(true);
    expect(s.actions).toEqual([
      { name: "Cancel", actionable: true },
      { name: "Change", actionable: true },
      { name: "Reactivate", actionable: false },
      { name: "Add Plan", actionable: true },
      { name: "Pause", actionable: true },
      { name: "Resume", actionable: false },
    ]);
    expect(s.plans).toHaveLength(3);
    expect(s.plans[0]?.charges.length).toBeGreaterThanOrEqual(6);
    expect(s.plans[0]?.actions).toEqual([
      { name: "Delete Plan", actionable: true },
      { name: "Upgrade / Downgrade Plan", actionable: true },
    ]);
    const meter = s.plans[0]?.charges[0];
    expect(meter?.charge_name?.value).toBe("Smart Meter Rental");
    expect(meter?.quantity).toMatchObject({ value: 4, editable: true, column_enabled: true });
    expect(meter?.list_price_base?.value).toBe("per unit");

    const usage = (await find(ada, "SUB-1001-02")).plans[0]?.charges[0];
    expect(usage?.charge_type?.value).toBe("Usage based");
    expect(usage?.quantity).toMatchObject({ value: null, editable: false });

    const cancelled = await find(ada, "SUB-1001-03");
    expect(cancelled.actions.find((a) => a.name === "Reactivate")?.actionable).toBe(true);
    expect(cancelled.actions.find((a) => a.name === "Cancel")?.actionable).toBe(false);
    expect(cancelled.po_number?.editable).toBe(false);
  });

  it("answers 401 without a bearer", async () => {
    expect((await h.api("GET", "/v1/subscriptions")).status).toBe(401);
  });
});

describe("PUT /v1/subscriptions/{id}", () => {
  it("updates editable fields and answers the subscription", async () => {
    const res = await put<{ subscription: Subscription }>("SUB-1001-01", {
      fields: { po_number: "PO-1", renewal_date: "2031-11-05", description: "Short" },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.subscription.po_number?.value).toBe("PO-1");
    expect((await find(ada, "SUB-1001-01")).renewal_date?.value).toBe("2031-11-05");
  });

  it("refuses fields that are not editable, bad dates, long text and inactive subscriptions", async () => {
    expect400(
      await put("SUB-1001-01", { fields: { name: "X" } }),
      /Subscription Name cannot be edited/,
    );
    expect400(await put("SUB-1001-01", { fields: { nope: "X" } }), /nope cannot be edited/);
    expect400(await put("SUB-1001-01", { fields: { crm_reference: "X" } }), /cannot be edited/);
    expect400(await put("SUB-1001-01", { fields: { renewal_date: "2030-02-30" } }), /YYYY-MM-DD/);
    expect400(await put("SUB-1001-01", { fields: { renewal_date: "2030/03/01" } }), /YYYY-MM-DD/);
    expect400(await put("SUB-1001-01", { fields: { po_number: "x".repeat(2001) } }), /2000/);
    expect400(await put("SUB-1001-01", { fields: { po_number: 5 } }), /text/);
    expect400(await put("SUB-1001-03", { fields: { po_number: "X" } }), /active/);
    expect400(await put("SUB-1001-01", { fields: {} }), /nothing to change/);
    expect((await put("SUB-1001-01", { fields: "po" })).status).toBe(422);
    expect((await put("SUB-1001-01", { fields: { po_number: { a: 1 } } })).status).toBe(422);
  });

  it("answers 404 for another customer's subscription", async () => {
    const res = await put("SUB-1002-01", { fields: { po_number: "X" } });
    expect(res.status).toBe(404);
    expect(res.body.errorCode).toBe("not_found");
  });
});

describe("PUT /v1/subscriptions/{id}/change_preview", () => {
  // SUB-1001-01 started 2028-11-05; today 2030-01-15. Cycle [2030-01-05, 2030-02-05): 31 days,
  // 21 remaining. Quarter [2029-11-05, 2030-02-05): 30 + 31 + 31 = 92 days, 21 remaining.
  // Year [2029-11-05, 2030-11-05): 365 days, 294 remaining.
  // Monthly lines at cs: meters 4 × 12.50 = 50, hosting 29, leak alerts 5.99, valves 2 × 3.25
  // = 6.50, insurance 4 × 1.10 = 4.40, base fee 45, fixtures (volume, 30 in 21–50 at 3.50) 105
  // = 245.89. The quarter (export bundle, tiered 100 × 0.20 + 50 × 0.15 = 27.50) begins at ce.
  it("prorates quantity changes of monthly, quarterly and volume charges", async () => {
    const res = await preview("SUB-1001-01", {
      charges: [
        { id: "SCH-1001-01-1-1", quantity: 6 }, // meters 50 → 75: 25 × 21/31 = 16.935 → 16.94
        { id: "SCH-1001-01-1-5", quantity: 600 }, // tiered 27.50 → 20 + 60 + 10 = 90: 62.5 × 21/92 = 14.266 → 14.27
        { id: "SCH-1001-01-2-2", quantity: 60 }, // volume 105 → 60 × 3 = 180: 75 × 21/31 = 50.806 → 50.81
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      prior_invoice: { invoice_amount: 245.89 },
      current_invoice: { invoice_amount: 82.02 },
      // 75 + 29 + 5.99 + 6.50 + 4.40 + 45 + 180 = 345.89, + the quarter's 90 = 435.89
      next_invoice: { invoice_amount: 435.89 },
      contract_effective_date: "2030-01-15",
      currency: "USD",
    });
  });

  it("credits a removed annual plan and bills an added plan from today", async () => {
    const removed = await preview("SUB-1001-01", { remove_plans: ["SPL-1001-01-3"] });
    // backflow tests 3 × 65 = 195 a year: −195 × 294/365 = −157.068 → −157.07
    expect(removed.body.data.current_invoice.invoice_amount).toBe(-157.07);
    expect(removed.body.data.next_invoice.invoice_amount).toBe(273.39); // 245.89 + 27.50
    const added = await preview("SUB-1001-01", {
      add_plans: [{ plan_id: "PLN-A014", charges: [{ charge_id: "CHG-A014-1", quantity: 5 }] }],
    });
    // pressure loggers 5 × 6.50 = 32.50 monthly: 32.5 × 21/31 = 22.016 → 22.02
    expect(added.body.data.current_invoice.invoice_amount).toBe(22.02);
    expect(added.body.data.next_invoice.invoice_amount).toBe(305.89); // 273.39 + 32.50
    const byDefault = await preview("SUB-1001-01", { add_plans: [{ plan_id: "PLN-A014" }] });
    // default quantity 3: 19.50 × 21/31 = 13.209 → 13.21
    expect(byDefault.body.data.current_invoice.invoice_amount).toBe(13.21);
  });

  it("bills usage-based charges in arrears from the usage lines", async () => {
    // SUB-1001-02 started 2029-04-20: cycle [2029-12-20, 2030-01-20), previous [2029-11-20, 2029-12-20).
    await h.sandbox.db.query("DELETE FROM usages WHERE subscription_id = 'SUB-1001-02'");
    const rows: [string, string, number, string][] = [
      ["USG-T1", "2029-11-20", 1000, "CHG-1001-02-A"],
      ["USG-T2", "2029-12-19", 200.5, "CHG-1001-02-A"],
      ["USG-T3", "2029-12-20", 400, "CHG-1001-02-A"],
      ["USG-T4", "2030-01-10", 100, "CHG-1001-02-A"],
      ["USG-T5", "2030-01-20", 999, "CHG-1001-02-A"], // next cycle
      ["USG-T6", "2030-01-10", 777, "CHG-1001-02-B"], // another charge
      ["USG-T7", "2029-11-19", 555, "CHG-1001-02-A"], // two cycles back
    ];
    for (const [id, date, quantity, charge] of rows) {
      await h.sandbox.db.query(
        `INSERT INTO usages (id, customer_id, date, quantity, unit_of_measure, subscription_id, charge_id, created_date, updated_date)
         VALUES ($1, 'cus_acme_1001', $2, $3, 'units', 'SUB-1001-02', $4, now(), now())`,
        [id, date, quantity, charge],
      );
    }
    const res = await preview("SUB-1001-02", { fields: { po_number: "PO-9" } });
    expect(res.status).toBe(200);
    // prior: account fee 9.50 + previous cycle's 1200.5 × 0.0125 = 15.00625 → 15.01: 24.51
    // now: a fields-only change bills nothing
    // next: 9.50 + this cycle's 500 × 0.0125 = 6.25: 15.75
    expect(res.body.data).toMatchObject({
      prior_invoice: { invoice_amount: 24.51 },
      current_invoice: { invoice_amount: 0 },
      next_invoice: { invoice_amount: 15.75 },
    });
  });

  it("refuses what CONTRACT §7.1 lists", async () => {
    const sub = "SUB-1001-01";
    expect400(
      await preview(sub, { charges: [{ id: "SCH-1001-01-1-1", quantity: -1 }] }),
      /whole number/,
    );
    expect400(
      await preview(sub, { charges: [{ id: "SCH-1001-01-1-1", quantity: 1.5 }] }),
      /whole number/,
    );
    expect400(
      await preview("SUB-1001-02", { charges: [{ id: "SCH-1001-02-1-1", quantity: 3 }] }),
      /usage-based/,
    );
    expect400(
      await preview(sub, {
        add_plans: [{ plan_id: "PLN-A004", charges: [{ charge_id: "CHG-A004-1", quantity: 3 }] }],
      }),
      /usage-based/,
    );
    expect400(
      await preview(sub, { charges: [{ id: "SCH-9999", quantity: 1 }] }),
      /SCH-9999 is not on this subscription/,
    );
    expect400(
      await preview(sub, { charges: [{ id: "SCH-1001-02-1-2", quantity: 1 }] }),
      /not on this subscription/,
    );
    expect400(await preview(sub, { remove_plans: ["SPL-1001-02-1"] }), /not on this subscription/);
    expect400(await preview(sub, { add_plans: [{ plan_id: "PLN-NOPE" }] }), /does not exist/);
    expect400(await preview(sub, { add_plans: [{ plan_id: "PLN-G001" }] }), /does not exist/);
    expect400(await preview(sub, { add_plans: [{ plan_id: "PLN-A026" }] }), /not available/);
    expect400(
      await preview(sub, {
        add_plans: [{ plan_id: "PLN-A014", charges: [{ charge_id: "CHG-A001-1", quantity: 1 }] }],
      }),
      /not part of the plan/,
    );
    expect400(await preview(sub, {}), /nothing to change/);
    expect400(await preview(sub, { fields: {}, charges: [] }), /nothing to change/);
    expect400(await preview(sub, { fields: { name: "X" } }), /cannot be edited/);
    expect400(await preview("SUB-1001-03", { fields: { po_number: "X" } }), /active/);
    expect400(await preview("SUB-1001-02", { remove_plans: ["SPL-1001-02-1"] }), /last plan/);
    expect(
      (await preview(sub, { charges: [{ id: "SCH-1001-01-1-1", quantity: "3" }] })).status,
    ).toBe(422);
    expect((await preview(sub, { remove_plans: "SPL-1001-01-1" })).status).toBe(422);
    expect((await preview("SUB-1002-01", { fields: { po_number: "X" } })).status).toBe(404);
  });
});

describe("PUT /v1/subscriptions/{id}/change", () => {
  it("applies quantities, plans added and removed, and fields; the list shows it", async () => {
    const res = await put<{ subscription: Subscription; preview: Preview }>("SUB-1001-01/change", {
      fields: { po_number: "PO-CHANGED" },
      charges: [{ id: "SCH-1001-01-1-1", quantity: 6 }],
      add_plans: [{ plan_id: "PLN-A014", charges: [{ charge_id: "CHG-A014-1", quantity: 5 }] }],
      remove_plans: ["SPL-1001-01-3"],
    });
    expect(res.status).toBe(200);
    // 16.94 (meters) + 22.02 (added) − 157.07 (removed) = −118.11
    expect(res.body.data.preview.current_invoice.invoice_amount).toBe(-118.11);
    const s = await find(ada, "SUB-1001-01");
    expect(s).toEqual(res.body.data.subscription);
    expect(s.po_number?.value).toBe("PO-CHANGED");
    expect(s.plans.map((p) => p.plan_id?.value)).toEqual(["PLN-A001", "PLN-A002", "PLN-A014"]);
    expect(s.plans[0]?.charges[0]?.quantity?.value).toBe(6);
    expect(s.plans[2]?.charges[0]?.quantity?.value).toBe(5);
    expect(s.plans[2]?.id?.value).toMatch(/^SPL-/);
    expect(s.plans[2]?.charges[0]?.id?.value).toMatch(/^SCH-/);
    // The new plan line can be changed and removed like the seeded ones.
    const again = await preview("SUB-1001-01", { remove_plans: [String(s.plans[2]?.id?.value)] });
    expect(again.status).toBe(200);
  });

  it("changes nothing when refused", async () => {
    const res = await put("SUB-1001-01/change", {
      charges: [{ id: "SCH-1001-01-1-1", quantity: 9 }],
      add_plans: [{ plan_id: "PLN-A026" }],
    });
    expect(res.status).toBe(400);
    expect((await find(ada, "SUB-1001-01")).plans[0]?.charges[0]?.quantity?.value).toBe(4);
  });
});

describe("cancel_date, cancel and reactivate", () => {
  const endDate = async (query: string) =>
    h.api<{ endDate: string }>("GET", `/v1/subscriptions/SUB-1001-01/cancel_date?${query}`, {
      token: ada,
    });

  it("answers the effective date of each cancellation type", async () => {
    const expected: [string, string][] = [
      ["cancellation_type=today", "2030-01-15"],
      ["cancellation_type=end_of_current_billing_period", "2030-02-05"],
      ["cancellation_type=end_of_previous_billing_period", "2030-01-05"],
      ["cancellation_type=end_of_current_contract_term", "2031-11-05"],
      ["cancellation_type=specific_date&cancellation_date=2030-03-01", "2030-03-01"],
    ];
    for (const [query, date] of expected) {
      const res = await endDate(query);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ endDate: date });
    }
    expect400(await endDate("cancellation_type=tomorrow"), /cancellation type/);
    expect400(await endDate(""), /cancellation type/);
    expect400(await endDate("cancellation_type=specific_date"), /required/);
    expect400(
      await endDate("cancellation_type=specific_date&cancellation_date=2030-13-01"),
      /YYYY-MM-DD/,
    );
    expect400(
      await endDate("cancellation_type=specific_date&cancellation_date=2028-11-04"),
      /start date/,
    );
    const other = await h.api(
      "GET",
      "/v1/subscriptions/SUB-2001-01/cancel_date?cancellation_type=today",
      { token: ada },
    );
    expect(other.status).toBe(404);
  });

  it("cancels and reactivates, refusing the wrong states and dates", async () => {
    expect400(await put("SUB-1001-01/cancel", {}), /required/);
    expect400(await put("SUB-1001-01/cancel", { cancellation_date: "15/01/2030" }), /YYYY-MM-DD/);
    expect400(await put("SUB-1001-01/cancel", { cancellation_date: "2028-01-01" }), /start date/);
    expect400(
      await put("SUB-1001-01/cancel", {
        cancellation_date: "2030-02-05",
        cancellation_type: "soon",
      }),
      /cancellation type/,
    );
    expect((await put("SUB-1001-01/cancel", { cancellation_date: 20300205 })).status).toBe(422);
    expect400(await put("SUB-1001-01/reactivate", {}), /Only a cancelled/);

    const cancelled = await put<{ subscription: Subscription }>("SUB-1001-01/cancel", {
      cancellation_date: "2030-02-05",
      cancellation_type: "end_of_current_billing_period",
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.subscription.status?.value).toBe("cancelled");
    expect(cancelled.body.data.subscription.cancellation_date?.value).toBe("2030-02-05");
    expect(ids(await list(ada, "?filter_options[subscriptions][0][status]=cancelled"))).toEqual([
      "SUB-1001-03",
      "SUB-1001-01",
    ]);
    expect400(
      await put("SUB-1001-01/cancel", { cancellation_date: "2030-02-05" }),
      /already cancelled/,
    );
    expect400(await preview("SUB-1001-01", { fields: { po_number: "X" } }), /active/);

    const back = await put<{ subscription: Subscription }>("SUB-1001-01/reactivate", {});
    expect(back.status).toBe(200);
    expect(back.body.data.subscription.status?.value).toBe("active");
    expect(back.body.data.subscription.cancellation_date?.value).toBeNull();
    expect((await put("SUB-1001-03/reactivate", {})).status).toBe(200);
    expect((await put("SUB-2001-02/reactivate", {})).status).toBe(404);
  });
});

describe("faults and reset", () => {
  it("injects faults on the subscription calls", async () => {
    for (const [method, path] of [
      ["GET", "/v1/subscriptions"],
      ["PUT", "/v1/subscriptions/SUB-1001-01/change_preview"],
      ["PUT", "/v1/subscriptions/SUB-1001-03/reactivate"],
    ] as const) {
      const set = await h.request("POST", "/__sandbox/faults", {
        body: { method, path, status: 500 },
      });
      expect(set.status).toBe(200);
      const res = await h.api(method, path, {
        token: ada,
        body: method === "PUT" ? {} : undefined,
      });
      expect(res.status).toBe(500);
    }
    expect((await h.api("GET", "/v1/subscriptions", { token: ada })).status).toBe(200);
  });

  it("restores the seed", async () => {
    const before = await list(ada);
    await put("SUB-1001-01/change", { remove_plans: ["SPL-1001-01-3"] });
    await put("SUB-1001-03/reactivate", {});
    await h.reset();
    ada = await bearer(h, "ada@acme.test");
    expect(await list(ada)).toEqual(before);
  });
});
