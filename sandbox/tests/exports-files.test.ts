/**
 * POST /v1/exports end to end: the job runs, the file is mailed as an attachment with a signed
 * link, and the file opened back holds exactly the rows the list shows for the same filters and
 * sort, the visible columns named as the table names them (the company's configured names, else
 * the portal's words in the user's language), spreadsheet values, a BOM and neutralised formulas
 * in CSV, several sheets past the row limit. Malformed requests are 400s.
 */
import { parse as parseCsv } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import ar from "../../messages/ar/lists.json";
import de from "../../messages/de/lists.json";
import en from "../../messages/en/lists.json";
import es from "../../messages/es/lists.json";
import ja from "../../messages/ja/lists.json";
import { HEADER_TABLE } from "../src/documents/exports/headers";
import { exportQueue } from "../src/documents/exports/jobs";
import { decodeExportRequest } from "../src/documents/exports/request";
import { startHarness, type Harness } from "./support/harness";
import {
  attachmentsOf,
  download,
  message,
  waitForJob,
  type Download,
  type ExportJob,
  type MailAttachment,
} from "./support/documents";
import { ADA, containsValue, insertRows } from "./support/lists-fixtures";

let h: Harness;
let ada: string;
beforeAll(async () => {
  h = await startHarness("exports_files");
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.reset();
  exportQueue(h.sandbox.app).limits = { batchSize: 2000, rowsPerSheet: 1_048_576 };
  ada = (await h.login("ada@acme.test")).accessToken;
});

type Exported = {
  job: ExportJob;
  attachment: MailAttachment;
  file: Download;
  subject: string;
  mail: { subject: string; text: string };
};

/** Posts the export, waits for the job, and downloads the mailed file through its signed link. */
async function runExport(
  body: Record<string, unknown>,
  token = ada,
  email = "ada@acme.test",
): Promise<Exported> {
  const res = await h.api<{ jobId: string; status: string }>("POST", "/v1/exports", {
    token,
    body,
  });
  expect(res.status).toBe(200);
  expect(res.body.data.status).toBe("queued");
  const job = await waitForJob(h, res.body.data.jobId);
  expect(job.error).toBeNull();
  expect(job.status).toBe("done");
  const mail = (await h.mailbox(email)).at(-1);
  const [attachment] = attachmentsOf(mail);
  if (!mail || !attachment) throw new Error("no mail with an attachment");
  expect(mail.text).toContain(attachment.url);
  const file = await download(attachment.url);
  expect(file.status).toBe(200);
  return { job, attachment, file, subject: mail.subject, mail };
}

const csvRows = (file: Download): string[][] =>
  parseCsv(file.bytes, { bom: true, relax_column_count: false }) as string[][];

async function xlsxSheets(file: Download): Promise<{ name: string; rows: unknown[][] }[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.bytes as unknown as ArrayBuffer);
  return workbook.worksheets.map((sheet) => {
    const rows: unknown[][] = [];
    const width = sheet.getRow(1).cellCount;
    sheet.eachRow({ includeEmpty: false }, (row) => {
      const values = row.values as unknown[];
      rows.push(Array.from({ length: width }, (_, i) => values[i + 1] ?? null));
    });
    return { name: sheet.name, rows };
  });
}

type ListAnswer = Record<string, unknown> & { total: number };

/** Every id the list shows for a query, page after page (the order an export must follow). */
async function listIds(module: string, query: [string, string][] = []): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const q = new URLSearchParams([...query, ["size", "100"], ["page", String(page)]]);
    const res = await h.api<ListAnswer>("GET", `/v1/${module}?${q}`, { token: ada });
    expect(res.status).toBe(200);
    const holder = (module === "payments" ? res.body.data.payments : res.body.data) as Record<
      string,
      { id: string }[]
    >;
    const rows = holder[module] ?? [];
    ids.push(...rows.map((r) => r.id));
    if (rows.length < 100) return ids;
  }
}

async function listTotal(module: string, query: [string, string][] = []): Promise<number> {
  const q = new URLSearchParams([...query, ["size", "1"]]);
  const res = await h.api<ListAnswer>("GET", `/v1/${module}?${q}`, { token: ada });
  return res.body.data.total;
}

/** The seeded company's names of its invoice columns (objectConfiguration display_name). */
const INVOICE_HEADER_CONFIGURED = [
  "Invoice ID",
  "Invoice Date",
  "Due Date",
  "Total",
  "Balance",
  "Status",
  "Overdue",
  "Currency",
  "Created Date",
  "Updated Date",
  "PO Number",
  "Project",
  "Discount",
  "Contract",
];

type ConfiguredField = { id: string; display_name: string };

/** The names the table gets for a list's columns: its objectConfiguration, id → display_name. */
async function configuredNames(module: string, key: string): Promise<Map<string, string>> {
  const res = await h.api<ListAnswer>("GET", `/v1/${module}?initial_req=true&size=1`, {
    token: ada,
  });
  expect(res.status).toBe(200);
  const config = res.body.data.objectConfiguration as Record<string, { fields: ConfiguredField[] }>;
  return new Map((config[key]?.fields ?? []).map((f) => [f.id, f.display_name]));
}

/** Renames (or, with '', un-names) columns in the company's configuration. */
async function nameColumns(module: string, names: Record<string, string>): Promise<void> {
  for (const [column, name] of Object.entries(names)) {
    const updated = await h.sandbox.db.query(
      `UPDATE column_configurations SET display_name = $1
        WHERE company_id = 'acme' AND module = $2 AND column_id = $3 RETURNING column_id`,
      [name, module, column],
    );
    expect(updated, column).toHaveLength(1);
  }
}

describe("POST /v1/exports as CSV", () => {
  it("mails every invoice of the customer, visible columns only, with a BOM and spreadsheet values", async () => {
    const { attachment, file, subject, job } = await runExport({
      instance: "invoices",
      preference: "all_data",
      format: "csv",
      excludedFields: ["salesforce_id", "custom_fields.status"],
      filter_options: {},
      locale: "en",
    });
    expect(subject).toBe("Your invoices export");
    expect(attachment.filename).toBe("invoices-2030-01-15.csv");
    expect(attachment.contentType).toBe("text/csv; charset=utf-8");
    expect(attachment.size).toBe(file.bytes.length);
    expect(file.headers.get("content-disposition")).toContain(
      'attachment; filename="invoices-2030-01-15.csv"',
    );
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    const [header, ...rows] = csvRows(file);
    expect(header).toEqual(INVOICE_HEADER_CONFIGURED);
    // Named as the table names them: the list's own objectConfiguration.
    const names = await configuredNames("invoices", "invoice");
    expect(header).toEqual(
      [...names]
        .filter(([id]) => !["salesforce_id", "custom_fields.status"].includes(id))
        .map(([, name]) => name),
    );
    expect(rows).toHaveLength(await listTotal("invoices"));
    expect(rows).toHaveLength(120);
    expect(job.rowsWritten).toBe(120);
    expect(rows.map((r) => r[0])).toEqual(await listIds("invoices"));

    const [first] = await h.sandbox.db.query<{
      invoice_amount: string;
      balance: string;
      status: string;
      invoice_date: string;
    }>(
      `SELECT invoice_amount::text AS invoice_amount, balance::text AS balance, status,
              to_char(invoice_date, 'YYYY-MM-DD') AS invoice_date
         FROM invoices WHERE id = $1`,
      [rows[0]?.[0]],
    );
    const row = rows[0] ?? [];
    expect(row[1]).toBe(first?.invoice_date);
    expect(Number(row[3])).toBe(Number(first?.invoice_amount));
    expect(Number(row[4])).toBe(Number(first?.balance));
    expect(row[5]).toBe(first?.status === "Posted" ? "Unpaid" : first?.status);
    expect(["Yes", "No"]).toContain(row[6]);
    expect(row[7]).toBe("USD");
    expect(row[8]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(rows.some((r) => r[5] === "Unpaid")).toBe(true);
    expect(rows.some((r) => r[5] === "Posted")).toBe(false);
    expect(rows.some((r) => /^contract-INV-\d+\.pdf$/.test(r[13] ?? ""))).toBe(true);
  });

  it("neutralises cells that a spreadsheet would run as formulas; numbers stay numbers", async () => {
    await insertRows(
      h.sandbox.db,
      "usages",
      [
        { id: "FX-1", description: '=HYPERLINK("http://x")', quantity: "-5" },
        { id: "FX-2", description: "+SUM(A1:A9)" },
        { id: "FX-3", description: "-2+3" },
        { id: "FX-4", description: "@cmd" },
        { id: "FX-5", description: "plain, with a comma" },
      ],
      ADA.customerId,
    );
    const { file } = await runExport({
      instance: "usages",
      preference: "filtered_data",
      format: "csv",
      excludedFields: [],
      filter_options: { usages: [{ id: containsValue("FX-") }] },
      sort: "id asc",
    });
    const [header, ...rows] = csvRows(file);
    const description = header?.indexOf("Description") ?? -1;
    const quantity = header?.indexOf("Quantity") ?? -1;
    expect(rows.map((r) => r[description])).toEqual([
      '\'=HYPERLINK("http://x")',
      "'+SUM(A1:A9)",
      "'-2+3",
      "'@cmd",
      "plain, with a comma",
    ]);
    expect(rows[0]?.[quantity]).toBe("-5");
  });

  it("follows the list's order batch by batch: ties, empty values, both directions", async () => {
    // 1,000 usages in batches of 97; invoice_date is empty on uninvoiced usages and shared by many.
    exportQueue(h.sandbox.app).limits = { batchSize: 97, rowsPerSheet: 1_048_576 };
    for (const sort of ["invoice_date asc", "invoice_date desc", "description asc"]) {
      const { file } = await runExport({
        instance: "usages",
        preference: "all_data",
        format: "csv",
        excludedFields: [],
        sort,
      });
      const [, ...rows] = csvRows(file);
      expect(
        rows.map((r) => r[0]),
        sort,
      ).toEqual(await listIds("usages", [["sort", sort]]));
    }
  }, 60_000);

  it("lets other requests through while the job runs", async () => {
    exportQueue(h.sandbox.app).limits = { batchSize: 20, rowsPerSheet: 1_048_576 };
    const res = await h.api<{ jobId: string }>("POST", "/v1/exports", {
      token: ada,
      body: { instance: "usages", preference: "all_data", format: "xlsx", excludedFields: [] },
    });
    // Requests answered between batches see the job part-way; a job that never yielded would
    // hold every request until it had written all 1,000 rows.
    const seen: number[] = [];
    for (;;) {
      const state = await h.request<ExportJob>("GET", `/__sandbox/exports/${res.body.data.jobId}`);
      seen.push(state.body.rowsWritten);
      if (state.body.status === "done" || state.body.status === "failed") break;
    }
    expect(seen.at(-1)).toBe(1000);
    expect(seen.some((n) => n > 0 && n < 1000)).toBe(true);
  });

  it("exports another customer's rows only to that customer's user", async () => {
    const multi = await h.login("multi@acme.test");
    const { file } = await runExport(
      { instance: "invoices", preference: "all_data", format: "csv", excludedFields: [] },
      multi.accessToken,
      "multi@acme.test",
    );
    const [, ...rows] = csvRows(file);
    const owners = await h.sandbox.db.query<{ customer_id: string }>(
      "SELECT DISTINCT customer_id FROM invoices WHERE id = ANY($1::text[])",
      [rows.map((r) => r[0])],
    );
    expect(rows).toHaveLength(36);
    expect(owners).toEqual([{ customer_id: "cus_acme_1002" }]);
  });
});

describe("POST /v1/exports as XLSX", () => {
  it("writes the filtered rows in the list's order with the company's names and typed cells, in Spanish", async () => {
    const query: [string, string][] = [
      ["filter_options[invoices][0][status]", "posted"],
      ["filter_options[invoices][1][total][gt]", "100"],
      ["sort", "balance asc"],
    ];
    const { file, subject, attachment } = await runExport({
      instance: "invoices",
      preference: "filtered_data",
      format: "xlsx",
      excludedFields: ["overdue", "currency", "created_date", "updated_date", "po_number"],
      filter_options: { invoices: [{ status: "posted" }, { total: { gt: "100" } }] },
      sort: "balance asc",
      locale: "es",
    });
    expect(subject).toBe("Su exportación de facturas");
    expect(attachment.contentType).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    const [sheet, ...others] = await xlsxSheets(file);
    expect(others).toEqual([]);
    expect(sheet?.name).toBe("Facturas");
    const [header, ...rows] = sheet?.rows ?? [];
    // The company names every column, so its names win over the Spanish words, as in the table.
    expect(header).toEqual([
      "Invoice ID",
      "Invoice Date",
      "Due Date",
      "Total",
      "Balance",
      "Status",
      "Salesforce ID",
      "Project",
      "Discount",
      "Approval Status",
      "Contract",
    ]);
    const total = await listTotal("invoices", query);
    expect(total).toBeGreaterThan(0);
    expect(rows).toHaveLength(total);
    expect(rows.map((r) => r[0])).toEqual(await listIds("invoices", query));
    for (const row of rows) {
      expect(typeof row[3]).toBe("number");
      expect(row[3] as number).toBeGreaterThan(100);
      // The status reads as the Spanish screen's chip does ("Pendiente de pago"), not "Unpaid".
      expect(row[5]).toBe(es.statuses.invoices.unpaid);
    }
  });

  it("names a column the company renamed by its name, and one it leaves unnamed in the user's language", async () => {
    await nameColumns("invoices", {
      invoice_amount: "Amount due",
      due_date: "",
      status: "   ",
      "custom_fields.project_code": "Project code",
      "custom_fields.discount_rate": "",
    });
    const { file } = await runExport({
      instance: "invoices",
      preference: "all_data",
      format: "xlsx",
      excludedFields: ["overdue", "currency", "created_date", "updated_date", "salesforce_id"],
      locale: "es",
    });
    const [sheet] = await xlsxSheets(file);
    expect(sheet?.rows[0]).toEqual([
      "Invoice ID",
      "Invoice Date",
      // Blank names name nothing: the portal's Spanish words, as the table falls back to them.
      "Vencimiento",
      "Amount due",
      "Balance",
      "Estado",
      "PO Number",
      "Project code",
      // A custom field without a configured name keeps its label.
      "Discount",
      "Approval Status",
      "Contract",
    ]);

    const english = await runExport({
      instance: "invoices",
      preference: "all_data",
      format: "csv",
      excludedFields: ["overdue", "currency", "created_date", "updated_date", "salesforce_id"],
      locale: "en",
    });
    const [header] = csvRows(english.file);
    expect(header?.slice(0, 6)).toEqual([
      "Invoice ID",
      "Invoice Date",
      "Due date",
      "Amount due",
      "Balance",
      "Status",
    ]);
  });

  it("keeps formula-like text as text (cells are strings, never formulas)", async () => {
    await insertRows(h.sandbox.db, "usages", [{ id: "FX-9", description: "=1+2" }], ADA.customerId);
    const { file } = await runExport({
      instance: "usages",
      preference: "filtered_data",
      format: "xlsx",
      excludedFields: [],
      filter_options: { usages: [{ id: "FX-9" }] },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.bytes as unknown as ArrayBuffer);
    const cell = workbook.worksheets[0]?.getRow(2).getCell(3);
    expect(cell?.type).toBe(ExcelJS.ValueType.String);
    expect(cell?.value).toBe("=1+2");
    expect(cell?.formula).toBeUndefined();
  });

  it("continues on further sheets past the sheet's row limit, each with the header", async () => {
    exportQueue(h.sandbox.app).limits = { batchSize: 7, rowsPerSheet: 11 };
    const { file, job } = await runExport({
      instance: "statements",
      preference: "all_data",
      format: "xlsx",
      excludedFields: [],
    });
    const sheets = await xlsxSheets(file);
    expect(sheets.map((s) => s.name)).toEqual(["Statements", "Statements (2)", "Statements (3)"]);
    expect(sheets.map((s) => s.rows.length)).toEqual([11, 11, 5]);
    for (const s of sheets) expect(s.rows[0]?.[0]).toBe("Statement ID");
    const ids = sheets.flatMap((s) => s.rows.slice(1).map((r) => r[0]));
    expect(ids).toEqual(await listIds("statements"));
    expect(job.rowsWritten).toBe(24);
    // The statements' signed PDF links are not data: no such column.
    expect(sheets[0]?.rows[0]).not.toContain("Statement");
  });
});

describe("POST /v1/exports in the portal's other languages", () => {
  const ASCII_NAME = /^[a-z]+-\d{4}-\d{2}-\d{2}\.(csv|xlsx)$/;
  const BUILTIN_KEYS = new Map(HEADER_TABLE.invoices);

  /** Un-names every built-in invoice column, so the headers are the portal's words. */
  async function unnameBuiltins(): Promise<void> {
    await nameColumns(
      "invoices",
      Object.fromEntries(HEADER_TABLE.invoices.map(([id]) => [id, ""])),
    );
  }

  /** The header the table shows: built-ins in the catalogue's words, custom fields by their names. */
  async function expectedHeader(messages: unknown): Promise<string[]> {
    const names = await configuredNames("invoices", "invoice");
    return [...names].map(([id, name]) => {
      const key = BUILTIN_KEYS.get(id);
      return key === undefined ? name : (message(messages, key) as string);
    });
  }

  it("writes German headers, Yes/No and sheet name from messages/de, and mails in German", async () => {
    await unnameBuiltins();
    const { file, subject, attachment, mail } = await runExport({
      instance: "invoices",
      preference: "all_data",
      format: "xlsx",
      excludedFields: [],
      locale: "de",
    });
    expect(subject).toBe("Ihr Export der Rechnungen");
    expect(mail.text).toContain("Ihr Export der Rechnungen ist fertig: 120 Zeilen in");
    expect(attachment.filename).toBe("invoices-2030-01-15.xlsx");
    const [sheet, ...others] = await xlsxSheets(file);
    expect(others).toEqual([]);
    expect(sheet?.name).toBe(de.tabs.invoices);
    const [header, ...rows] = sheet?.rows ?? [];
    expect(header).toEqual(await expectedHeader(de));
    expect(header).toContain("Fälligkeitsdatum");
    const overdue = header?.indexOf(de.columns.overdue) ?? -1;
    const values = new Set(rows.map((r) => r[overdue]));
    expect([...values].sort()).toEqual([de.boolean.yes, de.boolean.no].sort());
  });

  it("writes Arabic headers and Yes/No from messages/ar under an ASCII file name", async () => {
    await unnameBuiltins();
    const { file, subject, attachment } = await runExport({
      instance: "invoices",
      preference: "all_data",
      format: "csv",
      excludedFields: [],
      locale: "ar",
    });
    expect(subject).toBe(`ملف تصدير ${ar.names.invoices}`);
    expect(attachment.filename).toBe("invoices-2030-01-15.csv");
    expect(attachment.filename).toMatch(ASCII_NAME);
    expect(file.headers.get("content-disposition")).toContain(
      'attachment; filename="invoices-2030-01-15.csv"',
    );
    const [header, ...rows] = csvRows(file);
    expect(header).toEqual(await expectedHeader(ar));
    const overdue = header?.indexOf(ar.columns.overdue) ?? -1;
    expect(overdue).toBeGreaterThanOrEqual(0);
    for (const row of rows) expect([ar.boolean.yes, ar.boolean.no]).toContain(row[overdue]);
  });

  it("names a Japanese file in ASCII too; only the sheet and the mail are Japanese", async () => {
    const { file, subject, attachment, job } = await runExport({
      instance: "statements",
      preference: "all_data",
      format: "xlsx",
      excludedFields: [],
      locale: "ja",
    });
    expect(attachment.filename).toBe("statements-2030-01-15.xlsx");
    expect(job.filename).toMatch(ASCII_NAME);
    expect(subject).toBe(`${ja.names.statements}のエクスポート`);
    const [sheet] = await xlsxSheets(file);
    expect(sheet?.name).toBe(ja.tabs.statements);
  });

  it("falls back to English for a language the portal does not speak", async () => {
    await unnameBuiltins();
    const { file, subject } = await runExport({
      instance: "invoices",
      preference: "all_data",
      format: "xlsx",
      excludedFields: [],
      locale: "sv-SE",
    });
    expect(subject).toBe("Your invoices export");
    const [sheet] = await xlsxSheets(file);
    expect(sheet?.name).toBe("Invoices");
    expect(sheet?.rows[0]).toEqual(await expectedHeader(en));
  });
});

describe("the mailed link", () => {
  it("is signed for a week", async () => {
    const { attachment } = await runExport({
      instance: "credits",
      preference: "all_data",
      format: "csv",
      excludedFields: [],
    });
    h.advance(7 * 24 * 3600_000 - 1000);
    expect((await download(attachment.url)).status).toBe(200);
    h.advance(2000);
    expect((await download(attachment.url)).status).toBe(403);
    const altered = attachment.url.replace(/signature=./, "signature=_");
    expect((await download(altered)).status).toBe(403);
  });
});

describe("POST /v1/exports refusals", () => {
  const valid = {
    instance: "invoices",
    preference: "filtered_data",
    format: "csv",
    excludedFields: [],
    filter_options: {},
  };
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ["an unknown instance", { ...valid, instance: "orders" }, /^instance:/],
    ["an unknown format", { ...valid, format: "pdf" }, /^format:/],
    ["an unknown preference", { ...valid, preference: "some_data" }, /^preference:/],
    ["an unknown excluded field", { ...valid, excludedFields: ["nope"] }, /^excludedFields\[0\]:/],
    ["a hidden custom field", { ...valid, excludedFields: ["internal_notes"] }, /excludedFields/],
    [
      "an unknown filter field",
      { ...valid, filter_options: { invoices: [{ nope: "1" }] } },
      /^filter_options\.invoices\[0\]\.nope:/,
    ],
    [
      "a bad filter value",
      { ...valid, filter_options: { invoices: [{ date: { gte: "2030-02-30" } }] } },
      /is not a YYYY-MM-DD date/,
    ],
    [
      "an unescaped regex",
      { ...valid, filter_options: { invoices: [{ invoice_id: "/a.b/i" }] } },
      /only \/\.\+\/ and/,
    ],
    ["filters that are not a map", { ...valid, filter_options: [1, 2] }, /^filter_options:/],
    ["an unsortable column", { ...valid, sort: "invoice_ids asc" }, /^sort:/],
    ["a locale that is no language tag", { ...valid, locale: "fr; drop" }, /^locale:/],
    ["a locale that is no text", { ...valid, locale: 7 }, /^locale:/],
    ["no body", {}, /^instance:/],
  ];

  let jobsBefore = 0;
  beforeEach(() => {
    jobsBefore = exportQueue(h.sandbox.app).jobs.size;
  });

  it.each(cases)("answers 400 to %s and queues nothing", async (_, body, message) => {
    const res = await h.api("POST", "/v1/exports", { token: ada, body });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe("validation");
    expect(res.body.error).toMatch(message);
    expect(exportQueue(h.sandbox.app).jobs.size).toBe(jobsBefore);
  });

  it("answers 401 without a bearer", async () => {
    expect((await h.api("POST", "/v1/exports", { body: valid })).status).toBe(401);
  });

  it("accepts the portal's own link column and bare custom field names in excludedFields", async () => {
    const { file } = await runExport({
      ...valid,
      excludedFields: ["invoice_pdf", "contract_copy", "status"],
    });
    const [header] = csvRows(file);
    expect(header).not.toContain("Contract");
    // A bare name that is also a built-in column names the built-in one.
    expect(header).not.toContain("Status");
    expect(header).toContain("Approval Status");
  });
});

describe("a failing export", () => {
  it("is marked failed and mails a failure note without an attachment", async () => {
    const spec = await decodeExportRequest(h.sandbox.db, ADA, {
      instance: "invoices",
      preference: "all_data",
      format: "xlsx",
    });
    const job = exportQueue(h.sandbox.app).enqueue(
      { ...spec, sort: { column: "no_such_column", direction: "asc" } },
      { email: "ada@acme.test", links: { origin: h.url, key: Buffer.alloc(32) } },
    );
    const done = await waitForJob(h, job.jobId);
    expect(done.status).toBe("failed");
    expect(done.error).toContain("no_such_column");
    const mail = (await h.mailbox("ada@acme.test")).at(-1);
    expect(mail?.subject).toBe("Your invoices export failed");
    expect(mail?.attachments).toEqual([]);
  });
});
