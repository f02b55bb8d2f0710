/**
 * XLSX exports hold typed cells (issue 32 §4): business days as date cells, timestamps as US
 * Eastern date-times (the day the portal shows and the lists' date filters match), amounts as
 * numbers with two decimals, usage quantities with four, booleans as the locale's Yes/No; every
 * sheet has its header row frozen and an autofilter over it. The file is read back with a reader
 * of its own (support/xlsx-xml.ts: the zip and the sheet XML), not with exceljs that wrote it.
 * The CSV of the same rows keeps its text dates and ISO UTC timestamps.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse as parseCsv } from "csv-parse/sync";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import de from "../../messages/de/lists.json";
import en from "../../messages/en/lists.json";
import { exportQueue } from "../src/documents/exports/jobs";
import { decodeExportRequest } from "../src/documents/exports/request";
import { XLSX_NUMBER_FORMATS, xlsxWriter } from "../src/documents/exports/writers";
import { attachmentsOf, download, waitForJob, type Download } from "./support/documents";
import { startHarness, type Harness } from "./support/harness";
import { ADA, insertRows } from "./support/lists-fixtures";
import {
  isDateFormat,
  readXlsx,
  serialToWallClock,
  type XlsxCell,
  type XlsxSheet,
} from "./support/xlsx-xml";

let h: Harness;
let ada: string;
beforeAll(async () => {
  h = await startHarness("exports_xlsx_typed");
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.reset();
  exportQueue(h.sandbox.app).limits = { batchSize: 2000, rowsPerSheet: 1_048_576 };
  ada = (await h.login("ada@acme.test")).accessToken;
});

type ExportBody = Record<string, unknown> & { instance: string };

/** Posts the export, waits for the job and downloads the mailed file. */
async function runExport(body: ExportBody): Promise<Download> {
  const res = await h.api<{ jobId: string }>("POST", "/v1/exports", { token: ada, body });
  expect(res.status).toBe(200);
  const job = await waitForJob(h, res.body.data.jobId);
  expect(job.error).toBeNull();
  const [attachment] = attachmentsOf((await h.mailbox("ada@acme.test")).at(-1));
  if (!attachment) throw new Error("no mail with an attachment");
  const file = await download(attachment.url);
  expect(file.status).toBe(200);
  return file;
}

/** The position of each column id in the file, as the export request lays the columns out. */
async function columnIndex(body: ExportBody): Promise<Map<string, number>> {
  const spec = await decodeExportRequest(h.sandbox.db, ADA, body);
  return new Map(spec.columns.map((c, i) => [c.id, i]));
}

/** The cell of column `id` in a row, failing when there is none. */
function cellOf(row: (XlsxCell | null)[] | undefined, columns: Map<string, number>, id: string) {
  const i = columns.get(id);
  if (i === undefined) throw new Error(`no column ${id} in the export`);
  const cell = row?.[i];
  if (!cell) throw new Error(`row has no ${id} cell`);
  return cell;
}

/** The wall-clock time an Excel date cell shows, as `YYYY-MM-DD hh:mm:ss`. */
const shown = (cell: XlsxCell) =>
  serialToWallClock(cell.value as number)
    .toISOString()
    .replace("T", " ")
    .slice(0, 19);

type ApiRow = Record<string, unknown>;

/** The rows the list answers for a query (the API's own values). */
async function apiRows(module: string, query: [string, string][]): Promise<ApiRow[]> {
  const res = await h.api<Record<string, unknown>>(
    "GET",
    `/v1/${module}?${new URLSearchParams(query)}`,
    { token: ada },
  );
  expect(res.status).toBe(200);
  return (res.body.data[module] as ApiRow[] | undefined) ?? [];
}

describe("POST /v1/exports as XLSX, typed cells", () => {
  const invoiceBody: ExportBody = {
    instance: "invoices",
    preference: "filtered_data",
    format: "xlsx",
    excludedFields: [],
    filter_options: { invoices: [{ invoice_id: "TYPED-1" }] },
    locale: "en",
  };

  beforeEach(async () => {
    await insertRows(
      h.sandbox.db,
      "invoices",
      [
        {
          id: "TYPED-1",
          invoice_date: "2030-01-10",
          due_date: "2030-02-09",
          invoice_amount: "1234.50",
          balance: "234.56",
          status: "Posted",
          // 22:30 on January 14 in New York (EST), already the 15th in UTC.
          created_date: "2030-01-15T03:30:00.000Z",
          // 12:45:10 on July 1 in New York (EDT).
          updated_date: "2030-07-01T16:45:10.000Z",
        },
      ],
      ADA.customerId,
    );
  });

  it("writes business days as date cells on the row's day", async () => {
    const [sheet] = readXlsx((await runExport(invoiceBody)).bytes);
    const columns = await columnIndex(invoiceBody);
    const [api] = await apiRows("invoices", [
      ["filter_options[invoices][0][invoice_id]", "TYPED-1"],
    ]);
    expect(sheet?.rows).toHaveLength(2);
    for (const id of ["invoice_date", "due_date"]) {
      const cell = cellOf(sheet?.rows[1], columns, id);
      expect(cell.type, id).toBe("n");
      expect(cell.format, id).toBe("yyyy-mm-dd");
      expect(isDateFormat(cell.format)).toBe(true);
      // A whole serial day: no time of day to shift it into another day.
      expect(Number.isInteger(cell.value), id).toBe(true);
      expect(shown(cell).slice(0, 10), id).toBe(api?.[id]);
    }
    expect(shown(cellOf(sheet?.rows[1], columns, "invoice_date"))).toBe("2030-01-10 00:00:00");
  });

  it("writes timestamps as US Eastern date-times: the day the portal shows and filters by", async () => {
    const [sheet] = readXlsx((await runExport(invoiceBody)).bytes);
    const columns = await columnIndex(invoiceBody);
    const created = cellOf(sheet?.rows[1], columns, "created_date");
    expect(created.type).toBe("n");
    expect(created.format).toBe(XLSX_NUMBER_FORMATS.timestamp);
    expect(isDateFormat(created.format)).toBe(true);
    expect(shown(created)).toBe("2030-01-14 22:30:00");
    // Daylight time in summer: UTC−4.
    expect(shown(cellOf(sheet?.rows[1], columns, "updated_date"))).toBe("2030-07-01 12:45:10");

    // The list's created_date filter (whole Eastern days) finds the row on the day the cell shows.
    const onThatDay = await apiRows("invoices", [
      ["filter_options[invoices][0][invoice_id]", "TYPED-1"],
      ["filter_options[invoices][1][created_date]", shown(created).slice(0, 10)],
    ]);
    expect(onThatDay.map((r) => r.id)).toEqual(["TYPED-1"]);
  });

  it("writes amounts as numbers with two decimals, equal to the API's amounts", async () => {
    const [sheet] = readXlsx((await runExport(invoiceBody)).bytes);
    const columns = await columnIndex(invoiceBody);
    const [api] = await apiRows("invoices", [
      ["filter_options[invoices][0][invoice_id]", "TYPED-1"],
    ]);
    expect(api?.invoice_amount).toBe(1234.5);
    for (const id of ["invoice_amount", "balance"]) {
      const cell = cellOf(sheet?.rows[1], columns, id);
      expect(cell.type, id).toBe("n");
      expect(cell.format, id).toBe("#,##0.00");
      expect(isDateFormat(cell.format)).toBe(false);
      expect(cell.value, id).toBe(api?.[id]);
    }
    // Text stays text: the id, the status as the portal's chip reads it.
    expect(cellOf(sheet?.rows[1], columns, "id")).toMatchObject({ type: "str", value: "TYPED-1" });
    expect(cellOf(sheet?.rows[1], columns, "status").value).toBe(en.statuses.invoices.unpaid);
  });

  it("leaves the CSV of the same row as it was: text days, ISO UTC timestamps, plain amounts", async () => {
    const file = await runExport({ ...invoiceBody, format: "csv" });
    const columns = await columnIndex(invoiceBody);
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [, row] = parseCsv(file.bytes, { bom: true }) as string[][];
    const at = (id: string) => row?.[columns.get(id) ?? -1];
    expect(at("invoice_date")).toBe("2030-01-10");
    expect(at("invoice_amount")).toBe("1234.5");
    expect(at("created_date")).toBe("2030-01-15T03:30:00.000Z");
  });
});

describe("POST /v1/exports as XLSX, quantities and booleans", () => {
  const usageBody = (locale: string): ExportBody => ({
    instance: "usages",
    preference: "filtered_data",
    format: "xlsx",
    excludedFields: [],
    filter_options: { usages: [{ id: "TYPED-U1" }] },
    locale,
  });

  beforeEach(async () => {
    await insertRows(
      h.sandbox.db,
      "usages",
      [
        {
          id: "TYPED-U1",
          quantity: "12.3456",
          invoiced: true,
          custom_fields: { peak_usage: false },
        },
      ],
      ADA.customerId,
    );
  });

  it("writes a usage quantity as a number with four decimals", async () => {
    const [sheet] = readXlsx((await runExport(usageBody("en"))).bytes);
    const columns = await columnIndex(usageBody("en"));
    const cell = cellOf(sheet?.rows[1], columns, "quantity");
    expect(cell).toEqual({ type: "n", value: 12.3456, format: "#,##0.0000" });
    expect(cellOf(sheet?.rows[1], columns, "date").format).toBe("yyyy-mm-dd");
  });

  it("writes booleans as the locale's Yes/No text, built-in and custom", async () => {
    const english = readXlsx((await runExport(usageBody("en"))).bytes)[0];
    const columns = await columnIndex(usageBody("en"));
    expect(cellOf(english?.rows[1], columns, "invoiced")).toMatchObject({
      type: "str",
      value: en.boolean.yes,
    });
    expect(cellOf(english?.rows[1], columns, "custom_fields.peak_usage").value).toBe(en.boolean.no);

    const german = readXlsx((await runExport(usageBody("de"))).bytes)[0];
    expect(de.boolean.yes).toBe("Ja");
    expect(cellOf(german?.rows[1], columns, "invoiced")).toMatchObject({
      type: "str",
      value: de.boolean.yes,
    });
    expect(cellOf(german?.rows[1], columns, "custom_fields.peak_usage").value).toBe(de.boolean.no);
  });
});

describe("POST /v1/exports as XLSX, the header row", () => {
  /** The last column's letter of a sheet (from its header row; fewer than 27 columns here). */
  const lastLetter = (sheet: XlsxSheet) => String.fromCharCode(64 + (sheet.rows[0]?.length ?? 0));

  function expectFrozenAndFiltered(sheet: XlsxSheet): void {
    expect(sheet.pane, sheet.name).toMatchObject({
      state: "frozen",
      ySplit: "1",
      topLeftCell: "A2",
    });
    expect(sheet.pane?.xSplit, sheet.name).toBeUndefined();
    // The filter starts at the header's first cell and spans every header cell and row.
    expect(sheet.autoFilter, sheet.name).toBe(`A1:${lastLetter(sheet)}${sheet.rows.length}`);
    expect(sheet.rows[0]?.every((c) => c?.type === "str")).toBe(true);
  }

  it("is frozen and filtered", async () => {
    const [sheet, ...others] = readXlsx(
      (
        await runExport({
          instance: "credits",
          preference: "all_data",
          format: "xlsx",
          excludedFields: [],
        })
      ).bytes,
    );
    expect(others).toEqual([]);
    if (!sheet) throw new Error("no sheet");
    expect(sheet.rows.length).toBeGreaterThan(2);
    expectFrozenAndFiltered(sheet);
  });

  it("is frozen and filtered on every sheet of an export past the sheet's row limit", async () => {
    exportQueue(h.sandbox.app).limits = { batchSize: 7, rowsPerSheet: 11 };
    const body: ExportBody = {
      instance: "statements",
      preference: "all_data",
      format: "xlsx",
      excludedFields: [],
    };
    const sheets = readXlsx((await runExport(body)).bytes);
    expect(sheets.map((s) => s.name)).toEqual(["Statements", "Statements (2)", "Statements (3)"]);
    expect(sheets.map((s) => s.rows.length)).toEqual([11, 11, 5]);
    const columns = await columnIndex(body);
    for (const sheet of sheets) {
      expectFrozenAndFiltered(sheet);
      // Later sheets type their cells too.
      const date = cellOf(sheet.rows.at(-1), columns, "statement_date");
      expect(date.format, sheet.name).toBe("yyyy-mm-dd");
      expect(typeof date.value).toBe("number");
    }
  });
});

describe("xlsxWriter", () => {
  let dir = "";
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "xlsx-typed-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("keeps a value its column does not hold as text, and empty cells empty", async () => {
    const file = path.join(dir, "odd.xlsx");
    const writer = xlsxWriter(
      file,
      [
        { header: "Day", kind: "date" },
        { header: "At", kind: "timestamp" },
        { header: "Amount", kind: "money" },
      ],
      "Odd",
    );
    await writer.write(["2030-02-30", "not a time", null]);
    // Before Excel's first day (1900-03-01): no serial date shows it.
    await writer.write(["1899-12-31", "1900-01-01T12:00:00.000Z", 12.5]);
    await writer.write(["2030-02-28", "2030-02-28T17:00:00.000Z", 0]);
    await writer.close();
    const [sheet] = readXlsx(await readFile(file));
    expect(sheet?.rows[1]?.slice(0, 2)).toEqual([
      { type: "str", value: "2030-02-30", format: "General" },
      { type: "str", value: "not a time", format: "General" },
    ]);
    expect(sheet?.cells.has("C2")).toBe(false);
    expect(sheet?.rows[2]).toEqual([
      { type: "str", value: "1899-12-31", format: "General" },
      { type: "str", value: "1900-01-01T12:00:00.000Z", format: "General" },
      { type: "n", value: 12.5, format: "#,##0.00" },
    ]);
    expect(sheet?.rows[3]?.map((c) => c?.format)).toEqual([
      "yyyy-mm-dd",
      "yyyy-mm-dd hh:mm:ss",
      "#,##0.00",
    ]);
    expect(shown(sheet?.rows[3]?.[1] as XlsxCell)).toBe("2030-02-28 12:00:00");
  });

  it("reads the Eastern offset on both sides of a change of the clocks", async () => {
    const file = path.join(dir, "dst.xlsx");
    const writer = xlsxWriter(file, [{ header: "At", kind: "timestamp" }], "DST");
    // New York springs forward at 07:00 UTC on 2030-03-10 and falls back at 06:00 UTC on 2030-11-03.
    for (const at of [
      "2030-03-10T06:59:59.000Z",
      "2030-03-10T07:00:00.000Z",
      "2030-11-03T05:59:59.000Z",
      "2030-11-03T06:00:00.000Z",
    ]) {
      await writer.write([at]);
    }
    await writer.close();
    const [sheet] = readXlsx(await readFile(file));
    expect(sheet?.rows.slice(1).map((r) => shown(r[0] as XlsxCell))).toEqual([
      "2030-03-10 01:59:59",
      "2030-03-10 03:00:00",
      "2030-11-03 01:59:59",
      "2030-11-03 01:00:00",
    ]);
  });
});
