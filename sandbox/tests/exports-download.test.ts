/**
 * POST /v1/exports/download_url and its link (issue 32 §4): the body is checked as POST
 * /v1/exports checks it (the same 400s), the answer is a signed link of an hour on the caller's
 * origin named as the mailed file, and opening it writes that very file (CSV byte for byte; XLSX
 * sheet for sheet and cell for cell, read back with support/xlsx-xml.ts, not exceljs) into the
 * response as its rows are read: the first rows arrive before the last batch is read, each
 * opening reads the rows anew, a client that leaves ends the writing.
 */
import { parse as parseCsv } from "csv-parse/sync";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { linkSigningKey } from "../src/account/signed-links";
import {
  createExportDownload,
  exportDownloadPath,
  exportDownloadsRunning,
} from "../src/documents/exports/downloads";
import { exportQueue } from "../src/documents/exports/jobs";
import { decodeExportRequest } from "../src/documents/exports/request";
import { signFile } from "../src/documents/links";
import { attachmentsOf, download, waitForJob, type Download } from "./support/documents";
import { startHarness, type Harness } from "./support/harness";
import { ADA, insertRows } from "./support/lists-fixtures";
import { readXlsx } from "./support/xlsx-xml";

let h: Harness;
let ada: string;
beforeAll(async () => {
  h = await startHarness("exports_download");
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.reset();
  exportQueue(h.sandbox.app).limits = { batchSize: 2000, rowsPerSheet: 1_048_576 };
  ada = (await h.login("ada@acme.test")).accessToken;
});

type Body = Record<string, unknown>;
type DownloadAnswer = { download_url: string; file_name: string };

/** POST /v1/exports, the job run, and the mailed file downloaded through its link. */
async function mailedFile(body: Body): Promise<{ filename: string; file: Download }> {
  const res = await h.api<{ jobId: string }>("POST", "/v1/exports", { token: ada, body });
  expect(res.status).toBe(200);
  const job = await waitForJob(h, res.body.data.jobId);
  expect(job.error).toBeNull();
  const [attachment] = attachmentsOf((await h.mailbox("ada@acme.test")).at(-1));
  if (!attachment) throw new Error("no mail with an attachment");
  const file = await download(attachment.url);
  expect(file.status).toBe(200);
  return { filename: attachment.filename, file };
}

/** POST /v1/exports/download_url's answer. */
async function downloadLink(body: Body): Promise<DownloadAnswer> {
  const res = await h.api<DownloadAnswer>("POST", "/v1/exports/download_url", {
    token: ada,
    body,
  });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

const csvRows = (bytes: Buffer): string[][] => parseCsv(bytes, { bom: true }) as string[][];

/** The sandbox's link key, to sign paths it never handed out. */
const signed = (path: string) =>
  signFile({ origin: h.url, key: linkSigningKey(h.config.punchoutKey), now: h.now() }, path);

/** Counts the sandbox's database queries from now on (restored after each test). */
function countQueries(): { readonly count: number } {
  const db = h.sandbox.app.db;
  const original = db.query.bind(db);
  const counter = { count: 0 };
  vi.spyOn(db, "query").mockImplementation(((sql: string, params?: readonly unknown[]) => {
    counter.count += 1;
    return original(sql, params);
  }) as typeof db.query);
  return counter;
}

afterEach(() => {
  vi.restoreAllMocks();
});

async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** `n` usages of ada's dated before the seed's, so they come last in the default (date desc) order. */
async function addUsages(n: number, prefix = "LIVE"): Promise<void> {
  await insertRows(
    h.sandbox.db,
    "usages",
    Array.from({ length: n }, (_, i) => ({
      id: `${prefix}-${String(i).padStart(5, "0")}`,
      date: "2020-01-01",
      description: `bulk usage ${i}`,
      quantity: String(i % 97),
    })),
    ADA.customerId,
  );
}

describe("POST /v1/exports/download_url", () => {
  it("answers 404 where the company's API offers no downloads, as its portal configuration says", async () => {
    const body = {
      instance: "invoices",
      preference: "all_data",
      format: "csv",
      excludedFields: [],
    };
    const ask = () => h.api("POST", "/v1/exports/download_url", { token: ada, body });
    const offered = async () =>
      (await h.api<{ documents?: unknown }>("GET", "/v1/portalConfiguration?host=localhost")).body
        .data.documents;
    await h.sandbox.db.query("UPDATE companies SET export_downloads = false WHERE id = 'acme'");
    try {
      const res = await ask();
      expect(res.status).toBe(404);
      expect(res.body.errorCode).toBe("not_found");
      expect(await offered()).toEqual({ zips: true, exportDownloads: false });
    } finally {
      await h.sandbox.db.query("UPDATE companies SET export_downloads = true WHERE id = 'acme'");
    }
    expect((await ask()).status).toBe(200);
  });

  it("answers a signed link of an hour on the caller's own origin, named as the mailed file", async () => {
    const jobsBefore = exportQueue(h.sandbox.app).jobs.size;
    const mailsBefore = (await h.mailbox("ada@acme.test")).length;
    const body = { instance: "usages", preference: "all_data", format: "csv", excludedFields: [] };
    const first = await downloadLink(body);
    const second = await downloadLink({ ...body, format: "xlsx" });

    expect(first.file_name).toBe("usages-2030-01-15.csv");
    expect(second.file_name).toBe("usages-2030-01-15.xlsx");
    const url = new URL(first.download_url);
    expect(url.origin).toBe(new URL(h.url).origin);
    expect(url.pathname).toMatch(/^\/files\/exports\/live\/[A-Za-z0-9_-]{24}\.csv$/);
    expect(Number(url.searchParams.get("expires"))).toBe(Math.floor(h.now() / 1000) + 3600);
    expect(url.searchParams.get("signature")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new URL(second.download_url).pathname).toMatch(/\.xlsx$/);
    // Random ids: two links never share one.
    expect(new URL(second.download_url).pathname.slice(0, -5)).not.toBe(url.pathname.slice(0, -4));
    // No job, no mail.
    expect(exportQueue(h.sandbox.app).jobs.size).toBe(jobsBefore);
    expect(await h.mailbox("ada@acme.test")).toHaveLength(mailsBefore);
  });

  const valid = {
    instance: "invoices",
    preference: "filtered_data",
    format: "csv",
    excludedFields: [],
    filter_options: {},
  };
  const refusals: [string, { body?: Body; rawBody?: string }][] = [
    ["an unknown instance", { body: { ...valid, instance: "orders" } }],
    ["an unknown format", { body: { ...valid, format: "pdf" } }],
    ["an unknown excluded field", { body: { ...valid, excludedFields: ["nope"] } }],
    [
      "a bad filter value",
      { body: { ...valid, filter_options: { invoices: [{ date: { gte: "2030-02-30" } }] } } },
    ],
    ["an unsortable column", { body: { ...valid, sort: "invoice_ids asc" } }],
    ["a locale that is no language tag", { body: { ...valid, locale: "fr; drop" } }],
    ["no body", { body: {} }],
    ["a body that is not JSON", { rawBody: "{instance" }],
  ];

  it.each(refusals)("answers %s with the 400 POST /v1/exports answers", async (_, request) => {
    const options = { token: ada, ...request };
    const mailed = await h.request<Body>("POST", "/v1/exports", options);
    const now = await h.request<Body>("POST", "/v1/exports/download_url", options);
    expect(mailed.status).toBe(400);
    expect(now.status).toBe(400);
    expect(now.body).toEqual(mailed.body);
    expect(now.body.data).toBeNull();
  });

  it("answers 401 without a bearer", async () => {
    const res = await h.api("POST", "/v1/exports/download_url", { body: valid });
    expect(res.status).toBe(401);
  });
});

describe("GET /files/exports/live/<id>.csv", () => {
  it.each(["invoices", "payments", "usages", "credits", "statements"])(
    "writes the CSV of %s the mail carries, byte for byte",
    async (instance) => {
      const body = { instance, preference: "all_data", format: "csv", excludedFields: [] };
      const mailed = await mailedFile(body);
      const link = await downloadLink(body);
      const live = await download(link.download_url);
      expect(live.status).toBe(200);
      expect(link.file_name).toBe(mailed.filename);
      const rows = csvRows(live.bytes);
      expect(rows.length).toBeGreaterThan(1);
      expect(rows).toEqual(csvRows(mailed.file.bytes));
      expect(live.bytes.equals(mailed.file.bytes)).toBe(true);
    },
  );

  it("writes a filtered, sorted German CSV with a BOM and neutralised formulas, as the mail does", async () => {
    await insertRows(
      h.sandbox.db,
      "usages",
      [
        { id: "FX-1", description: '=HYPERLINK("http://x")', quantity: "-5" },
        { id: "FX-2", description: "+SUM(A1:A9)" },
        { id: "FX-3", description: "@cmd, with a comma" },
      ],
      ADA.customerId,
    );
    const body = {
      instance: "usages",
      preference: "filtered_data",
      format: "csv",
      excludedFields: ["unit_of_measure"],
      filter_options: { usages: [{ id: "/FX-/i" }] },
      sort: "id desc",
      locale: "de",
    };
    const mailed = await mailedFile(body);
    const link = await downloadLink(body);
    const live = await download(link.download_url);

    expect(live.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(live.headers.get("content-disposition")).toBe(
      `attachment; filename="usages-2030-01-15.csv"; filename*=UTF-8''usages-2030-01-15.csv`,
    );
    expect(live.headers.get("cache-control")).toBe("private, no-store");
    expect(live.headers.get("referrer-policy")).toBe("no-referrer");
    expect(live.headers.get("x-content-type-options")).toBe("nosniff");
    expect([...live.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    const [header, ...rows] = csvRows(live.bytes);
    const all = csvRows((await mailedFile({ ...body, excludedFields: [] })).file.bytes)[0];
    expect(header).toHaveLength((all?.length ?? 0) - 1);
    const description = rows[0]?.findIndex((cell) => cell.includes("@cmd")) ?? -1;
    expect(description).toBeGreaterThanOrEqual(0);
    expect(rows.map((r) => r[0])).toEqual(["FX-3", "FX-2", "FX-1"]);
    expect(rows.map((r) => r[description])).toEqual([
      "'@cmd, with a comma",
      "'+SUM(A1:A9)",
      '\'=HYPERLINK("http://x")',
    ]);
    expect([header, ...rows]).toEqual(csvRows(mailed.file.bytes));
    expect(live.bytes.equals(mailed.file.bytes)).toBe(true);
  });

  it("writes the file anew at each opening, from the rows as they are then", async () => {
    const body = { instance: "usages", preference: "all_data", format: "csv", excludedFields: [] };
    const link = await downloadLink(body);
    const before = csvRows((await download(link.download_url)).bytes);
    await addUsages(3, "LATER");
    const after = csvRows((await download(link.download_url)).bytes);
    expect(after).toHaveLength(before.length + 3);
    expect(after.slice(-3).map((r) => r[0])).toEqual(["LATER-00002", "LATER-00001", "LATER-00000"]);
  });

  it("starts answering before the rows are all read, without a Content-Length", async () => {
    await addUsages(3000);
    exportQueue(h.sandbox.app).limits = { batchSize: 100, rowsPerSheet: 1_048_576 };
    const body = { instance: "usages", preference: "all_data", format: "csv", excludedFields: [] };
    const link = await downloadLink(body);
    const queries = countQueries();

    const res = await fetch(link.download_url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-length")).toBeNull();
    expect(res.headers.get("transfer-encoding")).toBe("chunked");
    const reader = res.body?.getReader();
    if (!reader) throw new Error("no body");
    const chunks: Uint8Array[] = [];
    let queriesAtFirstRows: number | null = null;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      // The first chunk holding data rows (the header and a row: two line ends).
      if (queriesAtFirstRows === null) {
        const lines = Buffer.concat(chunks).toString("utf8").split("\n").length - 1;
        if (lines >= 2) queriesAtFirstRows = queries.count;
      }
    }
    const rows = csvRows(Buffer.concat(chunks));
    // 4,000 usages (the seed's 1,000 and these) in batches of 100: two queries per batch.
    expect(rows).toHaveLength(4001);
    expect(queries.count).toBeGreaterThanOrEqual(80);
    expect(queriesAtFirstRows).not.toBeNull();
    expect(queriesAtFirstRows ?? Infinity).toBeLessThan(queries.count / 4);
    await until(() => exportDownloadsRunning(h.sandbox.app) === 0);
  });

  it.each(["csv", "xlsx"])("stops reading rows when the client goes away (%s)", async (format) => {
    await addUsages(3000);
    exportQueue(h.sandbox.app).limits = { batchSize: 100, rowsPerSheet: 1_048_576 };
    const link = await downloadLink({
      instance: "usages",
      preference: "all_data",
      format,
      excludedFields: [],
    });
    const queries = countQueries();
    const aborter = new AbortController();
    const res = await fetch(link.download_url, { signal: aborter.signal });
    const reader = res.body?.getReader();
    await reader?.read();
    expect(exportDownloadsRunning(h.sandbox.app)).toBe(1);
    aborter.abort();
    await until(() => exportDownloadsRunning(h.sandbox.app) === 0);
    const atEnd = queries.count;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(queries.count).toBe(atEnd);
    // A whole file reads 40 batches of two queries.
    expect(atEnd).toBeLessThan(40);
  });

  it("breaks the download, never ends it short, when the export fails part-way", async () => {
    const spec = await decodeExportRequest(h.sandbox.db, ADA, {
      instance: "invoices",
      preference: "all_data",
      format: "csv",
    });
    const links = { origin: h.url, key: linkSigningKey(h.config.punchoutKey), now: h.now() };
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const link = createExportDownload(
      h.sandbox.app,
      { ...spec, sort: { column: "no_such_column", direction: "asc" } },
      links,
    );
    const res = await fetch(link.download_url);
    expect(res.status).toBe(200);
    await expect(res.arrayBuffer()).rejects.toThrow();
    await until(() => exportDownloadsRunning(h.sandbox.app) === 0);
    expect(errors.mock.calls.flat().join(" ")).toContain("no_such_column");
  });

  it("answers HEAD with the headers and writes nothing", async () => {
    const link = await downloadLink({
      instance: "usages",
      preference: "all_data",
      format: "csv",
      excludedFields: [],
    });
    const queries = countQueries();
    const res = await fetch(link.download_url, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain('filename="usages-2030-01-15.csv"');
    expect(queries.count).toBe(0);
    expect(exportDownloadsRunning(h.sandbox.app)).toBe(0);
  });
});

describe("GET /files/exports/live/<id>.xlsx", () => {
  /** Both files read back: each sheet's name, pane, autofilter and every cell's value, type and format. */
  const sheetsOf = (bytes: Buffer) =>
    readXlsx(bytes).map((s) => ({
      name: s.name,
      pane: s.pane,
      autoFilter: s.autoFilter,
      rows: s.rows,
    }));

  it("writes the XLSX the mail carries: the same sheets, cells, types and formats", async () => {
    const body = {
      instance: "invoices",
      preference: "filtered_data",
      format: "xlsx",
      excludedFields: ["po_number"],
      filter_options: { invoices: [{ total: { gt: "100" } }] },
      sort: "balance asc",
      locale: "es",
    };
    const mailed = await mailedFile(body);
    const link = await downloadLink(body);
    const live = await download(link.download_url);
    expect(live.status).toBe(200);
    expect(link.file_name).toBe(mailed.filename);
    expect(live.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(live.headers.get("content-disposition")).toBe(
      `attachment; filename="invoices-2030-01-15.xlsx"; filename*=UTF-8''invoices-2030-01-15.xlsx`,
    );
    expect(live.headers.get("cache-control")).toBe("private, no-store");

    const sheets = sheetsOf(live.bytes);
    expect(sheets).toHaveLength(1);
    const [sheet] = sheets;
    expect(sheet?.rows.length).toBeGreaterThan(2);
    // Typed cells, as the mailed file has them: dates, money, text.
    const kinds = new Set(sheet?.rows[1]?.map((c) => `${c?.type}:${c?.format}`));
    expect(kinds).toContain("n:yyyy-mm-dd");
    expect(kinds).toContain("n:#,##0.00");
    expect(sheets).toEqual(sheetsOf(mailed.file.bytes));
  });

  it("continues on further sheets as the mailed file does", async () => {
    exportQueue(h.sandbox.app).limits = { batchSize: 7, rowsPerSheet: 11 };
    const body = {
      instance: "statements",
      preference: "all_data",
      format: "xlsx",
      excludedFields: [],
    };
    const mailed = await mailedFile(body);
    const live = await download((await downloadLink(body)).download_url);
    const sheets = sheetsOf(live.bytes);
    expect(sheets.map((s) => s.name)).toEqual(["Statements", "Statements (2)", "Statements (3)"]);
    expect(sheets.map((s) => s.rows.length)).toEqual([11, 11, 5]);
    expect(sheets.map((s) => s.autoFilter?.replace(/^A1:[A-Z]+/, ""))).toEqual(["11", "11", "5"]);
    expect(sheets).toEqual(sheetsOf(mailed.file.bytes));
  });

  it("starts answering before the rows are all read", async () => {
    // More rows than the XLSX thread may be sent ahead of its writing (1,000): streamed, the first
    // bytes come long before the last rows are read.
    await addUsages(7000);
    exportQueue(h.sandbox.app).limits = { batchSize: 100, rowsPerSheet: 1_048_576 };
    const link = await downloadLink({
      instance: "usages",
      preference: "all_data",
      format: "xlsx",
      excludedFields: [],
    });
    const queries = countQueries();
    const res = await fetch(link.download_url);
    expect(res.headers.get("content-length")).toBeNull();
    const reader = res.body?.getReader();
    if (!reader) throw new Error("no body");
    const chunks: Uint8Array[] = [];
    let queriesAtFirstBytes: number | null = null;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      queriesAtFirstBytes ??= queries.count;
      chunks.push(value);
    }
    const [sheet] = readXlsx(Buffer.concat(chunks));
    expect(sheet?.rows).toHaveLength(8001);
    expect(queries.count).toBeGreaterThanOrEqual(160);
    expect(queriesAtFirstBytes ?? Infinity).toBeLessThan(queries.count / 4);
  });
});

describe("the download link", () => {
  it("answers 403 to a bad, moved or expired signature and 404 to a link it does not keep", async () => {
    const link = await downloadLink({
      instance: "credits",
      preference: "all_data",
      format: "csv",
      excludedFields: [],
    });
    const url = new URL(link.download_url);
    const id = url.pathname.replace(/^.*\/|\.csv$/g, "");

    const altered = new URL(url);
    const signature = url.searchParams.get("signature") ?? "";
    altered.searchParams.set(
      "signature",
      (signature.startsWith("A") ? "B" : "A") + signature.slice(1),
    );
    const bad = await download(altered.toString());
    expect(bad.status).toBe(403);
    expect(bad.headers.get("content-type")).toContain("text/html");
    expect(bad.text).not.toContain("Credit ID");

    const unsigned = await download(`${url.origin}${url.pathname}`);
    expect(unsigned.status).toBe(403);

    // The same signature on the other format's path.
    const moved = await download(link.download_url.replace(".csv?", ".xlsx?"));
    expect(moved.status).toBe(403);

    // Signed by the sandbox but never handed out, or handed out for the other format: gone.
    const unknown = await download(signed(exportDownloadPath("A".repeat(24), "csv")));
    expect(unknown.status).toBe(404);
    const otherFormat = await download(signed(exportDownloadPath(id, "xlsx")));
    expect(otherFormat.status).toBe(404);

    expect((await download(link.download_url)).status).toBe(200);
    h.advance(3600_000 + 1000);
    const expired = await download(link.download_url);
    expect(expired.status).toBe(403);
  });
});
