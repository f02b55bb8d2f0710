/**
 * The thread of one XLSX export (xlsx-on-thread.ts): writes the rows it is sent with the XLSX
 * writer, into the file at `path` or, without one, back to the sender as chunks; acknowledges
 * each batch once written, and says `closed` when the file is whole.
 */
import { Writable } from "node:stream";
import { parentPort, workerData } from "node:worker_threads";
import type { Cell } from "./columns";
import { xlsxWriter, type XlsxColumn } from "./writers";

export type XlsxThreadArgs = {
  /** The file to write; null: the bytes go back to the sender. */
  path: string | null;
  columns: XlsxColumn[];
  sheetBase: string;
  rowsPerSheet?: number;
};

export type XlsxThreadRequest = { rows: Cell[][] } | { close: true };
export type XlsxThreadReply =
  { chunk: Uint8Array } | { ack: true } | { closed: true } | { error: string };

const port = parentPort;
if (!port) throw new Error("xlsx-thread.ts runs as a worker thread (see xlsx-on-thread.ts)");
const { path, columns, sheetBase, rowsPerSheet } = (workerData as { args: XlsxThreadArgs }).args;

const post = (reply: XlsxThreadReply, transfer: ArrayBuffer[] = []) =>
  port.postMessage(reply, transfer);

// Bytes are moved to the sender as they come; it paces the rows by its own reader.
const back = new Writable({
  write(chunk: Buffer, _encoding, done) {
    const own = new Uint8Array(chunk);
    post({ chunk: own }, [own.buffer as ArrayBuffer]);
    done();
  },
});
const writer = xlsxWriter(path ?? back, columns, sheetBase, rowsPerSheet);

async function handle(request: XlsxThreadRequest): Promise<void> {
  if ("rows" in request) {
    for (const cells of request.rows) await writer.write(cells);
    post({ ack: true });
  } else {
    await writer.close();
    post({ closed: true });
  }
}

let queue = Promise.resolve();
port.on("message", (request: XlsxThreadRequest) => {
  queue = queue
    .then(() => handle(request))
    .catch((err: unknown) => post({ error: err instanceof Error ? err.message : String(err) }));
});
