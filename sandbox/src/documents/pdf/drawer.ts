/**
 * Draws PDFs on a worker thread of their own (drawer-thread.ts). pdfkit draws synchronously and
 * allocates a great deal: tens of milliseconds and megabytes of short-lived objects per invoice.
 * On the server's thread that blocked every other request while a zip of 500 invoices was drawn,
 * and grew its heap by more than 100 MB; on a thread with its own, capped heap, requests keep
 * flowing and memory stays within the cap whatever the count (docs/DECISIONS.md "PDFs drawn on a
 * thread of their own"; bench/documents-zip.ts). The thread starts with the first PDF and is
 * started again after a failure; one that runs out of its memory fails the documents it was
 * drawing, not the server.
 */
import { PassThrough, type Readable } from "node:stream";
import type { Worker } from "node:worker_threads";
import { startThread } from "../../threads/start";
import type { DrawReply, DrawRequest } from "./drawer-thread";
import type { PdfJob } from "./jobs";

/**
 * The thread's heap: room for the longest invoice the sandbox can bill (the bench's, with 100
 * usage lines over several pages, peaks near 30 MB) with space to spare.
 */
export const DRAWER_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 };

let thread: Worker | null = null;
let nextId = 1;
/** Documents in flight: where their bytes go, and the thread drawing them. */
const waiting = new Map<number, { out: PassThrough; worker: Worker }>();

/** Ends every document `worker` was drawing with `err` (the thread failed or was stopped). */
function failAll(worker: Worker, err: Error): void {
  for (const [id, job] of waiting) {
    if (job.worker !== worker) continue;
    waiting.delete(id);
    job.out.destroy(err);
  }
}

function onReply(reply: DrawReply): void {
  const out = waiting.get(reply.id)?.out;
  if (!out) return; // its reader went away
  if ("chunk" in reply) {
    out.write(Buffer.from(reply.chunk.buffer, reply.chunk.byteOffset, reply.chunk.byteLength));
  } else {
    waiting.delete(reply.id);
    if ("done" in reply) out.end();
    else out.destroy(new Error(`drawing the PDF failed: ${reply.error}`));
  }
}

function start(): Worker {
  const worker = startThread(new URL("./drawer-thread.ts", import.meta.url), null, DRAWER_LIMITS);
  worker.on("message", onReply);
  const lost = (err: Error) => {
    if (thread === worker) thread = null;
    failAll(worker, err);
  };
  worker.on("error", lost);
  worker.on("exit", (code) => lost(new Error(`the PDF drawer stopped (exit code ${code})`)));
  // Idle, the thread must not keep the process alive (tests, a stopped server).
  worker.unref();
  return worker;
}

/** The job's PDF as a stream, drawn on the drawer's thread. */
export function drawPdf(job: PdfJob): Readable {
  const out = new PassThrough();
  const id = nextId++;
  const worker = (thread ??= start());
  waiting.set(id, { out, worker });
  out.once("close", () => waiting.delete(id));
  worker.postMessage({ id, job } satisfies DrawRequest);
  return out;
}

/** Stops the thread (the server is closing); documents in flight end with an error. */
export async function stopDrawer(): Promise<void> {
  const worker = thread;
  thread = null;
  if (worker) await worker.terminate();
}
