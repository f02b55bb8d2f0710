/**
 * Exports downloaded now (POST /v1/exports/download_url, docs/CONTRACT.md §5 "Documents in bulk
 * and exports downloaded now"): the request is decoded and checked when the link is made, kept in
 * this process's memory under a random id for the link's hour, and each opening of the link writes
 * the file into the response as its rows are read: the job's own loop and writers (jobs.ts,
 * writers.ts) on a stream, with no job, no file on disk and no mail. Why memory and not a table:
 * docs/DECISIONS.md "Exports downloaded now (issue 32 §4)".
 */
import { randomBytes } from "node:crypto";
import { Transform, type Readable, type TransformCallback } from "node:stream";
import type { App } from "../../app";
import { easternDate } from "../../lists/business-day";
import { FILE_LINK_TTL_SECONDS, signFile, type FileLinks } from "../links";
import { exportFileName, exportQueue, writeExport } from "./jobs";
import type { ExportFormat, ExportSpec } from "./request";

/** A download link lives as long as a PDF's: the portal asks for it on the click that opens it. */
export const DOWNLOAD_LINK_TTL_SECONDS = FILE_LINK_TTL_SECONDS;

/** Requests kept per sandbox at most; past it the oldest is forgotten (its link then answers 404). */
const MAX_KEPT = 10_000;

/** A request kept for its link: what to write, under which name, signed for which origin. */
export type ExportDownload = {
  id: string;
  spec: ExportSpec;
  fileName: string;
  links: Omit<FileLinks, "now">;
  expiresAt: number;
};

const ID = /^[A-Za-z0-9_-]{22,64}$/;
const FILE = /^([^.]+)\.(csv|xlsx)$/;

/** The link's path: `/files/exports/live/<id>.<csv|xlsx>`. */
export const exportDownloadPath = (id: string, format: ExportFormat) =>
  `/files/exports/live/${id}.${format}`;

const kept = new WeakMap<App, Map<string, ExportDownload>>();
const running = new WeakMap<App, number>();

/** Downloads being written now (tests: a download whose client left must end). */
export const exportDownloadsRunning = (app: App): number => running.get(app) ?? 0;

function keptOf(app: App): Map<string, ExportDownload> {
  let map = kept.get(app);
  if (!map) {
    map = new Map();
    kept.set(app, map);
  }
  return map;
}

/**
 * Keeps a decoded request and answers its signed link (1 hour, on the caller's origin) and the
 * name the e-mailed file would have (`<list>-<YYYY-MM-DD>.<ext>`).
 */
export function createExportDownload(
  app: App,
  spec: ExportSpec,
  links: FileLinks,
): { download_url: string; file_name: string } {
  const map = keptOf(app);
  const now = app.now();
  // Insertion order is expiry order: the expired ones are at the front.
  for (const [id, download] of map) {
    if (download.expiresAt > now && map.size < MAX_KEPT) break;
    map.delete(id);
  }
  const id = randomBytes(18).toString("base64url");
  const fileName = exportFileName(spec.module, easternDate(now), spec.format);
  map.set(id, {
    id,
    spec,
    fileName,
    links: { origin: links.origin, key: links.key },
    expiresAt: now + DOWNLOAD_LINK_TTL_SECONDS * 1000,
  });
  const path = exportDownloadPath(id, spec.format);
  return {
    download_url: signFile(links, path, DOWNLOAD_LINK_TTL_SECONDS),
    file_name: fileName,
  };
}

/** The kept request behind `<id>.<ext>`, or null (unknown, forgotten, expired or another format). */
export function findExportDownload(app: App, file: string): ExportDownload | null {
  const match = FILE.exec(file);
  if (!match || !ID.test(match[1] ?? "")) return null;
  const map = keptOf(app);
  const download = map.get(match[1] ?? "");
  if (!download) return null;
  if (download.expiresAt <= app.now()) {
    map.delete(download.id);
    return null;
  }
  return download.spec.format === match[2] ? download : null;
}

/**
 * The file, written anew from the current rows into the stream answered: bytes leave as rows are
 * read, paced by the client (nothing on disk, at most the writers' buffers in memory). A failure
 * part-way destroys the stream, so the client sees a broken download rather than a short file; a
 * client that leaves stops the reading at the next write.
 */
export function streamExportDownload(app: App, download: ExportDownload): Readable {
  const out = new Coalesce();
  // The response's reader reports errors; this keeps a late one from being an uncaught event.
  out.on("error", () => undefined);
  const { limits } = exportQueue(app);
  const { module, format } = download.spec;
  running.set(app, exportDownloadsRunning(app) + 1);
  writeExport(app, download.spec, download.links, out, limits, () => undefined)
    .catch((err: unknown) => {
      if (CLIENT_GONE.has((err as NodeJS.ErrnoException).code ?? "")) return;
      const message = err instanceof Error ? err.message : String(err);
      console.error(`[sandbox] export download (${module}, ${format}) failed: ${message}`);
    })
    .finally(() => running.set(app, exportDownloadsRunning(app) - 1));
  return out;
}

/** Bytes held before they leave as one chunk (a CSV row is about 250). */
const CHUNK_BYTES = 64 * 1024;

/**
 * A pass-through that joins the writers' small chunks (csv-stringify pushes one per row) into
 * chunks of up to 64 KB for the response: a socket write and a chunk header per row cost more than
 * the row. What it holds leaves at the next turn of the event loop at the latest (the export
 * yields every 250 rows), so the first rows still leave at once.
 */
class Coalesce extends Transform {
  #held: Buffer[] = [];
  #size = 0;
  #scheduled = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.#held.push(chunk);
    this.#size += chunk.length;
    if (this.#size >= CHUNK_BYTES) this.#release();
    else if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(() => {
        this.#scheduled = false;
        this.#release();
      });
    }
    done();
  }

  override _flush(done: TransformCallback): void {
    this.#release();
    done();
  }

  #release(): void {
    if (this.#size === 0 || this.destroyed) return;
    const chunk = Buffer.concat(this.#held, this.#size);
    this.#held = [];
    this.#size = 0;
    this.push(chunk);
  }
}

/** How a download ends when its client leaves: not worth a line in the log. */
const CLIENT_GONE = new Set([
  "ABORT_ERR",
  "ERR_STREAM_PREMATURE_CLOSE",
  "ERR_STREAM_DESTROYED",
  "ECONNRESET",
  "EPIPE",
]);
