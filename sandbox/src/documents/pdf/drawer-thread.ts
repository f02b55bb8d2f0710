/**
 * The PDF drawer's thread (started by drawer.ts): draws one job at a time and posts its bytes
 * back as they come, then `done`, or `error` with a message.
 */
import { parentPort } from "node:worker_threads";
import { renderPdfJob, type PdfJob } from "./jobs";

export type DrawRequest = { id: number; job: PdfJob };
export type DrawReply =
  { id: number; chunk: Uint8Array } | { id: number; done: true } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error("drawer-thread.ts runs as a worker thread (see drawer.ts)");

const post = (reply: DrawReply, transfer: ArrayBuffer[] = []) => port.postMessage(reply, transfer);

/** Draws one job to its end, posting each chunk (moved, not copied). */
async function draw({ id, job }: DrawRequest): Promise<void> {
  try {
    for await (const chunk of renderPdfJob(job) as AsyncIterable<Buffer>) {
      // A pooled Buffer shares its ArrayBuffer with others: copy it into one of its own to move.
      const own = new Uint8Array(chunk);
      post({ id, chunk: own }, [own.buffer as ArrayBuffer]);
    }
    post({ id, done: true });
  } catch (err) {
    post({ id, error: err instanceof Error ? err.message : String(err) });
  }
}

// One document at a time: what a thread holds is one document's drawing, whatever the queue.
let queue = Promise.resolve();
port.on("message", (request: DrawRequest) => {
  queue = queue.then(() => draw(request));
});
