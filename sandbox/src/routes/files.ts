/**
 * /files/…: the sandbox's documents behind signed, expiring URLs (documents/links.ts), in every
 * mode. The signature is the authorisation: no bearer, so a browser tab can open the link. A
 * missing, altered or expired signature is a 403 page; a valid link to something gone is a 404.
 * Every file is `Cache-Control: private, no-store` with a Content-Disposition naming it.
 */
import { Hono, type Context } from "hono";
import { forbiddenPage, html, page, type PageResponse } from "../account/html";
import {
  asciiFileName,
  findAttachment,
  isPdfName,
  renderAttachmentText,
} from "../documents/pdf/attachment";
import { drawPdf } from "../documents/pdf/drawer";
import { loadInvoiceDocument } from "../documents/pdf/invoice";
import { loadReceiptDocument, receiptFileName } from "../documents/pdf/receipt";
import { loadStatementDocument } from "../documents/pdf/statement";
import { findExportDownload, streamExportDownload } from "../documents/exports/downloads";
import { exportFileOnDisk } from "../documents/exports/jobs";
import { CONTENT_TYPES } from "../documents/exports/writers";
import { checkFileUrl } from "../documents/links";
import { findDocumentZip, streamDocumentZip, zipCount } from "../documents/zips";
import type { SandboxEnv } from "../env";
import { easternDate } from "../lists/business-day";
import { sendFile, sendStream, sendText } from "../respond";
import { pageLinks } from "./v1/account-context";

/** `inline` opens in the browser's viewer (PDFs); `attachment` saves. ASCII name plus RFC 6266's UTF-8 one. */
function disposition(kind: "inline" | "attachment", name: string): string {
  return `${kind}; filename="${asciiFileName(name)}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const FILE_HEADERS = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };

const answerPage = (c: Context, p: PageResponse) =>
  sendText(c, p.status, p.html, p.headers["Content-Type"] ?? "text/html; charset=utf-8", p.headers);

const gone = (c: Context, what: string) =>
  answerPage(
    c,
    page(
      404,
      "Not found",
      html`<h1>Not found</h1>
        <p class="alert" role="alert">This ${what} no longer exists.</p>`,
    ),
  );

export const fileRoutes = new Hono<SandboxEnv>();

// Every /files/ path is signed: checked before any route looks at the database.
fileRoutes.use("*", async (c, next) => {
  const { app } = c.var;
  const check = checkFileUrl(pageLinks(c, app).key, new URL(c.req.url), app.now());
  if (check !== "valid") return answerPage(c, forbiddenPage(check));
  await next();
});

// GET /files/invoices/:file (INV-000123.pdf) – the invoice PDF, generated and streamed
fileRoutes.get("/invoices/:file{.+\\.pdf}", async (c) => {
  const { app } = c.var;
  const id = c.req.param("file").replace(/\.pdf$/, "");
  const invoice = await loadInvoiceDocument(app.db, id);
  if (!invoice) return gone(c, "invoice");
  return sendStream(c, drawPdf({ kind: "invoice", doc: invoice, now: app.now() }), {
    "Content-Type": "application/pdf",
    "Content-Disposition": disposition("inline", `${invoice.id}.pdf`),
    ...FILE_HEADERS,
  });
});

// GET /files/statements/:file (ST-000123.pdf) – the statement PDF of one period
fileRoutes.get("/statements/:file{.+\\.pdf}", async (c) => {
  const { app } = c.var;
  const id = c.req.param("file").replace(/\.pdf$/, "");
  const statement = await loadStatementDocument(app.db, id);
  if (!statement) return gone(c, "statement");
  return sendStream(c, drawPdf({ kind: "statement", doc: statement, now: app.now() }), {
    "Content-Type": "application/pdf",
    "Content-Disposition": disposition("inline", `${statement.id}.pdf`),
    ...FILE_HEADERS,
  });
});

// GET /files/receipts/:file (PAY-000123.pdf) – the receipt PDF of one payment
fileRoutes.get("/receipts/:file{.+\\.pdf}", async (c) => {
  const { app } = c.var;
  const id = c.req.param("file").replace(/\.pdf$/, "");
  const receipt = await loadReceiptDocument(app.db, id);
  if (!receipt) return gone(c, "payment");
  return sendStream(c, drawPdf({ kind: "receipt", doc: receipt, now: app.now() }), {
    "Content-Type": "application/pdf",
    "Content-Disposition": disposition("inline", receiptFileName(receipt.id)),
    ...FILE_HEADERS,
  });
});

// GET /files/attachments/:customerId/:attachmentId – a file_upload value's (generated) file
fileRoutes.get("/attachments/:customerId/:attachmentId", async (c) => {
  const { app } = c.var;
  const found = await findAttachment(
    app.db,
    c.req.param("customerId"),
    c.req.param("attachmentId"),
  );
  if (!found) return gone(c, "attachment");
  const today = easternDate(app.now());
  const headers = {
    "Content-Disposition": disposition("attachment", found.fileName),
    ...FILE_HEADERS,
  };
  if (isPdfName(found.fileName)) {
    return sendStream(c, drawPdf({ kind: "attachment", doc: found, today }), {
      "Content-Type": "application/pdf",
      ...headers,
    });
  }
  return sendText(c, 200, renderAttachmentText(found, today), "text/plain; charset=utf-8", headers);
});

// GET /files/exports/live/:file (<id>.csv|xlsx) – an export written as it is read: no Content-Length
// (before /exports/:jobId/:filename, which the path also matches)
fileRoutes.get("/exports/live/:file", (c) => {
  const { app } = c.var;
  const download = findExportDownload(app, c.req.param("file"));
  if (!download) return gone(c, "export");
  const headers = {
    "Content-Type": CONTENT_TYPES[download.spec.format],
    "Content-Disposition": disposition("attachment", download.fileName),
    ...FILE_HEADERS,
  };
  // HEAD writes nothing: a body nobody reads would hold the export open.
  if (c.req.method === "HEAD") return c.body(null, 200, headers);
  return sendStream(c, streamExportDownload(app, download), headers);
});

// GET /files/exports/:jobId/:filename – an export file e-mailed to its user
fileRoutes.get("/exports/:jobId/:filename", async (c) => {
  const file = exportFileOnDisk(c.req.param("jobId"), c.req.param("filename"));
  if (!file) return gone(c, "file");
  try {
    return await sendFile(c, file.path, CONTENT_TYPES[file.format], {
      "Content-Disposition": disposition("attachment", c.req.param("filename")),
      ...FILE_HEADERS,
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return gone(c, "file");
    throw err;
  }
});

// GET /files/zips/:file (dz_….zip) – chosen documents' PDFs as one zip, built as it is sent: no
// Content-Length; X-Document-Count tells the entries to come (a progress bar counts them)
fileRoutes.get("/zips/:file{.+\\.zip}", async (c) => {
  const { app } = c.var;
  const zip = await findDocumentZip(app.db, c.req.param("file").replace(/\.zip$/, ""));
  if (!zip) return gone(c, "download");
  const headers = {
    "Content-Type": "application/zip",
    "Content-Disposition": disposition("attachment", zip.file_name),
    "X-Document-Count": String(zipCount(zip)),
    ...FILE_HEADERS,
  };
  // HEAD draws nothing: a body nobody reads would hold the zip open.
  if (c.req.method === "HEAD") return c.body(null, 200, headers);
  return sendStream(c, streamDocumentZip(app.db, zip, app.now()), headers);
});
