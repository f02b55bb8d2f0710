/**
 * An XLSX export written on a thread of its own (xlsx-thread.ts) while this thread reads the rows:
 * on two cores, reading a million rows from the database and writing them as XLSX (XML, deflate)
 * overlap instead of taking turns (bench/README.md "exports downloaded now"). The same writer
 * writes the same bytes; rows cross in batches, at most two batches ahead of the thread, and a
 * download's reader paces them as before (its backpressure, a reader that left, a stall).
 */
import { once } from "node:events";
import { finished } from "node:stream/promises";
import { startThread } from "../../threads/start";
import type { Cell } from "./columns";
import {
  watchTarget,
  XLSX_MAX_ROWS_PER_SHEET,
  type ExportTarget,
  type ExportWriter,
  type XlsxColumn,
} from "./writers";
import type { XlsxThreadArgs, XlsxThreadReply, XlsxThreadRequest } from "./xlsx-thread";

// Up to 1,000 rows read ahead of the thread: enough that neither side waits for the other's
// hiccups (two batches of 250 left the reader waiting 18 s of a 62 s download), few enough that
// a download still starts before its rows are all read.
const ROWS_PER_MESSAGE = 250;
const BATCHES_AHEAD = 4;
/** The thread's heap: exceljs keeps a committed row only until it is written out. */
const XLSX_THREAD_LIMITS = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 32 };

/** As `xlsxWriter`, written on a thread of its own. */
export function xlsxWriterOnThread(
  target: ExportTarget,
  columns: XlsxColumn[],
  sheetBase: string,
  rowsPerSheet = XLSX_MAX_ROWS_PER_SHEET,
): ExportWriter {
  const stream = typeof target === "string" ? null : target;
  const watched = stream ? watchTarget(stream) : null;
  // Only what crosses to the thread: a column's header and kind (an export column also carries
  // the function reading its cell, which stays here).
  const args: XlsxThreadArgs = {
    path: stream ? null : (target as string),
    columns: columns.map(({ header, kind }) => ({ header, kind })),
    sheetBase,
    rowsPerSheet,
  };
  const thread = startThread(
    new URL("./xlsx-thread.ts", import.meta.url),
    args,
    XLSX_THREAD_LIMITS,
  );
  let failure: Error | null = null;
  let ahead = 0;
  let closed = false;
  let batch: Cell[][] = [];
  // The one wait in progress (writes and close are awaited in turn), woken by any reply.
  let wake: (() => void) | null = null;
  const signal = () => {
    const resume = wake;
    wake = null;
    resume?.();
  };
  const fail = (err: Error) => {
    failure ??= err;
    signal();
  };
  const until = async (ready: () => boolean) => {
    while (!failure && !ready()) await new Promise<void>((resolve) => (wake = resolve));
    if (failure) throw failure;
  };
  const send = (request: XlsxThreadRequest) => thread.postMessage(request);

  thread.on("message", (reply: XlsxThreadReply) => {
    if ("chunk" in reply) {
      stream?.write(
        Buffer.from(reply.chunk.buffer, reply.chunk.byteOffset, reply.chunk.byteLength),
      );
      return;
    }
    if ("ack" in reply) ahead -= 1;
    else if ("closed" in reply) closed = true;
    else fail(new Error(`writing the XLSX failed: ${reply.error}`));
    signal();
  });
  thread.on("error", fail);
  thread.on("exit", (code) => {
    if (!closed) fail(new Error(`the XLSX thread stopped (exit code ${code})`));
  });
  watched?.gone.catch((err: unknown) => fail(err instanceof Error ? err : new Error(String(err))));

  const flush = async () => {
    if (batch.length === 0) return;
    send({ rows: batch });
    batch = [];
    ahead += 1;
    await until(() => ahead < BATCHES_AHEAD);
    if (stream?.writableNeedDrain && watched) await watched.waitFor(once(stream, "drain"));
  };

  return {
    async write(cells) {
      if (failure) throw failure;
      batch.push(cells);
      if (batch.length >= ROWS_PER_MESSAGE) await flush();
    },
    async close() {
      await flush();
      send({ close: true });
      await until(() => closed);
      await thread.terminate();
      if (stream && watched) {
        stream.end();
        await Promise.race([finished(stream, { readable: false }), watched.gone]);
      }
    },
    async abort(reason) {
      failure ??= reason ?? new Error("the export stopped");
      await thread.terminate();
      // Not finished: the reader must see a broken download, not a zip that looks whole.
      stream?.destroy(reason ?? new Error("the export stopped"));
    },
  };
}
