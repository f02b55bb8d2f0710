import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { LIST_IDS } from "@/lib/lists/definitions";
import {
  parseSavedSort,
  reshapeAccountDetail,
  reshapeFilterOptions,
  reshapeListAnswer,
  reshapePayNowUrl,
  reshapePdfUrl,
} from "@/lib/billing/lists/reshape";
import { safeUpstreamUrl } from "@/lib/safe-url";

const apiOrigin = "http://127.0.0.1:4010";

const customFields = [
  {
    id: 1,
    api_name: "region",
    field_label: "Region",
    field_type: "text",
    required: false,
    display_in_cp: true,
    default_value: null,
    options: { data_type: "string" },
  },
  {
    id: 2,
    api_name: "internal_note",
    field_label: "Note",
    field_type: "textarea",
    required: false,
    display_in_cp: false,
    default_value: null,
    options: { data_type: "string" },
  },
  {
    id: 3,
    api_name: "contract",
    field_label: "Contract",
    field_type: "file_upload",
    required: false,
    display_in_cp: true,
    default_value: null,
    options: { data_type: "file" },
  },
  {
    id: 4,
    api_name: "balance",
    field_label: "Balance",
    field_type: "number",
    required: false,
    display_in_cp: true,
    default_value: 0,
    options: { data_type: "number" },
  },
];

const invoice = (patch: Record<string, unknown> = {}) => ({
  id: "INV-1",
  invoice_date: "2024-01-05",
  due_date: "2024-02-04",
  invoice_amount: 120.5,
  balance: "20.25",
  status: "Posted",
  overdue: true,
  created_date: "2024-01-05T10:00:00Z",
  updated_date: "2024-01-06T10:00:00Z",
  currency: "USD",
  salesforce_id: null,
  custom_fields: {
    region: "North",
    internal_note: "do not show",
    contract: { attachment_id: 9, file_name: "c.pdf" },
  },
  ...patch,
});

const invoicesAnswer = (rows: unknown[], extra: Record<string, unknown> = {}) => ({
  invoices: rows,
  total: rows.length,
  customFields,
  ...extra,
});

describe("reshapeListAnswer: invoices", () => {
  it("turns rows into the app's camelCase shape", () => {
    const answer = reshapeListAnswer("invoices", invoicesAnswer([invoice()]), { apiOrigin });
    expect(answer.total).toBe(1);
    expect(answer.rows[0]).toEqual({
      id: "INV-1",
      invoiceDate: "2024-01-05",
      dueDate: "2024-02-04",
      invoiceAmount: 120.5,
      balance: 20.25,
      status: "Posted",
      overdue: true,
      createdDate: "2024-01-05T10:00:00Z",
      updatedDate: "2024-01-06T10:00:00Z",
      currency: "USD",
      salesforceId: null,
      pdfUrl: null,
      customFields: { region: "North", contract: { attachmentId: "9", fileName: "c.pdf" } },
    });
  });

  it("drops custom fields not shown in the portal and flags the filterable ones", () => {
    const answer = reshapeListAnswer("invoices", invoicesAnswer([invoice()]), {
      apiOrigin,
      initial: true,
    });
    expect(answer.config?.customFields.map((f) => [f.apiName, f.filterable, f.filterType])).toEqual(
      [
        ["region", true, "text"],
        ["contract", false, null],
        ["balance", false, null],
      ],
    );
    expect(answer.rows[0]?.customFields).not.toHaveProperty("internal_note");
  });

  it("ignores unknown extra fields", () => {
    const answer = reshapeListAnswer(
      "invoices",
      invoicesAnswer([invoice({ secret_margin: 0.4 })], { debug: true }),
      { apiOrigin },
    );
    expect(answer.rows[0]).not.toHaveProperty("secret_margin");
    expect(answer).not.toHaveProperty("debug");
  });

  it("rejects a row without its required id", () => {
    const { id: _id, ...withoutId } = invoice();
    expect(() => reshapeListAnswer("invoices", invoicesAnswer([withoutId]), { apiOrigin })).toThrow(
      ZodError,
    );
  });

  it("rejects a field of the wrong type", () => {
    expect(() =>
      reshapeListAnswer("invoices", invoicesAnswer([invoice({ invoice_amount: "lots" })]), {
        apiOrigin,
      }),
    ).toThrow(ZodError);
  });

  it("keeps a PDF URL only when https or on the API's origin", () => {
    const rows = [
      invoice({ id: "a", invoice_pdf_url: "https://files.example/a.pdf" }),
      invoice({ id: "b", invoice_pdf_url: "http://127.0.0.1:4010/files/b?signature=x" }),
      invoice({ id: "c", invoice_pdf_url: "http://evil.example/c.pdf" }),
      invoice({ id: "d", invoice_pdf_url: "javascript:alert(1)" }),
    ];
    const answer = reshapeListAnswer("invoices", invoicesAnswer(rows), { apiOrigin });
    expect(answer.rows.map((r) => r.pdfUrl)).toEqual([
      "https://files.example/a.pdf",
      "http://127.0.0.1:4010/files/b?signature=x",
      null,
      null,
    ]);
  });

  it("brings no configuration with a later page: rows and total only", () => {
    const answer = reshapeListAnswer("invoices", invoicesAnswer([invoice()]), { apiOrigin });
    expect(answer.config).toBeNull();
    expect(answer.rows).toHaveLength(1);
    expect(Object.keys(answer).sort()).toEqual(["config", "rows", "total"]);
  });

  it("brings the defaults on a first page whose upstream has no configuration: every built-in column, no layout", () => {
    const answer = reshapeListAnswer("invoices", invoicesAnswer([]), { apiOrigin, initial: true });
    expect(answer.config?.tableConfig).toEqual({ widths: {}, order: [], sort: null });
    expect(answer.config?.columns.map((c) => c.id)).toEqual([
      "id",
      "invoice_date",
      "due_date",
      "invoice_amount",
      "balance",
      "status",
      "overdue",
      "created_date",
      "updated_date",
      "currency",
      "salesforce_id",
      "invoice_pdf",
      "region",
      "contract",
    ]);
  });

  it("orders columns by the company's objectConfiguration", () => {
    const answer = reshapeListAnswer(
      "invoices",
      invoicesAnswer([], {
        objectConfiguration: {
          invoice: {
            fields: [
              { id: "status", display_name: "State", order_no: 3, column_enabled: true },
              { id: "region", display_name: "Sales region", order_no: 2, column_enabled: false },
              { id: "invoice_date", display_name: "Date", order_no: 1, column_enabled: true },
              { id: "internal_note", display_name: "Note", order_no: 4, column_enabled: true },
              { id: "nonsense", display_name: "?", order_no: 5, column_enabled: true },
            ],
          },
        },
        tableConfiguration: { column_width: {}, column_order: [], sorting: null },
      }),
      { apiOrigin },
    );
    expect(answer.config?.columns.map((c) => [c.id, c.visible, c.label])).toEqual([
      ["invoice_date", true, "Date"],
      ["region", false, "Sales region"],
      ["status", true, "State"],
      ["id", true, null], // required
      ["invoice_pdf", true, null], // fixed link
      ["contract", true, "Contract"], // shown in the portal, left out by the configuration
    ]);
    expect(answer.config?.columns.find((c) => c.id === "region")).toMatchObject({
      custom: true,
      field: null,
      kind: "text",
      sortable: false,
    });
    expect(answer.config?.columns.find((c) => c.id === "contract")?.kind).toBe("attachment");
    expect(answer.config?.tableConfig).toEqual({ widths: {}, order: [], sort: null });
  });

  it("reads the saved layout: widths clamped, unknown columns dropped, sort whitelisted", () => {
    const answer = reshapeListAnswer(
      "invoices",
      invoicesAnswer([], {
        tableConfiguration: {
          column_width: { id: 10, balance: 5000, status: "150", ghost: 100 },
          column_order: ["status", "ghost", "id", "status"],
          sorting: "due_date asc, id desc",
        },
      }),
      { apiOrigin },
    );
    expect(answer.config?.tableConfig).toEqual({
      widths: { id: 40, balance: 1000, status: 150 },
      order: ["status", "id"],
      sort: { column: "due_date", direction: "asc" },
    });
  });

  it("is plain JSON, read by the browser as it is sent", () => {
    const answer = reshapeListAnswer("invoices", invoicesAnswer([invoice()]), { apiOrigin });
    expect(JSON.parse(JSON.stringify(answer))).toEqual(answer);
  });
});

describe("reshapeListAnswer: the other lists", () => {
  it("reads payments from their nesting", () => {
    const answer = reshapeListAnswer(
      "payments",
      {
        payments: {
          payments: [
            {
              id: 7,
              payment_date: "2024-02-01",
              status: "succeeded",
              invoice_ids: ["INV-1", 2],
              invoice_totals: [12050, 300],
              auto_apply: false,
            },
          ],
          total: 41,
          customFields: [],
        },
        tableConfiguration: {},
        objectConfiguration: { payment: { fields: [] } },
      },
      { apiOrigin },
    );
    expect(answer.total).toBe(41);
    expect(answer.rows[0]).toMatchObject({
      id: "7",
      invoiceIds: ["INV-1", "2"],
      invoiceTotals: [12050, 300],
      autoApply: false,
      paymentAmount: null,
    });
    expect(answer.config?.tableConfig).toEqual({ widths: {}, order: [], sort: null });
  });

  it.each([
    ["payments", { payments: { payments: [{ id: 1 }], total: 1, customFields: [] } }],
    ["usages", { usages: [{ id: 1, date: "2024-01-01" }], total: 1, customFields: [] }],
    [
      "credits",
      {
        credits: [{ id: 1, credit_date: "2024-01-01", credit_amount: 5 }],
        total: 1,
        customFields: [],
      },
    ],
    ["statements", { statements: [{ id: 1 }], total: 1, customFields: [] }],
  ] as const)("rejects %s rows missing a required field", (list, dto) => {
    expect(() => reshapeListAnswer(list, dto, { apiOrigin })).toThrow(ZodError);
  });

  it("keeps a statement URL only when safe", () => {
    const row = { id: "S1", statement_date: "2024-01-31" };
    const answer = reshapeListAnswer(
      "statements",
      {
        statements: [
          { ...row, url: "/files/s1.pdf?expires=1&signature=a" },
          { ...row, id: "S2", url: "http://elsewhere.example/s2.pdf" },
        ],
        total: null,
        customFields: [],
      },
      { apiOrigin },
    );
    expect(answer.total).toBeNull();
    expect(answer.rows.map((r) => r.url)).toEqual([
      "http://127.0.0.1:4010/files/s1.pdf?expires=1&signature=a",
      null,
    ]);
  });

  it.each(LIST_IDS)("reads an empty %s page", (list) => {
    const dto =
      list === "payments"
        ? { payments: { payments: [], total: 0, customFields: [] } }
        : { [list]: [], total: 0, customFields: [] };
    expect(reshapeListAnswer(list, dto, { apiOrigin }).rows).toEqual([]);
  });
});

describe("safe upstream URLs", () => {
  it.each([
    ["https://cdn.example/x.pdf", "https://cdn.example/x.pdf"],
    ["http://127.0.0.1:4010/files/x", "http://127.0.0.1:4010/files/x"],
    ["/files/x", "http://127.0.0.1:4010/files/x"],
    ["http://127.0.0.1:4011/files/x", null],
    ["//evil.example/x", null],
    ["https://user:pw@cdn.example/x", null],
    ["data:text/html,hi", null],
    ["https://cdn.example/a b", null],
    [42, null],
  ])("%j → %j", (value, expected) => {
    expect(safeUpstreamUrl(value, apiOrigin)).toBe(expected);
  });
});

describe("saved sort line", () => {
  it("takes the first whitelisted `column dir`", () => {
    expect(parseSavedSort("usages", "quantity desc")).toEqual({
      column: "quantity",
      direction: "desc",
    });
    expect(parseSavedSort("usages", "custom_x asc")).toBeNull();
    expect(parseSavedSort("usages", "quantity sideways")).toBeNull();
    expect(parseSavedSort("usages", null)).toBeNull();
  });
});

describe("calls around the lists", () => {
  it("offers existing status values lower-cased, the invoice status posted as unpaid", () => {
    expect(
      reshapeFilterOptions("invoices", "status", {
        resultData: {
          results: [
            { label: "Posted", value: "Posted" },
            { label: "posted", value: "posted" },
            { label: "Paid", value: "Paid" },
          ],
        },
      }),
    ).toEqual([
      { label: "unpaid", value: "unpaid" },
      { label: "paid", value: "paid" },
    ]);
  });

  it("accepts the variant that answers results directly", () => {
    expect(
      reshapeFilterOptions("usages", "unit_of_measure", {
        results: [{ label: "kWh", value: "kWh" }],
      }),
    ).toEqual([{ label: "kWh", value: "kWh" }]);
  });

  it("reshapes the account detail and drops an unsafe PDF URL", () => {
    expect(
      reshapeAccountDetail(
        {
          customerAccountDetails: {
            balance: 99.5,
            payment_date: "2024-02-01",
            inv_paid_amount: "10",
            invoice_currency: "USD",
            invoice_pdf_url: "http://evil.example/x.pdf",
            payment_amount: 10,
            payment_currency: "USD",
            customer_currency: "USD",
            paymentGatewayEnabled: true,
            last_paid_invoice: "INV-9",
          },
        },
        { apiOrigin },
      ),
    ).toEqual({
      balance: 99.5,
      paymentDate: "2024-02-01",
      invoicePaidAmount: 10,
      invoiceCurrency: "USD",
      invoicePdfUrl: null,
      paymentAmount: 10,
      paymentCurrency: "USD",
      customerCurrency: "USD",
      paymentGatewayEnabled: true,
      lastPaidInvoice: "INV-9",
    });
    expect(() => reshapeAccountDetail({}, { apiOrigin })).toThrow(ZodError);
  });

  it("checks pay-now and PDF links", () => {
    expect(
      reshapePayNowUrl({ payNowUrl: "http://127.0.0.1:4010/pay/1?signature=s" }, { apiOrigin }),
    ).toEqual({
      url: "http://127.0.0.1:4010/pay/1?signature=s",
    });
    expect(reshapePdfUrl({ pdf_url: "ftp://x/y.pdf" }, { apiOrigin })).toEqual({ url: null });
    expect(() => reshapePdfUrl({}, { apiOrigin })).toThrow(ZodError);
  });
});
