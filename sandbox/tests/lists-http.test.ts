/** The list routes over HTTP: authentication, customer scope, one round trip each, 400 for garbage. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./support/harness";
import { containsValue } from "./support/lists-fixtures";

let h: Harness;
beforeAll(async () => {
  h = await startHarness("lists_http");
}, 60_000);
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.reset();
});

const ROUTES: [string, string][] = [
  ["GET", "/v1/invoices"],
  ["GET", "/v1/payments"],
  ["GET", "/v1/usages"],
  ["GET", "/v1/credits"],
  ["GET", "/v1/statements"],
  ["GET", "/v1/filter/fetch_instances?field=invoices.status"],
  ["PUT", "/v1/column/save_column_width"],
  ["PUT", "/v1/column/save_column_order"],
  ["PUT", "/v1/column/save_sorting"],
  ["GET", "/v1/customers/account_detail"],
];

describe("list routes", () => {
  it.each(ROUTES)("%s %s answers 401 without a bearer token", async (method, path) => {
    const res = await h.api(method, path);
    expect(res.status).toBe(401);
    expect(res.body.errorCode).toBe("unauthorized");
  });

  it("GET /v1/invoices answers a filtered page of the selected customer in the envelope", async () => {
    const { accessToken } = await h.login("ada@acme.test");
    const query = new URLSearchParams([
      ["page", "1"],
      ["size", "5"],
      ["sort", "invoice_amount desc"],
      ["initial_req", "true"],
      ["filter_options[invoices][0][status]", "paid"],
      ["filter_options[invoices][1][invoice_id]", containsValue("INV-0000")],
    ]);
    const res = await h.api<Record<string, unknown>>("GET", `/v1/invoices?${query}`, {
      token: accessToken,
    });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    const data = res.body.data;
    const rows = data.invoices as { status: string; invoice_amount: number; id: string }[];
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.status === "Paid" && r.id.startsWith("INV-0000"))).toBe(true);
    const amounts = rows.map((r) => r.invoice_amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect(data.total).toEqual(expect.any(Number));
    expect(data).toHaveProperty("tableConfiguration");
    expect(data).toHaveProperty("objectConfiguration.invoice.fields");
  });

  it("answers 400 validation in the envelope for garbage, never 500", async () => {
    const { accessToken } = await h.login("ada@acme.test");
    for (const query of [
      "page=abc",
      "size=500",
      "sort=password asc",
      "filter_options[usages][0][description]=/a.b/i",
      "filter_options[usages][0][quantity][gt]=1;DROP TABLE usages",
      "filter_options=%7B%7D",
    ]) {
      const res = await h.api("GET", `/v1/usages?${query}`, { token: accessToken });
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ code: 400, data: null, errorCode: "validation" });
    }
    const bad = await h.request("PUT", "/v1/column/save_sorting", {
      token: accessToken,
      rawBody: "{nope",
      headers: { "content-type": "application/json" },
    });
    expect(bad.status).toBe(400);
  });

  it("lists the customer multi@ selected, not another", async () => {
    const { accessToken } = await h.login("multi@acme.test");
    const before = await h.api<{ credits: { id: string }[] }>("GET", "/v1/credits?size=100", {
      token: accessToken,
    });
    await h.api("POST", "/v1/user/portalUserCustomer", {
      token: accessToken,
      body: { customer_id: "cus_acme_1003" },
    });
    const after = await h.api<{ credits: { id: string }[] }>("GET", "/v1/credits?size=100", {
      token: accessToken,
    });
    const [mine] = await h.sandbox.db.query<{ ids: string[] }>(
      "SELECT array_agg(id ORDER BY id) AS ids FROM credits WHERE customer_id = 'cus_acme_1003'",
    );
    expect(after.body.data.credits.map((r) => r.id).sort()).toEqual(mine?.ids);
    expect(before.body.data.credits.map((r) => r.id)).not.toEqual(
      after.body.data.credits.map((r) => r.id),
    );
  });

  it("PUT /v1/column/* saves the layout the next initial_req reads", async () => {
    const { accessToken } = await h.login("ada@acme.test");
    const target = { module_name: "dashboard", sub_module_name: "usages", level_type: "user" };
    const width = await h.api("PUT", "/v1/column/save_column_width", {
      token: accessToken,
      body: { ...target, column_width: { description: 360 } },
    });
    expect(width.status).toBe(200);
    await h.api("PUT", "/v1/column/save_sorting", {
      token: accessToken,
      body: { ...target, sort_line: "quantity asc" },
    });
    const res = await h.api<{ tableConfiguration: unknown; usages: { quantity: number }[] }>(
      "GET",
      "/v1/usages?initial_req=true",
      { token: accessToken },
    );
    expect(res.body.data.tableConfiguration).toEqual({
      column_width: { description: 360 },
      column_order: [],
      sorting: "quantity asc",
    });
    const quantities = res.body.data.usages.map((u) => u.quantity);
    expect(quantities).toEqual([...quantities].sort((a, b) => a - b));
    const refused = await h.api("PUT", "/v1/column/save_column_width", {
      token: accessToken,
      body: { ...target, column_width: { description: 20 } },
    });
    expect(refused.status).toBe(400);
  });

  it("GET /v1/filter/fetch_instances and /v1/customers/account_detail answer for the bearer's customer", async () => {
    const { accessToken } = await h.login("zero@acme.test");
    const instances = await h.api<{ resultData: { results: { value: string }[] } }>(
      "GET",
      "/v1/filter/fetch_instances?module_name=dashboard&field=invoices.status&customer_id=cus_acme_1001",
      { token: accessToken },
    );
    // zero@'s own invoices only (customer_id is ignored): paid or void, never posted.
    const values = instances.body.data.resultData.results.map((r) => r.value);
    expect(values).toContain("paid");
    expect(values).not.toContain("posted");
    const detail = await h.api<{ customerAccountDetails: { balance: number } }>(
      "GET",
      "/v1/customers/account_detail",
      { token: accessToken },
    );
    expect(detail.body.data.customerAccountDetails.balance).toBe(0);
  });

  it("signs statement links under the sandbox's own origin", async () => {
    const { accessToken } = await h.login("gina@globex.test");
    const res = await h.api<{ statements: { id: string; url: string }[] }>(
      "GET",
      "/v1/statements?size=1",
      { token: accessToken },
    );
    const [row] = res.body.data.statements;
    const url = new URL(row?.url ?? "");
    expect(url.origin).toBe(h.url);
    expect(url.pathname).toBe(`/files/statements/${row?.id}.pdf`);
    expect(url.searchParams.get("expires")).toMatch(/^\d+$/);
    expect(url.searchParams.get("signature")).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });
});
