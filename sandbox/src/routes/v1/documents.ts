/**
 * Links to the customer's documents: invoice PDFs, attachments and zips of chosen documents
 * (signed, expiring /files/ URLs).
 */
import { Hono } from "hono";
import { documentsZipBody } from "@billing-portal/contract/wire/documents";
import { attachmentIdQuery, invoiceIdQuery } from "@billing-portal/contract/wire/lists";
import { jsonBody, readJsonBody } from "../../body";
import { findAttachment } from "../../documents/pdf/attachment";
import { customerHasInvoice } from "../../documents/pdf/invoice";
import { attachmentPath, fileLinks, invoicePdfUrl, signFile } from "../../documents/links";
import { createDocumentZip, refuseTooManyDocuments, zipCount, zipPath } from "../../documents/zips";
import type { SandboxEnv } from "../../env";
import { notFound } from "../../http";
import { parse400 } from "../../lists/decode";
import { requireCustomer } from "../../middleware/auth";
import { requireOperation } from "../../store/companies";
import { envelope } from "../../respond";
import { accountScope } from "./account-context";

const invoiceQuery = invoiceIdQuery;
const attachmentQuery = attachmentIdQuery;

export const documentRoutes = new Hono<SandboxEnv>();

// GET /v1/invoices/getPdfUrl?invoice_id= – { pdf_url } of one of the customer's invoices; else 404
documentRoutes.get("/invoices/getPdfUrl", requireCustomer, async (c) => {
  const { app } = c.var;
  const invoiceId = String(parse400(invoiceQuery, c.req.query()).invoice_id);
  if (!(await customerHasInvoice(app.db, c.var.customerId, invoiceId))) {
    throw notFound("No such invoice");
  }
  return envelope(c, { pdf_url: invoicePdfUrl(fileLinks(c, app), invoiceId) });
});

// GET /v1/download/download_attachments?attachment_id= – { success, url } of a file_upload value of the customer's rows
documentRoutes.get("/download/download_attachments", requireCustomer, async (c) => {
  const { app } = c.var;
  const attachmentId = String(parse400(attachmentQuery, c.req.query()).attachment_id);
  const found = await findAttachment(app.db, c.var.customerId, attachmentId);
  if (!found) throw notFound("No such attachment");
  const url = signFile(fileLinks(c, app), attachmentPath(c.var.customerId, attachmentId));
  return envelope(c, { success: true, url });
});

// POST /v1/documents/zip_url {invoice_ids?, statement_ids?} – {zip_url, file_name, count}: the
// customer's documents as one zip, signed (1 hour); > 500 → 400, none → 422, not theirs → 404
documentRoutes.post("/documents/zip_url", requireCustomer, async (c) => {
  const { app } = c.var;
  await requireOperation(app.db, accountScope(c).companyId, "document_zips");
  refuseTooManyDocuments(await readJsonBody(c));
  const body = await jsonBody(c, documentsZipBody);
  const now = app.now();
  const zip = await app.db.transaction((tx) => createDocumentZip(tx, accountScope(c), body, now));
  return envelope(c, {
    zip_url: signFile(fileLinks(c, app), zipPath(zip.id)),
    file_name: zip.file_name,
    count: zipCount(zip),
  });
});
