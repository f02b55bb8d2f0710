/** Links to the customer's documents: invoice PDFs and attachments (signed, expiring /files/ URLs). */
import { Hono } from "hono";
import { attachmentIdQuery, invoiceIdQuery } from "@billing-portal/contract/wire/lists";
import { findAttachment } from "../../documents/pdf/attachment";
import { customerHasInvoice } from "../../documents/pdf/invoice";
import { attachmentPath, fileLinks, invoicePdfUrl, signFile } from "../../documents/links";
import type { SandboxEnv } from "../../env";
import { notFound } from "../../http";
import { parse400 } from "../../lists/decode";
import { requireCustomer } from "../../middleware/auth";
import { envelope } from "../../respond";

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
