/**
 * Export files written row by row to disk, never held whole: CSV through csv-stringify (UTF-8 BOM
 * so Excel reads the accents; formula-like text neutralised with a leading apostrophe), XLSX through
 * exceljs's streaming WorkbookWriter (no shared strings, no styles: rows leave memory on commit).
 * A sheet holds at most 1,048,576 rows; longer exports continue on further sheets, each with the
 * header row ("Invoices", "Invoices (2)", ...).
 */
import { createWriteStream } from "node:fs";
import { EventEmitter, once } from "node:events";
import { finished } from "node:stream/promises";
import { stringify } from "csv-stringify";
import ExcelJS from "exceljs";
import type { Cell } from "./columns";
import type { ExportFormat } from "./request";

/** Excel's row limit per worksheet (header included). */
export const XLSX_MAX_ROWS_PER_SHEET = 1_048_576;

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** A file being written: rows go in order; `close` finishes the file, `abort` stops without one. */
export type ExportWriter = {
  write(cells: Cell[]): Promise<void>;
  close(): Promise<void>;
  abort(): Promise<void>;
};

/** A CSV file at `path` starting with the header row. */
export function csvWriter(path: string, header: string[]): ExportWriter {
  const out = createWriteStream(path);
  const csv = stringify({ bom: true, escape_formulas: true });
  csv.pipe(out);
  const outDone = finished(out);
  // Errors surface when close() awaits outDone; unobserved until then, they must not crash the process.
  outDone.catch(() => undefined);
  csv.on("error", () => undefined);
  csv.write(header);
  return {
    // Callers await each write: the stringifier's buffer stays within its high-water mark.
    async write(cells) {
      if (!csv.write(cells)) await once(csv, "drain");
    },
    async close() {
      csv.end();
      await outDone;
    },
    async abort() {
      csv.destroy();
      out.destroy();
      await outDone.catch(() => undefined);
    },
  };
}

// Sheet names: at most 31 characters, none of : \ / ? * [ ].
const sheetName = (base: string, n: number) => {
  const clean = base.replace(/[:\\/?*[\]]/g, " ").slice(0, 24);
  return n === 1 ? clean : `${clean} (${n})`;
};

/** A sheet's XML waiting for the zip compressor beyond which writing pauses. */
const MAX_ZIP_BACKLOG_BYTES = 1 << 20;
const ZIP_STALL_MS = 60_000;

type StreamState = { _writableState?: { length?: number; needDrain?: boolean } };

/**
 * exceljs writes each sheet's XML into the zip's input (a readable-stream PassThrough) ignoring
 * backpressure, so rows produced faster than deflate compresses them pile up in memory (the
 * export's memory growth is a budget of `npm run bench`, bench/README.md). This waits for that
 * input to drain once it holds more than 1 MB. It reads exceljs's and readable-stream's internals;
 * if they change shape, it waits for nothing.
 */
async function zipBacklogDrained(sheet: ExcelJS.Worksheet): Promise<void> {
  const pipes = (sheet as unknown as { stream?: { pipes?: unknown } }).stream?.pipes;
  if (!Array.isArray(pipes)) return;
  for (const pipe of pipes) {
    const state = (pipe as StreamState)._writableState;
    if (!(pipe instanceof EventEmitter) || !state?.needDrain) continue;
    if ((state.length ?? 0) <= MAX_ZIP_BACKLOG_BYTES) continue;
    const stalled = new Promise<never>((_, reject) => {
      setTimeout(() => reject(new Error("the XLSX writer stalled")), ZIP_STALL_MS).unref();
    });
    await Promise.race([once(pipe, "drain"), stalled]);
  }
}

/** Rows between two looks at the zip's backlog. */
const BACKLOG_CHECK_ROWS = 200;

/** An XLSX file at `path`; `rowsPerSheet` (header included) is lowered only by tests. */
export function xlsxWriter(
  path: string,
  header: string[],
  sheetBase: string,
  rowsPerSheet = XLSX_MAX_ROWS_PER_SHEET,
): ExportWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: path,
    useSharedStrings: false,
    useStyles: false,
  });
  let sheets = 0;
  let sheet: ExcelJS.Worksheet | null = null;
  let rows = 0;
  const nextSheet = () => {
    sheet?.commit();
    sheets += 1;
    sheet = workbook.addWorksheet(sheetName(sheetBase, sheets));
    sheet.addRow(header).commit();
    rows = 1;
    return sheet;
  };
  let current = nextSheet();
  return {
    async write(cells) {
      if (rows >= rowsPerSheet) current = nextSheet();
      current.addRow(cells).commit();
      rows += 1;
      if (rows % BACKLOG_CHECK_ROWS === 0) await zipBacklogDrained(current);
    },
    async close() {
      current.commit();
      await workbook.commit();
    },
    async abort() {
      // The writer has no cancel: finish it and let the caller delete the file.
      await workbook.commit().catch(() => undefined);
    },
  };
}
