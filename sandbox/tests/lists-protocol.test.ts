/**
 * The list protocol of CONTRACT.md §5 beyond filters: malformed input (400, never 500), paging,
 * sorting with ties, totals, with_total=false and the exact `data` shape per list.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../src/http";
import { parseFilterBody, type Filter } from "../src/lists/decode";
import { listFields, type ListFields } from "../src/lists/fields";
import { loadListFields, pageIds, walkedPageIds } from "../src/lists/list";
import { loadCustomFields } from "../src/lists/custom-fields";
import type { ListModule } from "../src/lists/modules";
import { startHarness, type Harness } from "./support/harness";
import {
  ADA,
  containsValue,
  createFreshCustomer,
  FRESH,
  GINA,
  insertRows,
  label,
  list,
  listIds,
  rowsOf,
  TODAY,
} from "./support/lists-fixtures";

let h: Harness;

beforeAll(async () => {
  h = await startHarness("lists_protocol");
  await h.reset();
  const db = h.sandbox.db;
  await createFreshCustomer(db);
  // Ties on quantity, and descriptions whose byte order differs from a dictionary order.
  await insertRows(db, "usages", [
    { id: "T3", quantity: "5", description: "apple" },
    { id: "T1", quantity: "5", description: "Banana" },
    { id: "T2", quantity: "5", description: "banana" },
    { id: "T4", quantity: "1", description: "Apple" },
    { id: "T5", quantity: "9", description: "éclair" },
  ]);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

/** The 400 `validation` error a list call throws, or a failure when it does not throw one. */
async function rejection(query: string | [string, string][], module: ListModule) {
  try {
    await list(h.sandbox.db, ADA, module, query);
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error(`expected a 400 for ${JSON.stringify(query)}`);
}

describe("GET /v1/<module> malformed input", () => {
  const cases: [string, string | [string, string][], RegExp, ListModule?][] = [
    ["page 0", "page=0", /^page:/],
    ["page abc", "page=abc", /^page:/],
    ["page -1", "page=-1", /^page:/],
    ["page twice", "page=1&page=2", /^page:/],
    ["size 0", "size=0", /^size:/],
    ["size 500", "size=500", /^size:/],
    ["size 1.5", "size=1.5", /^size:/],
    ["an unknown sort column", "sort=nope asc", /^sort:/],
    ["a custom field as sort", "sort=meter_id asc", /^sort:/],
    ["an unknown sort direction", "sort=date up", /^sort:/],
    ["a sort without direction", "sort=date", /^sort:/],
    ["initial_req other than true/false", "initial_req=yes", /^initial_req:/],
    ["with_total other than true/false", "with_total=0", /^with_total:/],
    ["an unknown filter field", [label("usages", 0, "nope", "x")], /nope/],
    ["another list's module", [label("invoices", 0, "status", "paid")], /filter_options/],
    ["a label of another shape", [["filter_options[usages][description]", "x"]], /filter_options/],
    ["a label without index", [["filter_options[usages][][id]", "x"]], /filter_options/],
    ["a plain filter_options parameter", [["filter_options", "{}"]], /filter_options/],
    ["an unknown operator", [label("usages", 0, "quantity", "1", "eq")], /operator/],
    ["gt on a boolean", [label("usages", 0, "invoiced", "true", "gt")], /not allowed/],
    ["gt on text", [label("usages", 0, "description", "a", "gt")], /not allowed/],
    ["not on a date", [label("usages", 0, "date", "2030-01-01", "not")], /not allowed/],
    ["present on a number", [label("usages", 0, "quantity", "/.+/")], /decimal/],
    ["a bad date", [label("usages", 0, "date", "2030-02-30")], /date/],
    ["a date in another format", [label("usages", 0, "date", "2030/01/15")], /date/],
    ["a bad number", [label("usages", 0, "quantity", "12abc")], /decimal/],
    ["an exponent", [label("usages", 0, "quantity", "1e5")], /decimal/],
    ["a bad boolean", [label("usages", 0, "invoiced", "yes")], /true or false/],
    ["an unescaped metacharacter", [label("usages", 0, "description", "/a.b/i")], /regex|accepted/],
    ["a regex without the i flag", [label("usages", 0, "description", "/abc/")], /accepted/],
    ["a regex with other flags", [label("usages", 0, "description", "/abc/g")], /accepted/],
    ["another regex", [label("usages", 0, "description", "/.*/")], /accepted/],
    ["an empty contains", [label("usages", 0, "description", "//i")], /1 to 200/],
    ["an empty value", [label("usages", 0, "description", "")], /empty/],
    ["a value over 200 characters", [label("usages", 0, "description", "x".repeat(201))], /200/],
    [
      "a contains text over 200 characters",
      [label("usages", 0, "description", containsValue("y".repeat(201)))],
      /200/,
    ],
    [
      "more than 20 filters",
      Array.from({ length: 21 }, (_, n) => label("usages", n, "quantity", "1", "gt")),
      /20/,
    ],
    [
      "the same label twice",
      [label("usages", 0, "quantity", "1"), label("usages", 0, "quantity", "2")],
      /more than once/,
    ],
    [
      "a file upload custom field",
      [label("invoices", 0, "contract_copy", "x")],
      /contract_copy/,
      "invoices",
    ],
  ];

  it.each(cases)(
    "answers 400 validation to %s, naming the parameter",
    async (_, query, message, module = "usages") => {
      const err = await rejection(query, module);
      expect(err.status).toBe(400);
      expect(err.errorCode).toBe("validation");
      expect(err.message).toMatch(message);
    },
  );

  it("accepts exactly 20 filters and 200-character values", async () => {
    const twenty = Array.from({ length: 20 }, (_, n) => label("usages", n, "quantity", "0", "gt"));
    await expect(list(h.sandbox.db, ADA, "usages", twenty)).resolves.toBeDefined();
    const long = [label("usages", 0, "description", "z".repeat(200))];
    await expect(list(h.sandbox.db, ADA, "usages", long)).resolves.toMatchObject({ total: 0 });
  });
});

describe("filter_options in a request body (exports)", () => {
  const fields = async () =>
    listFields("usages", await loadCustomFields(h.sandbox.db, "acme", "usages"));

  it("decodes { field: value } and { field: { op: value } } like the labels", async () => {
    const filters = parseFilterBody(await fields(), {
      usages: [
        { description: containsValue("a_b") },
        { quantity: { gt: 1, lte: "9.5" } },
        { invoiced: false },
      ],
      invoices: [{ status: "paid" }],
    });
    expect(filters.map((f) => [f.field.name, f.op, f.value])).toEqual([
      ["description", "contains", "a_b"],
      ["quantity", "gt", "1"],
      ["quantity", "lte", "9.5"],
      ["invoiced", "eq", "false"],
    ]);
  });

  it.each([
    ["a list", [1]],
    ["an unknown list key", { nope: [] }],
    ["entries that are not objects", { usages: ["x"] }],
    ["an unknown operator", { usages: [{ quantity: { like: 1 } }] }],
    ["an empty operator object", { usages: [{ quantity: {} }] }],
    ["an unknown field", { usages: [{ nope: "x" }] }],
    ["a nested object value", { usages: [{ quantity: { gt: { x: 1 } } }] }],
  ])("answers 400 validation to %s", async (_, body) => {
    const f = await fields();
    let error: unknown;
    try {
      parseFilterBody(f, body);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
  });
});

describe("GET /v1/<module> paging and totals", () => {
  it("pages one-based with OFFSET: the pages tile the sorted list", async () => {
    const all = (
      await h.sandbox.db.query<{ id: string }>(
        "SELECT id FROM usages WHERE customer_id = $1 ORDER BY date DESC, id DESC",
        [ADA.customerId],
      )
    ).map((r) => r.id);
    expect(all).toHaveLength(1000);
    expect(await listIds(h.sandbox.db, ADA, "usages", "")).toEqual(all.slice(0, 10));
    expect(await listIds(h.sandbox.db, ADA, "usages", "page=3&size=50")).toEqual(
      all.slice(100, 150),
    );
    expect(await listIds(h.sandbox.db, ADA, "usages", "page=100&size=10")).toEqual(all.slice(990));
    const past = await list(h.sandbox.db, ADA, "usages", "page=101&size=10");
    expect(rowsOf(past, "usages")).toEqual([]);
    expect(past.total).toBe(1000);
  });

  it("counts the filtered rows; with_total=false skips the count", async () => {
    const query: [string, string][] = [label("usages", 0, "invoiced", "true")];
    const [expected] = await h.sandbox.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM usages WHERE customer_id = $1 AND invoiced",
      [ADA.customerId],
    );
    const counted = await list(h.sandbox.db, ADA, "usages", query);
    expect(counted.total).toBe(expected?.n);
    const uncounted = await list(h.sandbox.db, ADA, "usages", [...query, ["with_total", "false"]]);
    expect(uncounted.total).toBeNull();
    expect(rowsOf(uncounted, "usages")).toEqual(rowsOf(counted, "usages"));
  });

  it("never shows another customer's rows", async () => {
    const rows = rowsOf(await list(h.sandbox.db, GINA, "invoices", "size=100"), "invoices");
    const [own] = await h.sandbox.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM invoices WHERE customer_id = $1",
      [GINA.customerId],
    );
    expect(rows).toHaveLength(own?.n ?? -1);
    expect(rows.every((r) => r.currency === "CAD")).toBe(true);
  });
});

describe("GET /v1/<module> page strategies", () => {
  it("reads the same page along the sort index as by sorting the matches", async () => {
    const fields = await loadListFields(h.sandbox.db, "acme", "usages");
    const filters = parseFilterBody(fields, {
      usages: [{ created_date: { gte: "2029-06-01" } }, { description: "/.+/" }],
    });
    for (const sort of [
      { column: "description", direction: "asc" as const },
      { column: "quantity", direction: "desc" as const },
      { column: "created_date", direction: "asc" as const },
    ]) {
      for (const offset of [0, 37, 300]) {
        const page = { offset, limit: 25 };
        const [byIndex, byMatches] = await Promise.all(
          (["sort-index", "sort-matches"] as const).map((strategy) =>
            pageIds(
              h.sandbox.db,
              fields,
              ADA.customerId,
              filters,
              sort,
              page,
              "2030-01-15",
              strategy,
            ),
          ),
        );
        expect(byMatches).toEqual(byIndex);
        expect(byIndex?.length).toBeGreaterThan(0);
      }
    }
  });
});

describe("GET /v1/<module> page walk", () => {
  type Page = { offset: number; limit: number };
  const sort = { column: "date", direction: "desc" as const };
  let fieldsOf: ListFields;
  beforeAll(async () => {
    fieldsOf = await loadListFields(h.sandbox.db, "acme", "usages");
  });
  const byIndex = (filters: Filter[], page: Page) =>
    pageIds(h.sandbox.db, fieldsOf, ADA.customerId, filters, sort, page, TODAY, "sort-index");
  const walked = (filters: Filter[], page: Page, length: number) =>
    walkedPageIds(h.sandbox.db, fieldsOf, ADA.customerId, filters, sort, page, TODAY, length);

  it("finds a dense filter's page within the walk, the same rows the sort index gives", async () => {
    const filters = parseFilterBody(fieldsOf, { usages: [{ description: "/.+/" }] });
    for (const page of [
      { offset: 0, limit: 10 },
      { offset: 40, limit: 20 },
    ]) {
      const ids = await walked(filters, page, 200);
      expect(ids).toHaveLength(page.limit);
      expect(ids).toEqual(await byIndex(filters, page));
    }
  });

  it("gives up when the walked entries hold too few matches, and answers when it walked them all", async () => {
    const [rare] = await h.sandbox.db.query<{ id: string }>(
      "SELECT id FROM usages WHERE customer_id = $1 ORDER BY date, id LIMIT 1",
      [ADA.customerId],
    );
    const filters = parseFilterBody(fieldsOf, { usages: [{ id: rare?.id ?? "" }] });
    const page = { offset: 0, limit: 10 };
    // The oldest usage lies at the far end of a newest-first walk of 50 entries.
    expect(await walked(filters, page, 50)).toBeNull();
    // A walk longer than the customer's list has seen every row: its answer is exact.
    expect(await walked(filters, page, 5_000)).toEqual([rare?.id]);
    expect(await walked(filters, page, 5_000)).toEqual(await byIndex(filters, page));
  });
});

describe("GET /v1/<module> sorting", () => {
  it("breaks ties by id in the sort's direction", async () => {
    expect(await listIds(h.sandbox.db, FRESH, "usages", "sort=quantity asc")).toEqual([
      "T4",
      "T1",
      "T2",
      "T3",
      "T5",
    ]);
    expect(await listIds(h.sandbox.db, FRESH, "usages", "sort=quantity desc")).toEqual([
      "T5",
      "T3",
      "T2",
      "T1",
      "T4",
    ]);
  });

  it("sorts text in byte order on every backend (upper case, lower case, then accents)", async () => {
    expect(await listIds(h.sandbox.db, FRESH, "usages", "sort=description asc")).toEqual([
      "T4",
      "T1",
      "T3",
      "T2",
      "T5",
    ]);
  });

  it("defaults to the list's sort: invoices by invoice_date desc", async () => {
    const rows = rowsOf(await list(h.sandbox.db, ADA, "invoices", "size=100"), "invoices");
    const dates = rows.map((r) => String(r.invoice_date));
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("sorts by the computed overdue column", async () => {
    const rows = rowsOf(
      await list(h.sandbox.db, ADA, "invoices", "sort=overdue desc&size=100"),
      "invoices",
    );
    const flags = rows.map((r) => r.overdue);
    const firstFalse = flags.indexOf(false);
    expect(firstFalse).toBeGreaterThan(0);
    expect(flags.slice(firstFalse)).not.toContain(true);
  });
});

describe("GET /v1/<module> answer shape", () => {
  it("invoices: rows, total, customFields; overdue computed; hidden custom fields left out", async () => {
    const data = await list(h.sandbox.db, ADA, "invoices", "size=100");
    expect(Object.keys(data).sort()).toEqual(["customFields", "invoices", "total"]);
    expect(data.total).toBe(120);
    const rows = rowsOf(data, "invoices");
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(
      [
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
        "custom_fields",
      ].sort(),
    );
    for (const r of rows) {
      const open = r.status === "Posted" || r.status === "Partially paid";
      expect(r.overdue).toBe(open && String(r.due_date) < "2030-01-15");
      expect(r.custom_fields).not.toHaveProperty("internal_notes");
      expect(typeof r.invoice_amount).toBe("number");
      expect(String(r.created_date)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(String(r.invoice_date)).toMatch(/^\d{4}-\d\d-\d\d$/);
    }
    const upload = rows.map((r) => (r.custom_fields as Record<string, unknown>).contract_copy);
    expect(upload.find((v) => v !== null)).toEqual({
      attachment_id: expect.any(String),
      file_name: expect.stringMatching(/\.pdf$/),
    });
    const customFields = data.customFields as { api_name: string; display_in_cp: boolean }[];
    expect(customFields.find((f) => f.api_name === "internal_notes")?.display_in_cp).toBe(false);
    expect(customFields[0]).toEqual({
      id: expect.any(String),
      api_name: expect.any(String),
      field_label: expect.any(String),
      field_type: expect.any(String),
      required: expect.any(Boolean),
      display_in_cp: expect.any(Boolean),
      default_value: null,
      options: { data_type: expect.any(String) },
    });
  });

  it("payments nest rows, total and customFields; invoice_totals are minor units", async () => {
    const data = await list(h.sandbox.db, ADA, "payments", "size=100&initial_req=true");
    expect(Object.keys(data).sort()).toEqual([
      "objectConfiguration",
      "payments",
      "tableConfiguration",
    ]);
    const nested = data.payments as Record<string, unknown>;
    expect(Object.keys(nested).sort()).toEqual(["customFields", "payments", "total"]);
    expect(nested.total).toBe(80);
    const rows = rowsOf(data, "payments");
    const multi = rows.find((r) => (r.invoice_ids as string[]).length >= 2);
    expect(multi).toBeDefined();
    const totals = multi?.invoice_totals as number[];
    expect(totals.every(Number.isInteger)).toBe(true);
    expect(totals.reduce((a, b) => a + b, 0)).toBe(Math.round(Number(multi?.applied_amount) * 100));
    expect(data.objectConfiguration).toHaveProperty("payment.fields");
  });

  it("initial_req adds the user's tableConfiguration and the company's objectConfiguration", async () => {
    const data = await list(h.sandbox.db, ADA, "usages", "initial_req=true");
    expect(data.tableConfiguration).toEqual({ column_width: {}, column_order: [], sorting: null });
    const fields = (data.objectConfiguration as { usage: { fields: { id: string }[] } }).usage
      .fields;
    expect(fields.map((f) => f.id)).toContain("description");
    expect(fields.map((f) => f.id)).toContain("custom_fields.meter_id");
    expect(fields[0]).toEqual({
      id: "id",
      display_name: expect.any(String),
      order_no: 1,
      column_enabled: true,
    });
    const statements = await list(h.sandbox.db, ADA, "statements", "initial_req=true");
    expect(statements.objectConfiguration).toHaveProperty("statements.fields");
    expect(rowsOf(statements, "statements")[0]?.url).toMatch(/^https:\/\/sandbox\.test\/files\//);
  });
});
