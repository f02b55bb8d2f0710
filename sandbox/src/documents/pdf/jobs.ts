/**
 * What the PDF drawer is asked to draw: the document's data, already loaded from the database,
 * so the drawing needs nothing but the data and the fonts (drawer.ts runs it on its own thread).
 */
import { renderAttachmentPdf, type Attachment } from "./attachment";
import { renderInvoicePdf, type InvoiceDocument } from "./invoice";
import { renderReceiptPdf, type ReceiptDocument } from "./receipt";
import { renderStatementPdf, type StatementDocument } from "./statement";

export type PdfJob =
  | { kind: "invoice"; doc: InvoiceDocument; now: number }
  | { kind: "statement"; doc: StatementDocument; now: number }
  | { kind: "receipt"; doc: ReceiptDocument; now: number }
  | { kind: "attachment"; doc: Attachment; today: string };

/** Draws the job's document; the returned stream gives the PDF's bytes. */
export function renderPdfJob(job: PdfJob): PDFKit.PDFDocument {
  switch (job.kind) {
    case "invoice":
      return renderInvoicePdf(job.doc, job.now);
    case "statement":
      return renderStatementPdf(job.doc, job.now);
    case "receipt":
      return renderReceiptPdf(job.doc, job.now);
    case "attachment":
      return renderAttachmentPdf(job.doc, job.today);
  }
}
