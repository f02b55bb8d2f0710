import { beforeEach, describe, expect, it } from "vitest";
import { GET as accountDetail } from "@/app/api/account/detail/route";
import { GET as invoicePdf } from "@/app/api/invoices/[invoiceId]/pdf/route";
import { POST as exportList } from "@/app/api/lists/[list]/exports/route";
import { PUT as saveLayout } from "@/app/api/lists/[list]/layout/route";
import { GET as filterOptions } from "@/app/api/lists/[list]/options/route";
import { GET as listPage } from "@/app/api/lists/[list]/route";
import { GET as payNow } from "@/app/api/pay-now/route";
import { locales } from "@/lib/i18n/locales";
import {
  ACME_CONFIG,
  bffRequest,
  fail,
  makeSession,
  noParams,
  ok,
  sessionCookieHeader,
  setUpSignedInRoutes,
} from "./support";

const { upstream, cookie, get } = setUpSignedInRoutes((call) =>
  call.query.get("host") === "localhost"
    ? ok(ACME_CONFIG)
    : ok({ ...ACME_CONFIG, companyId: "globex", enabledTabs: ["invoices", "payments"] }),
);

const listCtx = (list: string) => ({ params: Promise.resolve({ list }) });

const invoiceDto = {
  id: "INV-000001",
  invoice_date: "2030-01-02",
  due_date: "2030-02-01",
  invoice_amount: 120.5,
  balance: 20.5,
  status: "Posted",
  overdue: false,
  created_date: "2030-01-02T15:00:00.000Z",
  updated_date: "2030-01-03T15:00:00.000Z",
  currency: "EUR",
  salesforce_id: null,
  custom_fields: { cf_region: "North", cf_internal: "secret" },
};
const paymentCustomFields = [
  { id: 7, api_name: "cf_note", field_label: "Note", field_type: "text", display_in_cp: true },
  { id: 8, api_name: "cf_secret", field_label: "Secret", field_type: "text", display_in_cp: false },
  { id: 9, api_name: "status", field_label: "Status 2", field_type: "text", display_in_cp: true },
];
const customFields = [
  { id: 1, api_name: "cf_region", field_label: "Region", field_type: "text", display_in_cp: true },
  {
    id: 2,
    api_name: "cf_internal",
    field_label: "Internal",
    field_type: "text",
    display_in_cp: false,
  },
];

describe("GET /api/lists/:list", () => {
  it("sends the view upstream (one-based page, sort, filter_options) and answers the app's shape, not the DTO", async () => {
    upstream.on("GET", "/v1/invoices", ok({ invoices: [invoiceDto], total: 31, customFields }));
    const res = await listPage(
      get("/api/lists/invoices?page=3&size=5&sort=due_date.asc&filters=status.eq.unpaid&total=0"),
      listCtx("invoices"),
    );
    expect(res.status).toBe(200);
    const [call] = upstream.callsTo("GET", "/v1/invoices");
    expect(call?.headers.authorization).toBe("Bearer access-0");
    expect(call?.query.get("page")).toBe("3");
    expect(call?.query.get("size")).toBe("5");
    expect(call?.query.get("sort")).toBe("due_date asc");
    expect(call?.query.get("with_total")).toBe("false");
    expect(call?.query.get("initial_req")).toBe("false");
    expect(call?.query.get("filter_options[invoices][0][status]")).toBe("posted");

    const body = (await res.json()) as { rows: Array<Record<string, unknown>>; total: number };
    expect(body.total).toBe(31);
    expect(body.rows[0]).toMatchObject({
      id: "INV-000001",
      invoiceDate: "2030-01-02",
      invoiceAmount: 120.5,
      customFields: { cf_region: "North" },
    });
    expect(body.rows[0]).not.toHaveProperty("invoice_date");
    expect(JSON.stringify(body)).not.toContain("secret");
  });

  it("answers 404 for an unknown list and for a tab the company did not enable, without calling the list upstream", async () => {
    expect((await listPage(get("/api/lists/orders"), listCtx("orders"))).status).toBe(404);
    const globex = await sessionCookieHeader(
      makeSession({ host: "127.0.0.1", companyId: "globex" }),
    );
    const req = bffRequest("/api/lists/usages", {
      method: "GET",
      cookie: globex,
      headers: { host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" },
    });
    const res = await listPage(req, listCtx("usages"));
    expect(res.status).toBe(404);
    expect(upstream.callsTo("GET", "/v1/usages")).toHaveLength(0);
  });

  it("answers 401 without a session", async () => {
    const req = bffRequest("/api/lists/invoices", { method: "GET" });
    expect((await listPage(req, listCtx("invoices"))).status).toBe(401);
  });

  it("drops a custom-field filter the configuration does not allow when the upstream refuses it", async () => {
    upstream.on("GET", "/v1/invoices", (call) =>
      call.query.has("filter_options[invoices][0][cf_gone]")
        ? fail(400, "validation", "unknown filter field cf_gone")
        : ok({ invoices: [invoiceDto], total: 1, customFields }),
    );
    const res = await listPage(
      get("/api/lists/invoices?filters=cf_gone.eq.x,cf_region.eq.North"),
      listCtx("invoices"),
    );
    expect(res.status).toBe(200);
    const last = upstream.callsTo("GET", "/v1/invoices").at(-1);
    expect(last?.query.get("filter_options[invoices][0][cf_region]")).toBe("North");
    expect(last?.query.has("filter_options[invoices][1][cf_gone]")).toBe(false);
  });

  it("answers 502 errors.upstream to an answer of an unknown shape", async () => {
    upstream.on("GET", "/v1/invoices", ok({ invoices: [{ nonsense: true }], total: 1 }));
    const res = await listPage(get("/api/lists/invoices"), listCtx("invoices"));
    expect(res.status).toBe(502);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      "errors.upstream",
    );
  });
});

describe("GET /api/lists/:list/options", () => {
  it("asks fetch_instances for module.field and offers invoice 'posted' as 'unpaid'", async () => {
    upstream.on(
      "GET",
      "/v1/filter/fetch_instances",
      ok({
        resultData: {
          results: [
            { label: "Posted", value: "Posted" },
            { label: "Paid", value: "Paid" },
          ],
        },
      }),
    );
    const res = await filterOptions(
      get("/api/lists/invoices/options?field=status&search=p"),
      listCtx("invoices"),
    );
    expect(await res.json()).toEqual({
      options: [
        { label: "unpaid", value: "unpaid" },
        { label: "paid", value: "paid" },
      ],
    });
    const [call] = upstream.callsTo("GET", "/v1/filter/fetch_instances");
    expect(call?.query.get("field")).toBe("invoices.status");
    expect(call?.query.get("custom_search")).toBe("p");
  });

  it("answers 422 to a field name that is not a plain identifier", async () => {
    const res = await filterOptions(
      get("/api/lists/invoices/options?field=a%5B0%5D"),
      listCtx("invoices"),
    );
    expect(res.status).toBe(422);
  });
});

describe("PUT /api/lists/:list/layout", () => {
  it("saves widths, order and sort per user for the list's sub-module", async () => {
    for (const path of ["save_column_width", "save_column_order", "save_sorting"])
      upstream.on("PUT", `/v1/column/${path}`, ok({}));
    // The upstream's own columns: column saves name these (custom fields as custom_fields.<api_name>).
    const fields = ["id", "date", "description", "quantity", "charge_id", "custom_fields.region"];
    upstream.on(
      "GET",
      "/v1/usages",
      ok({
        usages: [],
        total: null,
        customFields: [],
        tableConfiguration: null,
        objectConfiguration: {
          usage: { fields: fields.map((id, i) => ({ id, display_name: id, order_no: i })) },
        },
      }),
    );
    const put = (body: unknown) =>
      saveLayout(
        bffRequest("/api/lists/usages/layout", { method: "PUT", cookie: cookie(), body }),
        listCtx("usages"),
      );
    expect((await put({ kind: "widths", widths: { description: 320, region: 200 } })).status).toBe(
      200,
    );
    expect((await put({ kind: "order", order: ["date", "id", "region"] })).status).toBe(200);
    expect(
      (await put({ kind: "sort", sort: { column: "quantity", direction: "asc" } })).status,
    ).toBe(200);
    expect(upstream.callsTo("PUT", "/v1/column/save_column_width")[0]?.body).toEqual({
      module_name: "dashboard",
      sub_module_name: "usages",
      level_type: "user",
      column_width: { description: 320, "custom_fields.region": 200 },
    });
    // Completed to the permutation of the upstream's columns it requires.
    expect(upstream.callsTo("PUT", "/v1/column/save_column_order")[0]?.body).toMatchObject({
      column_order: ["date", "id", "custom_fields.region", "description", "quantity", "charge_id"],
    });
    expect(upstream.callsTo("PUT", "/v1/column/save_sorting")[0]?.body).toMatchObject({
      sort_line: "quantity asc",
    });
  });

  it("answers 403 to a foreign origin and 422 to a width out of range, without calling upstream", async () => {
    const foreign = bffRequest("/api/lists/usages/layout", {
      method: "PUT",
      cookie: cookie(),
      body: { kind: "widths", widths: { id: 100 } },
      headers: { origin: "https://evil.example" },
    });
    expect((await saveLayout(foreign, listCtx("usages"))).status).toBe(403);
    const tooWide = bffRequest("/api/lists/usages/layout", {
      method: "PUT",
      cookie: cookie(),
      body: { kind: "widths", widths: { id: 5000 } },
    });
    expect((await saveLayout(tooWide, listCtx("usages"))).status).toBe(422);
    expect(upstream.calls.filter((c) => c.path.startsWith("/v1/column"))).toHaveLength(0);
  });
});

describe("POST /api/lists/:list/exports", () => {
  beforeEach(() => {
    // The company's payment columns: a custom field shown in the portal, one that is not, and a
    // custom field named like a built-in column (never a portal column).
    upstream.on(
      "GET",
      "/v1/payments",
      ok({
        payments: { payments: [], total: 0, customFields: paymentCustomFields },
        tableConfiguration: { column_width: {}, column_order: [], sorting: null },
        objectConfiguration: {
          payment: {
            fields: [
              { id: "id", display_name: "Payment ID", order_no: 1, column_enabled: true },
              { id: "payment_date", display_name: "Date", order_no: 2, column_enabled: true },
              { id: "currency", display_name: "Currency", order_no: 3, column_enabled: true },
              {
                id: "custom_fields.cf_note",
                display_name: "Note",
                order_no: 4,
                column_enabled: true,
              },
              {
                id: "custom_fields.cf_secret",
                display_name: "Secret",
                order_no: 5,
                column_enabled: true,
              },
              {
                id: "custom_fields.status",
                display_name: "Status 2",
                order_no: 6,
                column_enabled: true,
              },
            ],
          },
        },
      }),
    );
  });

  it("leaves out the hidden columns and every column the portal does not show", async () => {
    upstream.on("POST", "/v1/exports", ok({ jobId: "job-0", status: "queued" }));
    const req = bffRequest("/api/lists/payments/exports", {
      cookie: cookie(),
      body: { preference: "all_data", format: "csv", excludedColumns: ["cf_note"], sort: null },
    });
    expect((await exportList(req, listCtx("payments"))).status).toBe(200);
    const body = upstream.callsTo("POST", "/v1/exports")[0]?.body as { excludedFields: string[] };
    expect([...body.excludedFields].sort()).toEqual([
      "custom_fields.cf_note",
      "custom_fields.cf_secret",
      "custom_fields.status",
    ]);
  });

  it("sends the URL's filters as the nested filter_options body, the hidden columns and the locale", async () => {
    upstream.on("POST", "/v1/exports", ok({ jobId: "job-1", status: "queued" }));
    const req = bffRequest("/api/lists/payments/exports?filters=payment_amount.gt.10", {
      cookie: cookie(),
      body: {
        preference: "filtered_data",
        format: "csv",
        excludedColumns: ["currency"],
        sort: null,
      },
      headers: { cookie: `${cookie()}; NEXT_LOCALE=es` },
    });
    const res = await exportList(req, listCtx("payments"));
    expect(res.status).toBe(200);
    expect(upstream.callsTo("POST", "/v1/exports")[0]?.body).toEqual({
      instance: "payments",
      preference: "filtered_data",
      format: "csv",
      excludedFields: ["currency", "custom_fields.cf_secret", "custom_fields.status"],
      filter_options: { payments: [{ payment_amount: { gt: "10" } }] },
      locale: "es",
    });
  });

  it.each(locales)("passes the user's locale %s through to the export", async (locale) => {
    upstream.on("POST", "/v1/exports", ok({ jobId: "job-3", status: "queued" }));
    const req = bffRequest("/api/lists/payments/exports", {
      cookie: cookie(),
      body: { preference: "all_data", format: "xlsx", excludedColumns: [], sort: null },
      headers: { cookie: `${cookie()}; NEXT_LOCALE=${locale}` },
    });
    expect((await exportList(req, listCtx("payments"))).status).toBe(200);
    expect(upstream.callsTo("POST", "/v1/exports")[0]?.body).toMatchObject({ locale });
  });

  it("sends the locale negotiated from Accept-Language without a cookie", async () => {
    upstream.on("POST", "/v1/exports", ok({ jobId: "job-4", status: "queued" }));
    const req = bffRequest("/api/lists/payments/exports", {
      cookie: cookie(),
      body: { preference: "all_data", format: "csv", excludedColumns: [], sort: null },
      headers: { "accept-language": "pt-PT,pt;q=0.9,en;q=0.5" },
    });
    expect((await exportList(req, listCtx("payments"))).status).toBe(200);
    expect(upstream.callsTo("POST", "/v1/exports")[0]?.body).toMatchObject({ locale: "pt-BR" });
  });

  it("sends no filters when all data is asked for", async () => {
    upstream.on("POST", "/v1/exports", ok({ jobId: "job-2", status: "queued" }));
    const req = bffRequest("/api/lists/payments/exports?filters=payment_amount.gt.10", {
      cookie: cookie(),
      body: { preference: "all_data", format: "xlsx", excludedColumns: [], sort: null },
    });
    await exportList(req, listCtx("payments"));
    expect(upstream.callsTo("POST", "/v1/exports")[0]?.body).toMatchObject({ filter_options: {} });
  });
});

describe("links handed to the browser", () => {
  it("adds cp_request=true to the pay-now URL", async () => {
    upstream.on(
      "GET",
      "/v1/payments/getPayNowUrl",
      ok({ payNowUrl: "https://pay.example/p/abc?x=1" }),
    );
    const res = await payNow(get("/api/pay-now"), noParams());
    expect(await res.json()).toEqual({ url: "https://pay.example/p/abc?x=1&cp_request=true" });
  });

  it("refuses a pay-now or PDF URL that is neither https nor the API's own origin", async () => {
    upstream.on("GET", "/v1/payments/getPayNowUrl", ok({ payNowUrl: "javascript:alert(1)" }));
    expect(await (await payNow(get("/api/pay-now"), noParams())).json()).toEqual({ url: null });
    upstream.on("GET", "/v1/invoices/getPdfUrl", ok({ pdf_url: "http://evil.example/x.pdf" }));
    const res = await invoicePdf(get("/api/invoices/INV-1/pdf"), {
      params: Promise.resolve({ invoiceId: "INV-1" }),
    });
    expect(await res.json()).toEqual({ url: null });
  });

  it("keeps a PDF URL on the API's own origin and passes the invoice id upstream", async () => {
    upstream.on("GET", "/v1/invoices/getPdfUrl", (call) =>
      ok({ pdf_url: `${upstream.url}/files/invoices/${call.query.get("invoice_id")}.pdf?sig=1` }),
    );
    const res = await invoicePdf(get("/api/invoices/INV-7/pdf"), {
      params: Promise.resolve({ invoiceId: "INV-7" }),
    });
    expect(await res.json()).toEqual({ url: `${upstream.url}/files/invoices/INV-7.pdf?sig=1` });
  });

  it("answers the account detail in the app's shape", async () => {
    upstream.on(
      "GET",
      "/v1/customers/account_detail",
      ok({
        customerAccountDetails: { balance: 42.5, paymentGatewayEnabled: true, payment_amount: 10 },
      }),
    );
    const body = (await (
      await accountDetail(get("/api/account/detail"), noParams())
    ).json()) as Record<string, unknown>;
    expect(body).toMatchObject({ balance: 42.5, paymentGatewayEnabled: true, paymentAmount: 10 });
  });
});
