/**
 * Export files written row by row to disk, never held whole: CSV through csv-stringify (UTF-8 BOM
 * so Excel reads the accents; formula-like text neutralised with a leading apostrophe), XLSX through
 * exceljs's streaming WorkbookWriter (no shared strings; rows leave memory on commit). XLSX cells
 * are typed by their column's kind: business days as dates, timestamps as US Eastern date-times,
 * amounts as numbers with two decimals (docs/DECISIONS.md "XLSX cells are typed"). A sheet holds
 * at most 1,048,576 rows; longer exports continue on further sheets ("Invoices", "Invoices (2)",
 * ...), each with the header row, frozen, under an autofilter. A writer targets a path (the
 * e-mailed file) or a Writable (an export downloaded now, written into the response): the same
 * bytes either way, paced by the target's backpressure.
 */
import { createWriteStream } from "node:fs";
import { EventEmitter, once } from "node:events";
import type { Writable } from "node:stream";
import { finished } from "node:stream/promises";
import { stringify } from "csv-stringify";
import { easternOffset, utcDateOfDay } from "@billing-portal/contract/calendar/days";
import ExcelJS from "exceljs";
import type { Cell, CellKind } from "./columns";
import type { ExportFormat } from "./request";

/** Excel's row limit per worksheet (header included). */
export const XLSX_MAX_ROWS_PER_SHEET = 1_048_576;

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/**
 * A file being written: rows go in order; `close` finishes the file, `abort` stops without one (a
 * stream target is destroyed with `reason`, so its reader sees a failure, never a short file).
 */
export type ExportWriter = {
  write(cells: Cell[]): Promise<void>;
  close(): Promise<void>;
  abort(reason?: Error): Promise<void>;
};

/** Where a writer puts the file: a path on disk, or a stream such as an HTTP response's body. */
export type ExportTarget = string | Writable;

/** How long a stream target may take no bytes before the writer gives up (a stalled download). */
const TARGET_STALL_MS = 60_000;

/**
 * The output of a stream target, watched: `gone` rejects when it closes or fails before the file
 * was finished (the client went away), and `waitFor` races a wait against that and a stall, so no
 * write waits forever on a reader that left. A path target is watched by its own close() as before.
 */
export type Watched = { gone: Promise<never>; waitFor(ready: Promise<unknown>): Promise<void> };

export function watchTarget(out: Writable): Watched {
  const gone = new Promise<never>((_, reject) => {
    finished(out, { readable: false }).then(
      () => undefined,
      (err: unknown) => reject(err instanceof Error ? err : new Error(String(err))),
    );
  });
  // Observed by whichever wait races it; unobserved (the file finished first) it must not crash.
  gone.catch(() => undefined);
  return {
    gone,
    async waitFor(ready) {
      let timer: NodeJS.Timeout | undefined;
      const stalled = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("the download stalled")), TARGET_STALL_MS);
        timer.unref();
      });
      try {
        await Promise.race([ready, gone, stalled]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** A CSV file at `target` starting with the header row. */
export function csvWriter(target: ExportTarget, header: string[]): ExportWriter {
  const out = typeof target === "string" ? createWriteStream(target) : target;
  const watched = typeof target === "string" ? null : watchTarget(out);
  const csv = stringify({ bom: true, escape_formulas: true });
  csv.pipe(out);
  const outDone = finished(out, { readable: false });
  // Errors surface when close() awaits outDone; unobserved until then, they must not crash the process.
  outDone.catch(() => undefined);
  csv.on("error", () => undefined);
  csv.write(header);
  return {
    // Callers await each write: the stringifier's buffer stays within its high-water mark.
    async write(cells) {
      if (csv.write(cells)) return;
      if (watched) await watched.waitFor(once(csv, "drain"));
      else await once(csv, "drain");
    },
    async close() {
      csv.end();
      if (watched) await Promise.race([outDone, watched.gone]);
      else await outDone;
    },
    async abort(reason) {
      csv.destroy();
      if (watched) out.destroy(reason ?? new Error("the export stopped"));
      else out.destroy();
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
async function zipBacklogDrained(sheet: ExcelJS.Worksheet, gone?: Promise<never>): Promise<void> {
  const pipes = (sheet as unknown as { stream?: { pipes?: unknown } }).stream?.pipes;
  if (!Array.isArray(pipes)) return;
  for (const pipe of pipes) {
    const state = (pipe as StreamState)._writableState;
    if (!(pipe instanceof EventEmitter) || !state?.needDrain) continue;
    if ((state.length ?? 0) <= MAX_ZIP_BACKLOG_BYTES) continue;
    const stalled = new Promise<never>((_, reject) => {
      setTimeout(() => reject(new Error("the XLSX writer stalled")), ZIP_STALL_MS).unref();
    });
    await Promise.race([once(pipe, "drain"), stalled, ...(gone ? [gone] : [])]);
  }
}

/** Rows between two looks at the zip's backlog. */
const BACKLOG_CHECK_ROWS = 200;

/** The number formats of the XLSX cells by kind (Excel's codes, not the locale's: Excel localises them). */
export const XLSX_NUMBER_FORMATS = {
  date: "yyyy-mm-dd",
  timestamp: "yyyy-mm-dd hh:mm:ss",
  money: "#,##0.00",
  quantity: "#,##0.0000",
} as const satisfies Partial<Record<CellKind, string>>;

// One style object per kind, shared by every cell: exceljs remembers a style's id per object, so
// a shared one is looked up, not serialised again for each cell.
const STYLES: Record<CellKind, Partial<ExcelJS.Style>> = {
  text: {},
  number: {},
  date: { numFmt: XLSX_NUMBER_FORMATS.date },
  timestamp: { numFmt: XLSX_NUMBER_FORMATS.timestamp },
  money: { numFmt: XLSX_NUMBER_FORMATS.money },
  quantity: { numFmt: XLSX_NUMBER_FORMATS.quantity },
};

/** Column widths (characters) that show a whole value: narrower, Excel shows a date as ####. */
const MIN_WIDTHS: Record<CellKind, number> = {
  text: 10,
  number: 10,
  date: 12,
  timestamp: 20,
  money: 14,
  quantity: 14,
};
const MAX_HEADER_WIDTH = 40;

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
/** Excel's serial dates start in 1900 and count a 1900-02-29 that never was: earlier days stay text. */
const FIRST_EXCEL_DAY = "1900-03-01";
const FIRST_EXCEL_MS = Date.UTC(1900, 2, 1);

const HOUR_MS = 3_600_000;
// The Eastern offset by UTC hour: asking the time zone database was the dearest step of a row
// (15% of the writer's time), and New York's clocks have changed on whole UTC hours since 1883.
// Bounded: cleared when full.
const offsetsByHour = new Map<number, number>();
const MAX_CACHED_HOURS = 8192;

function cachedEasternOffset(ms: number): number {
  const hour = Math.floor(ms / HOUR_MS);
  let offset = offsetsByHour.get(hour);
  if (offset === undefined) {
    offset = easternOffset(hour * HOUR_MS);
    if (offsetsByHour.size >= MAX_CACHED_HOURS) offsetsByHour.clear();
    offsetsByHour.set(hour, offset);
  }
  return offset;
}

/**
 * A cell as the XLSX holds it. A day is its own calendar date; an instant is its US Eastern
 * wall-clock time (Excel's date-times have no zone), so its day is the one the portal shows and
 * the lists' date filters match. exceljs writes a Date's UTC fields as the serial date, hence the
 * offset. A value that is not what its column holds stays as the CSV writes it.
 */
function xlsxValue(kind: CellKind, cell: Cell): ExcelJS.CellValue {
  if (typeof cell !== "string") return cell;
  if (kind === "date" && isoDay.test(cell) && cell >= FIRST_EXCEL_DAY) {
    return utcDateOfDay(cell) ?? cell;
  }
  if (kind === "timestamp") {
    const ms = Date.parse(cell);
    const wallClock = Number.isNaN(ms) ? Number.NaN : ms + cachedEasternOffset(ms);
    if (wallClock >= FIRST_EXCEL_MS) return new Date(wallClock);
  }
  return cell;
}

/** A column of an XLSX export: its header and what its cells hold. */
export type XlsxColumn = { header: string; kind: CellKind };

/** A1-style letters of a 1-based column number. */
function columnLetters(n: number): string {
  let out = "";
  for (let left = n; left > 0; left = Math.floor((left - 1) / 26)) {
    out = String.fromCharCode(65 + ((left - 1) % 26)) + out;
  }
  return out;
}

/** An XLSX file at `target`; `rowsPerSheet` (header included) is lowered only by tests. */
export function xlsxWriter(
  target: ExportTarget,
  columns: XlsxColumn[],
  sheetBase: string,
  rowsPerSheet = XLSX_MAX_ROWS_PER_SHEET,
): ExportWriter {
  // exceljs pipes its zip into `stream` (and ends it), or into a file it opens at `filename`.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    ...(typeof target === "string" ? { filename: target } : { stream: target }),
    useSharedStrings: false,
    useStyles: true,
  });
  const watched = typeof target === "string" ? null : watchTarget(target);
  let failure: Error | null = null;
  watched?.gone.catch((err: unknown) => {
    failure = err instanceof Error ? err : new Error(String(err));
  });
  const header = columns.map((c) => c.header);
  const styles = columns.map((c) => STYLES[c.kind]);
  const widths = columns.map((c) =>
    Math.max(MIN_WIDTHS[c.kind], Math.min(c.header.length + 4, MAX_HEADER_WIDTH)),
  );
  const lastColumn = columnLetters(Math.max(columns.length, 1));
  let sheets = 0;
  let sheet: ExcelJS.Worksheet | null = null;
  let rows = 0;
  // The autofilter spans the header and the sheet's rows; exceljs writes it when the sheet commits.
  const finishSheet = () => {
    if (!sheet) return;
    sheet.autoFilter = `A1:${lastColumn}${rows}`;
    sheet.commit();
  };
  const nextSheet = () => {
    finishSheet();
    sheets += 1;
    // The frozen header is part of the sheet's opening XML: it must be given here, not later.
    sheet = workbook.addWorksheet(sheetName(sheetBase, sheets), {
      views: [{ state: "frozen", ySplit: 1, activeCell: "A2" }],
    });
    sheet.columns = widths.map((width) => ({ width }));
    sheet.addRow(header).commit();
    rows = 1;
    return sheet;
  };
  let current = nextSheet();
  return {
    async write(cells) {
      // The download's reader left: stop before exceljs buffers rows nobody will read.
      if (failure) throw failure;
      if (rows >= rowsPerSheet) current = nextSheet();
      const values = cells.map((cell, i) => xlsxValue(columns[i]?.kind ?? "text", cell));
      const row = current.addRow(values);
      // Shared style objects for the row and its cells (see STYLES); text keeps no number format.
      // exceljs's typings omit the row's own `style`, which its row writer reads.
      (row as ExcelJS.Row & { style: Partial<ExcelJS.Style> }).style = STYLES.text;
      values.forEach((value, i) => {
        if (value === null) return;
        row.getCell(i + 1).style =
          typeof value === "string" ? STYLES.text : (styles[i] ?? STYLES.text);
      });
      row.commit();
      rows += 1;
      if (rows % BACKLOG_CHECK_ROWS === 0) await zipBacklogDrained(current, watched?.gone);
    },
    async close() {
      finishSheet();
      // The commit waits for the stream's "finish", which a reader that left never gives.
      if (watched) await Promise.race([workbook.commit(), watched.gone]);
      else await workbook.commit();
    },
    async abort(reason) {
      if (typeof target !== "string") {
        // Not committed: the reader must see a broken download, not a zip that looks whole.
        target.destroy(reason ?? new Error("the export stopped"));
        return;
      }
      // The writer has no cancel: finish it and let the caller delete the file.
      await workbook.commit().catch(() => undefined);
    },
  };
}
