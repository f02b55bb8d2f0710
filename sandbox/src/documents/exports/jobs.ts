/**
 * Export jobs: queued by POST /v1/exports, run one at a time in the sandbox's own process after the
 * answer is sent, each reading its rows in keyset batches (batches.ts) into a file in the temp
 * folder (writers.ts), then e-mailing it to the user with a signed download link. A failed job
 * mails a short failure note. Job states live in memory (GET /__sandbox/exports/:jobId); the
 * files outlive a restart until their links expire.
 */
import { randomUUID } from "node:crypto";
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { App } from "../../app";
import { easternDate } from "../../lists/business-day";
import type { ListModule } from "../../lists/modules";
import { sendMail } from "../../store/mail";
import { EXPORT_LINK_TTL_SECONDS, exportFilePath, signFile, statementPdfUrl } from "../links";
import type { FileLinks } from "../links";
import { exportBatches, DEFAULT_BATCH_SIZE } from "./batches";
import { EXPORT_WORDS } from "./headers";
import type { ExportFormat, ExportSpec } from "./request";
import { CONTENT_TYPES, csvWriter, XLSX_MAX_ROWS_PER_SHEET, type ExportTarget } from "./writers";
import { xlsxWriterOnThread } from "./xlsx-on-thread";

export type ExportStatus = "queued" | "running" | "done" | "failed";

/** What GET /__sandbox/exports/:jobId answers. */
export type ExportJobState = {
  jobId: string;
  status: ExportStatus;
  instance: string;
  format: ExportFormat;
  rowsWritten: number;
  filename: string | null;
  size: number | null;
  error: string | null;
};

/** Tunables; tests lower them to exercise batching and sheet splits on small data. */
export type ExportLimits = { batchSize: number; rowsPerSheet: number };

/** Who gets the file, and the origin and key its link is signed with. */
export type ExportDelivery = { email: string; links: Omit<FileLinks, "now"> };

/** Where export files are written: `<tmp>/billing-sandbox-exports/<jobId>.<format>`. */
export const EXPORT_DIR = path.join(tmpdir(), "billing-sandbox-exports");

const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const FILE_NAME = /^[a-z]+-\d{4}-\d{2}-\d{2}\.(csv|xlsx)$/;

/**
 * The name a file is mailed and downloaded as: `<list id>-<YYYY-MM-DD>.<ext>`, such as
 * `invoices-2030-01-15.csv`. ASCII in every locale: the list's id, never its translated name, so
 * no mail client or browser has a name to re-encode, and FILE_NAME above matches every name.
 */
export function exportFileName(module: ListModule, day: string, format: ExportFormat): string {
  return `${module}-${day}.${format}`;
}

/** The file on disk behind `/files/exports/<jobId>/<filename>`, or null for a name no job writes. */
export function exportFileOnDisk(
  jobId: string,
  filename: string,
): { path: string; format: ExportFormat } | null {
  const match = FILE_NAME.exec(filename);
  if (!JOB_ID.test(jobId) || !match) return null;
  const format = match[1] as ExportFormat;
  return { path: path.join(EXPORT_DIR, `${jobId}.${format}`), format };
}

class ExportQueue {
  readonly jobs = new Map<string, ExportJobState>();
  limits: ExportLimits = { batchSize: DEFAULT_BATCH_SIZE, rowsPerSheet: XLSX_MAX_ROWS_PER_SHEET };
  #tail: Promise<void> = Promise.resolve();

  constructor(private readonly app: App) {}

  enqueue(spec: ExportSpec, delivery: ExportDelivery): ExportJobState {
    const job: ExportJobState = {
      jobId: randomUUID(),
      status: "queued",
      instance: spec.module,
      format: spec.format,
      rowsWritten: 0,
      filename: null,
      size: null,
      error: null,
    };
    this.jobs.set(job.jobId, job);
    // One job at a time: exports share the database with live requests and each holds a file open.
    this.#tail = this.#tail.then(() => this.#run(job, spec, delivery));
    return job;
  }

  async #run(job: ExportJobState, spec: ExportSpec, delivery: ExportDelivery): Promise<void> {
    const { app } = this;
    const words = EXPORT_WORDS[spec.locale];
    const listName = words.names[spec.module];
    job.status = "running";
    const filename = exportFileName(spec.module, easternDate(app.now()), spec.format);
    const file = path.join(EXPORT_DIR, `${job.jobId}.${spec.format}`);
    try {
      await mkdir(EXPORT_DIR, { recursive: true });
      await sweepExpiredFiles();
      await writeExport(app, spec, delivery.links, file, this.limits, (n) => {
        job.rowsWritten = n;
      });
      const { size } = await stat(file);
      const url = signFile(
        { ...delivery.links, now: app.now() },
        exportFilePath(job.jobId, filename),
        EXPORT_LINK_TTL_SECONDS,
      );
      await sendMail(app.db, app.now(), {
        to: delivery.email,
        companyId: spec.caller.companyId,
        subject: words.subject(listName),
        text: words.ready(
          listName,
          job.rowsWritten,
          filename,
          url,
          EXPORT_LINK_TTL_SECONDS / 86_400,
        ),
        attachments: [{ filename, contentType: CONTENT_TYPES[spec.format], size, url }],
      });
      Object.assign(job, { status: "done", filename, size });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      console.error(`[sandbox] export ${job.jobId} (${spec.module}) failed: ${message}`);
      await rm(file, { force: true }).catch(() => undefined);
      await sendMail(app.db, app.now(), {
        to: delivery.email,
        companyId: spec.caller.companyId,
        subject: words.failedSubject(listName),
        text: words.failed(listName),
      }).catch((mailErr: unknown) => {
        console.error(
          `[sandbox] export ${job.jobId}: the failure mail failed too: ${String(mailErr)}`,
        );
      });
      // Marked last, so whoever sees "failed" also finds the note in the mailbox.
      Object.assign(job, { status: "failed", error: message });
    }
  }
}

/** Rows written between two turns of the event loop. */
const YIELD_EVERY_ROWS = 250;

/**
 * One turn of the event loop. PGlite answers without real I/O, so a job that only awaited its
 * queries would run in one macrotask: no request served and no file bytes flushed until the end.
 */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Reads the rows batch by batch and writes them to `target` (a job's file, or a download's
 * response: downloads.ts); `progress` gets the running row count.
 */
export async function writeExport(
  app: App,
  spec: ExportSpec,
  links: ExportDelivery["links"],
  target: ExportTarget,
  limits: ExportLimits,
  progress: (rows: number) => void,
): Promise<void> {
  const header = spec.columns.map((c) => c.header);
  const writer =
    spec.format === "csv"
      ? csvWriter(target, header)
      : xlsxWriterOnThread(
          target,
          spec.columns,
          EXPORT_WORDS[spec.locale].tabs[spec.module],
          limits.rowsPerSheet,
        );
  let rows = 0;
  try {
    const batches = exportBatches(
      app.db,
      spec.caller,
      spec.fields,
      spec.filters,
      spec.sort,
      {
        today: easternDate(app.now()),
        statementUrl: (id) => statementPdfUrl({ ...links, now: app.now() }, id),
      },
      limits.batchSize,
    );
    for await (const batch of batches) {
      await yieldToRequests();
      for (const row of batch) {
        await writer.write(spec.columns.map((c) => c.cell(row)));
        rows += 1;
        if (rows % YIELD_EVERY_ROWS === 0) await yieldToRequests();
      }
      progress(rows);
      await yieldToRequests();
    }
  } catch (err) {
    await writer.abort(err instanceof Error ? err : new Error(String(err)));
    throw err;
  }
  await writer.close();
}

/** Deletes export files whose links have expired (by the file's age on the host's clock). */
async function sweepExpiredFiles(): Promise<void> {
  const cutoff = Date.now() - EXPORT_LINK_TTL_SECONDS * 1000;
  for (const name of await readdir(EXPORT_DIR).catch(() => [])) {
    const file = path.join(EXPORT_DIR, name);
    const info = await stat(file).catch(() => null);
    if (info && info.mtimeMs < cutoff) await rm(file, { force: true }).catch(() => undefined);
  }
}

const queues = new WeakMap<App, ExportQueue>();

/** The export queue of one sandbox. */
export function exportQueue(app: App): ExportQueue {
  let queue = queues.get(app);
  if (!queue) {
    queue = new ExportQueue(app);
    queues.set(app, queue);
  }
  return queue;
}
