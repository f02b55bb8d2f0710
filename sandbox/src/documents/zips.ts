/**
 * Zips of chosen documents (POST /v1/documents/zip_url, docs/CONTRACT.md §5 "Documents in bulk"):
 * the set is checked and kept server-side (migration 012) behind a random id, and its signed link
 * streams one zip built as it is sent. Entries are the PDFs the single-document links serve,
 * STORED (PDFs are compressed already), one at a time: the next PDF is drawn only when the last one
 * has left, so memory stays flat whatever the count (docs/DECISIONS.md "Zips of documents").
 */
import { randomBytes } from "node:crypto";
import { PassThrough, type Readable } from "node:stream";
import archiver from "archiver";
import { MAX_ZIP_DOCUMENTS, type DocumentsZipBody } from "@billing-portal/contract/wire/documents";
import type { AccountScope } from "../account/scope";
import type { Queryable } from "../db";
import { ApiError, notFound } from "../http";
import { easternDate } from "../lists/business-day";
import { drawPdf } from "./pdf/drawer";
import { loadInvoiceDocument } from "./pdf/invoice";
import type { PdfJob } from "./pdf/jobs";
import { loadStatementDocument } from "./pdf/statement";

/** Sets older than this are deleted when a new one is made: their links expired long before. */
export const ZIP_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** A stored set: the customer's documents, in the order they were named, and the zip's name. */
export type DocumentZip = {
  id: string;
  customer_id: string;
  invoice_ids: string[];
  statement_ids: string[];
  file_name: string;
};

/** Where a zip is downloaded (signed before use). */
export const zipPath = (zipId: string) => `/files/zips/${encodeURIComponent(zipId)}.zip`;

const newZipId = () => `dz_${randomBytes(18).toString("base64url")}`;

/** How many entries a set makes. */
export const zipCount = (zip: Pick<DocumentZip, "invoice_ids" | "statement_ids">) =>
  zip.invoice_ids.length + zip.statement_ids.length;

/**
 * 400 `too_many_documents` when a body names more than the limit, counted before the schema (whose
 * own per-list limit would answer 422): the portal asks for at most that many and says so.
 */
export function refuseTooManyDocuments(raw: unknown): void {
  if (typeof raw !== "object" || raw === null) return;
  const { invoice_ids: invoices, statement_ids: statements } = raw as Record<string, unknown>;
  const length = (v: unknown) => (Array.isArray(v) ? v.length : 0);
  const total = length(invoices) + length(statements);
  if (total > MAX_ZIP_DOCUMENTS)
    throw new ApiError(
      400,
      "too_many_documents",
      `One zip holds at most ${MAX_ZIP_DOCUMENTS} documents; ${total} were named`,
    );
}

// Letters NFKD does not take apart into ASCII and a mark.
const LATIN: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  đ: "d",
  ł: "l",
  þ: "th",
};

/** A name in ASCII, lower case, words joined by dashes ("Zoë & Café GmbH" → "zoe-cafe-gmbh"). */
export function fileSlug(name: string): string {
  return name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[ßæœøđłþ]/g, (ch) => LATIN[ch] ?? "-")
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 60)
    .replace(/^-+|-+$/g, "");
}

/** `<company>-documents-<YYYY-MM-DD>.zip`; a company with no ASCII letter in its name goes by its id. */
export function zipFileName(companyName: string, companyId: string, today: string): string {
  const company = fileSlug(companyName) || fileSlug(companyId) || "company";
  return `${company}-documents-${today}.zip`;
}

/** The ids in order, each once. */
const unique = (ids: readonly string[] | undefined) => [...new Set(ids ?? [])];

/** 404 naming the first id that is not one of the customer's rows of `table`. */
async function requireOwn(
  q: Queryable,
  table: "invoices" | "statements",
  customerId: string,
  ids: string[],
): Promise<void> {
  if (ids.length === 0) return;
  const rows = await q.query<{ id: string }>(
    `SELECT id FROM ${table} WHERE customer_id = $1 AND id = ANY($2::text[])`,
    [customerId, ids],
  );
  const own = new Set(rows.map((r) => r.id));
  const missing = ids.find((id) => !own.has(id));
  if (missing !== undefined)
    throw notFound(`No such ${table === "invoices" ? "invoice" : "statement"}: ${missing}`);
}

/**
 * Checks that every document is the customer's (else 404 naming it) and keeps the set; answers
 * the stored set. Run in a transaction.
 */
export async function createDocumentZip(
  tx: Queryable,
  scope: AccountScope,
  body: DocumentsZipBody,
  now: number,
): Promise<DocumentZip> {
  const invoiceIds = unique(body.invoice_ids);
  const statementIds = unique(body.statement_ids);
  await requireOwn(tx, "invoices", scope.customerId, invoiceIds);
  await requireOwn(tx, "statements", scope.customerId, statementIds);
  const [company] = await tx.query<{ name: string }>("SELECT name FROM companies WHERE id = $1", [
    scope.companyId,
  ]);
  const zip: DocumentZip = {
    id: newZipId(),
    customer_id: scope.customerId,
    invoice_ids: invoiceIds,
    statement_ids: statementIds,
    file_name: zipFileName(company?.name ?? "", scope.companyId, easternDate(now)),
  };
  await tx.query("DELETE FROM document_zips WHERE created_at < $1", [
    new Date(now - ZIP_LIFETIME_MS),
  ]);
  await tx.query(
    `INSERT INTO document_zips (id, customer_id, invoice_ids, statement_ids, file_name, created_at)
     VALUES ($1, $2, $3::jsonb, $4::jsonb, $5, $6)`,
    [
      zip.id,
      zip.customer_id,
      JSON.stringify(zip.invoice_ids),
      JSON.stringify(zip.statement_ids),
      zip.file_name,
      new Date(now),
    ],
  );
  return zip;
}

/** A stored set by id, or null (unknown, pruned, or gone with a reset). */
export async function findDocumentZip(q: Queryable, zipId: string): Promise<DocumentZip | null> {
  const [zip] = await q.query<DocumentZip>(
    `SELECT id, customer_id, invoice_ids, statement_ids, file_name
       FROM document_zips WHERE id = $1`,
    [zipId],
  );
  return zip ?? null;
}

type Entry = { folder: "invoices" | "statements"; id: string };

/**
 * An entry's file name: the id, with anything but letters, digits, dot, dash and underscore
 * replaced (an id is the billing system's text: no "/" or ".." may reach a user's unzip), once.
 */
function entryNames(): (entry: Entry) => string {
  const used = new Set<string>();
  return ({ folder, id }) => {
    const base = `${folder}/${id.replace(/[^\w.-]/g, "_").replace(/^\./, "_")}`;
    let name = `${base}.pdf`;
    for (let n = 2; used.has(name); n += 1) name = `${base}-${n}.pdf`;
    used.add(name);
    return name;
  };
}

/**
 * The entry's PDF as its single-document link draws it; null when the document is no longer the
 * customer's.
 */
async function entryJob(
  db: Queryable,
  customerId: string,
  entry: Entry,
  now: number,
): Promise<PdfJob | null> {
  if (entry.folder === "invoices") {
    const doc = await loadInvoiceDocument(db, entry.id);
    return doc?.customer_id === customerId ? { kind: "invoice", doc, now } : null;
  }
  const doc = await loadStatementDocument(db, entry.id);
  return doc?.customer_id === customerId ? { kind: "statement", doc, now } : null;
}

/** Appends one streamed entry and waits until it has been written whole (or the zip has ended). */
function appendEntry(
  archive: archiver.Archiver,
  source: Readable,
  data: archiver.ZipEntryData,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (err?: unknown) => {
      archive.off("entry", onEntry);
      archive.off("close", onClose);
      archive.off("error", settle);
      if (err === undefined) return resolve();
      source.destroy();
      reject(err instanceof Error ? err : new Error(String(err)));
    };
    const onEntry = () => settle();
    const onClose = () => settle(new Error("the zip was closed before its end"));
    archive.on("entry", onEntry);
    archive.once("close", onClose);
    archive.once("error", settle);
    archive.append(source, data);
  });
}

/**
 * The set's zip as a stream, built as it is read: each PDF is loaded and drawn only after the
 * previous entry has been written, and the client's backpressure paces the drawing. A document
 * that is no longer the customer's is left out; a failure ends the stream with an error (the
 * download breaks rather than arriving short).
 */
export function streamDocumentZip(db: Queryable, zip: DocumentZip, now: number): Readable {
  const archive = archiver("zip", { store: true });
  const date = new Date(now);
  const nameOf = entryNames();
  const entries: Entry[] = [
    ...zip.invoice_ids.map((id) => ({ folder: "invoices" as const, id })),
    ...zip.statement_ids.map((id) => ({ folder: "statements" as const, id })),
  ];
  const build = async () => {
    for (const entry of entries) {
      if (archive.destroyed) return;
      const job = await entryJob(db, zip.customer_id, entry, now);
      if (!job) continue;
      const body = new PassThrough();
      const written = appendEntry(archive, body, { name: nameOf(entry), date, store: true });
      // Awaited below; a rejection while we wait must not count as unhandled meanwhile.
      written.catch(() => undefined);
      if (!body.destroyed) {
        const pdf = drawPdf(job);
        pdf.once("error", (err) => body.destroy(err));
        pdf.pipe(body);
      }
      await written;
    }
    await archive.finalize();
  };
  build().catch((err: unknown) => {
    // A client that went away already destroyed the stream: nothing is listening for errors then.
    if (!archive.destroyed) archive.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return archive;
}
