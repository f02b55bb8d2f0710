/**
 * Calls around the lists (CONTRACT.md §5): table configuration saves read back per user,
 * fetch_instances, and the account detail computed from the rows.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accountDetail } from "../src/lists/account-detail";
import { fetchInstances } from "../src/lists/fetch-instances";
import { loadListFields } from "../src/lists/list";
import type { ListModule } from "../src/lists/modules";
import {
  saveColumnOrder,
  saveColumnWidth,
  saveSorting,
  type TableConfiguration,
} from "../src/lists/table-config";
import { startHarness, type Harness } from "./support/harness";
import {
  ADA,
  containsValue,
  createFreshCustomer,
  FRESH,
  insertRows,
  list,
  listIds,
  MULTI,
  ZERO,
  type Caller,
} from "./support/lists-fixtures";

let h: Harness;
beforeAll(async () => {
  h = await startHarness("lists_config");
}, 60_000);
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.reset();
});

const NOW = new Date("2030-01-15T12:00:00Z");
const target = (module: ListModule) => ({
  module_name: "dashboard",
  sub_module_name: module,
  level_type: "user",
});

async function save(
  kind: "width" | "order" | "sort",
  caller: Caller,
  module: ListModule,
  body: Record<string, unknown>,
): Promise<TableConfiguration> {
  const fields = await loadListFields(h.sandbox.db, caller.companyId, module);
  const fn = { width: saveColumnWidth, order: saveColumnOrder, sort: saveSorting }[kind];
  return fn(h.sandbox.db, caller.userId, fields, { ...target(module), ...body }, NOW);
}

async function status400(promise: Promise<unknown>): Promise<string> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toMatchObject({ status: 400, errorCode: "validation" });
  return (err as Error).message;
}

const tableConfiguration = async (caller: Caller, module: ListModule) =>
  (await list(h.sandbox.db, caller, module, "initial_req=true")).tableConfiguration;

describe("PUT /v1/column/save_column_width", () => {
  it("saves widths, merges later saves, and reads them back with initial_req", async () => {
    await save("width", ADA, "usages", { column_width: { id: 120, description: 300 } });
    const saved = await save("width", ADA, "usages", {
      column_width: { description: 420, "custom_fields.meter_id": 40 },
    });
    const expected = {
      column_width: { id: 120, description: 420, "custom_fields.meter_id": 40 },
      column_order: [],
      sorting: null,
    };
    expect(saved).toEqual(expected);
    expect(await tableConfiguration(ADA, "usages")).toEqual(expected);
  });

  it("keeps each user's layout to that user and that list", async () => {
    await save("width", ADA, "invoices", { column_width: { status: 200 } });
    expect(await tableConfiguration(MULTI, "invoices")).toEqual({
      column_width: {},
      column_order: [],
      sorting: null,
    });
    expect(await tableConfiguration(ADA, "payments")).toMatchObject({ column_width: {} });
  });

  it.each([
    ["a width under 40", { id: 39 }, /40/],
    ["a width over 1000", { id: 1001 }, /1000/],
    ["a fractional width", { id: 100.5 }, /whole/],
    ["an unknown column", { nope: 100 }, /nope/],
    ["a hidden custom field", { "custom_fields.internal_notes": 100 }, /internal_notes/],
    ["no column", {}, /column/],
  ])("answers 400 validation to %s", async (_, column_width, message) => {
    expect(await status400(save("width", ADA, "invoices", { column_width }))).toMatch(message);
  });

  it("answers 400 validation to another module_name or level_type", async () => {
    const fields = await loadListFields(h.sandbox.db, "acme", "usages");
    const body = { column_width: { id: 100 }, sub_module_name: "usages" };
    await status400(
      saveColumnWidth(h.sandbox.db, ADA.userId, fields, { ...body, module_name: "x" }, NOW),
    );
    await status400(
      saveColumnWidth(
        h.sandbox.db,
        ADA.userId,
        fields,
        { ...body, module_name: "dashboard", level_type: "company" },
        NOW,
      ),
    );
  });
});

describe("PUT /v1/column/save_column_order", () => {
  it("saves a permutation of the list's columns", async () => {
    const fields = await loadListFields(h.sandbox.db, "acme", "statements");
    const order = [...fields.columnIds].reverse();
    expect(await save("order", ADA, "statements", { column_order: order })).toMatchObject({
      column_order: order,
    });
    expect(await tableConfiguration(ADA, "statements")).toMatchObject({ column_order: order });
  });

  it("answers 400 validation to a missing, repeated or unknown column", async () => {
    const { columnIds } = await loadListFields(h.sandbox.db, "acme", "statements");
    expect(
      await status400(save("order", ADA, "statements", { column_order: columnIds.slice(1) })),
    ).toMatch(/missing/);
    expect(
      await status400(
        save("order", ADA, "statements", { column_order: [...columnIds, columnIds[0]] }),
      ),
    ).toMatch(/twice/);
    expect(
      await status400(save("order", ADA, "statements", { column_order: [...columnIds, "nope"] })),
    ).toMatch(/nope/);
  });
});

describe("PUT /v1/column/save_sorting", () => {
  it("saves the sort; lists without a sort parameter use it", async () => {
    await h.reset();
    await createFreshCustomer(h.sandbox.db);
    await insertRows(h.sandbox.db, "usages", [
      { id: "S1", quantity: "3" },
      { id: "S2", quantity: "1" },
      { id: "S3", quantity: "2" },
    ]);
    const saved = await save("sort", FRESH, "usages", { sort_line: "quantity asc" });
    expect(saved.sorting).toBe("quantity asc");
    expect(await listIds(h.sandbox.db, FRESH, "usages")).toEqual(["S2", "S3", "S1"]);
    // An explicit sort still wins, and null forgets the saved one.
    expect(await listIds(h.sandbox.db, FRESH, "usages", "sort=id desc")).toEqual([
      "S3",
      "S2",
      "S1",
    ]);
    expect((await save("sort", FRESH, "usages", { sort_line: null })).sorting).toBeNull();
  });

  it("answers 400 validation to a sort line outside the whitelist", async () => {
    expect(await status400(save("sort", ADA, "usages", { sort_line: "meter_id asc" }))).toMatch(
      /sort_line/,
    );
    await status400(save("sort", ADA, "usages", { sort_line: "date sideways" }));
  });
});

describe("GET /v1/filter/fetch_instances", () => {
  const instances = (caller: Caller, query: Record<string, string>) =>
    fetchInstances(h.sandbox.db, caller, new URLSearchParams(query)).then((a) =>
      a.resultData.results.map((r) => r.value),
    );

  it("answers the distinct status values lower-cased and sorted", async () => {
    const [rows] = await Promise.all([
      h.sandbox.db.query<{ s: string }>(
        "SELECT DISTINCT lower(status) AS s FROM invoices WHERE customer_id = $1",
        [ADA.customerId],
      ),
    ]);
    const expected = rows.map((r) => r.s).sort();
    const answer = await fetchInstances(
      h.sandbox.db,
      ADA,
      new URLSearchParams({ module_name: "dashboard", field: "invoices.status" }),
    );
    expect(answer.resultData.results).toEqual(expected.map((v) => ({ label: v, value: v })));
  });

  it("answers at most 50 values in byte order, narrowed by custom_search", async () => {
    const ids = await instances(ADA, { field: "invoices.invoice_id" });
    expect(ids).toHaveLength(50);
    expect(ids).toEqual([...ids].sort());
    expect(ids[0]).toBe("INV-000001");
    const narrowed = await instances(ADA, { field: "invoices.invoice_id", custom_search: "0011" });
    const expected = await h.sandbox.db.query<{ id: string }>(
      "SELECT id FROM invoices WHERE customer_id = $1 AND position('0011' in id) > 0 ORDER BY id",
      [ADA.customerId],
    );
    expect(expected.length).toBeGreaterThan(1);
    expect(narrowed).toEqual(expected.map((r) => r.id));
  });

  it("takes custom_search literally and serves custom text fields", async () => {
    await createFreshCustomer(h.sandbox.db);
    await insertRows(h.sandbox.db, "usages", [
      { id: "F1", description: "100% water", custom_fields: { meter_id: "M_1" } },
      { id: "F2", description: "1000 water", custom_fields: { meter_id: "MX1" } },
      { id: "F3", description: "", custom_fields: { meter_id: "M_1" } },
    ]);
    expect(await instances(FRESH, { field: "usages.description", custom_search: "%" })).toEqual([
      "100% water",
    ]);
    expect(await instances(FRESH, { field: "usages.description" })).toEqual([
      "100% water",
      "1000 water",
    ]);
    expect(await instances(FRESH, { field: "usages.meter_id", custom_search: "_" })).toEqual([
      "M_1",
    ]);
  });

  it.each([
    ["no field", {}],
    ["a field without module", { field: "status" }],
    ["an unknown list", { field: "orders.status" }],
    ["an unknown field", { field: "invoices.nope" }],
    ["a number field", { field: "invoices.total" }],
    ["a date field", { field: "usages.date" }],
    ["a search over 200 characters", { field: "invoices.status", custom_search: "x".repeat(201) }],
  ])("answers 400 validation to %s", async (_, query) => {
    await status400(fetchInstances(h.sandbox.db, ADA, new URLSearchParams(query)));
  });
});

describe("GET /v1/customers/account_detail", () => {
  type Invoice = {
    id: string;
    status: string;
    balance: string;
    invoice_amount: string;
    currency: string;
    updated_date: Date;
  };
  type Payment = {
    id: string;
    status: string;
    payment_date: string;
    payment_amount: string;
    currency: string;
  };

  async function expectedFor(customerId: string) {
    const invoices = await h.sandbox.db.query<Invoice>(
      "SELECT id, status, balance::text, invoice_amount::text, currency, updated_date FROM invoices WHERE customer_id = $1",
      [customerId],
    );
    const payments = await h.sandbox.db.query<Payment>(
      "SELECT id, status, to_char(payment_date, 'YYYY-MM-DD') AS payment_date, payment_amount::text, currency FROM payments WHERE customer_id = $1",
      [customerId],
    );
    const cents = invoices
      .filter((i) => i.status === "Posted" || i.status === "Partially paid")
      .reduce((sum, i) => sum + Math.round(Number(i.balance) * 100), 0);
    const lastPayment = payments
      .filter((p) => p.status === "succeeded")
      .sort((a, b) => (a.payment_date + a.id < b.payment_date + b.id ? 1 : -1))[0];
    const lastPaid = invoices
      .filter((i) => i.status === "Paid")
      .sort(
        (a, b) => b.updated_date.getTime() - a.updated_date.getTime() || (a.id < b.id ? 1 : -1),
      )[0];
    return { balance: cents / 100, lastPayment, lastPaid };
  }

  it("computes ada's balance, last payment and last paid invoice from the rows", async () => {
    const { balance, lastPayment, lastPaid } = await expectedFor(ADA.customerId);
    expect(balance).toBeGreaterThan(0);
    const { customerAccountDetails: d } = await accountDetail(h.sandbox.db, ADA.customerId);
    expect(d).toEqual({
      balance,
      payment_date: lastPayment?.payment_date,
      payment_amount: Number(lastPayment?.payment_amount),
      payment_currency: "USD",
      last_paid_invoice: lastPaid?.id,
      inv_paid_amount: Number(lastPaid?.invoice_amount),
      invoice_currency: "USD",
      invoice_pdf_url: null,
      customer_currency: "USD",
      paymentGatewayEnabled: true,
    });
  });

  it("answers a zero balance for zero@'s settled account", async () => {
    const { customerAccountDetails: d } = await accountDetail(h.sandbox.db, ZERO.customerId);
    expect(d.balance).toBe(0);
    expect(d.last_paid_invoice).toMatch(/^INV-/);
  });

  it("follows the data: paying an open invoice lowers the balance", async () => {
    const before = (await accountDetail(h.sandbox.db, ADA.customerId)).customerAccountDetails;
    const [open] = await h.sandbox.db.query<{ id: string; balance: string }>(
      "SELECT id, balance::text FROM invoices WHERE customer_id = $1 AND status = 'Posted' ORDER BY id LIMIT 1",
      [ADA.customerId],
    );
    await h.sandbox.db.query(
      "UPDATE invoices SET status = 'Paid', balance = 0, updated_date = '2030-01-15T11:00:00Z' WHERE id = $1",
      [open?.id],
    );
    const after = (await accountDetail(h.sandbox.db, ADA.customerId)).customerAccountDetails;
    expect(after.balance).toBeCloseTo(before.balance - Number(open?.balance), 2);
    expect(after.last_paid_invoice).toBe(open?.id);
  });

  it("answers nothing paid and no balance for a customer without rows", async () => {
    await createFreshCustomer(h.sandbox.db);
    const { customerAccountDetails: d } = await accountDetail(h.sandbox.db, FRESH.customerId);
    expect(d).toMatchObject({
      balance: 0,
      payment_date: null,
      last_paid_invoice: null,
      customer_currency: "USD",
    });
  });
});

describe("contains values in fetch_instances and lists agree", () => {
  it("finds the same invoices by a contains filter as custom_search offers", async () => {
    const offered = await fetchInstances(
      h.sandbox.db,
      ADA,
      new URLSearchParams({ field: "invoices.invoice_id", custom_search: "00012" }),
    );
    const listed = await listIds(h.sandbox.db, ADA, "invoices", [
      ["filter_options[invoices][0][invoice_id]", containsValue("00012")],
      ["sort", "id asc"],
    ]);
    expect(offered.resultData.results.map((r) => r.value)).toEqual(listed);
  });
});
