/**
 * Attachments: the values of `file_upload` custom fields (`{ attachment_id, file_name }`). The
 * sandbox keeps no uploaded bytes, so the file is generated: a one-page PDF for a `.pdf` name, a
 * short text file otherwise, saying what the attachment belongs to.
 */
import type { Queryable } from "../../db";
import { MODULE_DEFINITIONS, MODULES, type ListModule } from "../../lists/modules";
import { formatDay } from "../display";
import type { PdfFonts } from "./fonts";
import { DocumentPen } from "./layout";

export type Attachment = {
  attachmentId: string;
  fileName: string;
  module: ListModule;
  rowId: string;
  fieldLabel: string;
  customerName: string;
  companyName: string;
};

type FileField = { module: string; api_name: string; field_label: string };

/**
 * The customer's attachment with this id, or null. Only fields the portal displays count: a
 * hidden field's file is not the customer's to download.
 */
export async function findAttachment(
  db: Queryable,
  customerId: string,
  attachmentId: string,
): Promise<Attachment | null> {
  const [customer] = await db.query<{ company_id: string; name: string; company_name: string }>(
    `SELECT c.company_id, c.name, co.name AS company_name
       FROM customers c JOIN companies co ON co.id = c.company_id WHERE c.id = $1`,
    [customerId],
  );
  if (!customer) return null;
  const fields = await db.query<FileField>(
    `SELECT module, api_name, field_label FROM custom_field_definitions
      WHERE company_id = $1 AND field_type = 'file_upload' AND display_in_cp
      ORDER BY module, position`,
    [customer.company_id],
  );
  for (const field of fields) {
    const list = MODULES.find((m) => m === field.module);
    if (!list) continue;
    const [row] = await db.query<{ id: string; file_name: unknown }>(
      `SELECT id, custom_fields -> $2::text ->> 'file_name' AS file_name
         FROM ${MODULE_DEFINITIONS[list].table}
        WHERE customer_id = $1 AND custom_fields -> $2::text ->> 'attachment_id' = $3
        LIMIT 1`,
      [customerId, field.api_name, attachmentId],
    );
    if (row) {
      return {
        attachmentId,
        fileName: typeof row.file_name === "string" && row.file_name ? row.file_name : attachmentId,
        module: list,
        rowId: row.id,
        fieldLabel: field.field_label,
        customerName: customer.name,
        companyName: customer.company_name,
      };
    }
  }
  return null;
}

/** `file.pdf` → a PDF; anything else → plain text. */
export const isPdfName = (fileName: string) => /\.pdf$/i.test(fileName);

/** A download name safe inside a quoted Content-Disposition (ASCII, no quotes or separators). */
export function asciiFileName(name: string): string {
  const cleaned = name.normalize("NFKD").replace(/[^\w.-]+/g, "_");
  return cleaned.replace(/^[._]+/, "").slice(0, 120) || "file";
}

function describe(a: Attachment, today: string): string[] {
  return [
    `${a.fieldLabel}: ${a.fileName}`,
    `Attached to ${a.module.replace(/s$/, "")} ${a.rowId} of ${a.customerName} (${a.companyName}).`,
    `Attachment id ${a.attachmentId}.`,
    `The billing API sandbox keeps no uploaded files; this stand-in was generated on ${formatDay(today)}.`,
  ];
}

/** The generated PDF of an attachment. */
export function renderAttachmentPdf(
  a: Attachment,
  today: string,
  fonts?: PdfFonts,
): PDFKit.PDFDocument {
  const pen = new DocumentPen(a.fileName, a.companyName, fonts);
  pen.heading(a.companyName, a.fileName, a.fieldLabel);
  for (const line of describe(a, today)) pen.text(line).gap(0.3);
  return pen.end("Billing API sandbox.");
}

/** The generated text file of an attachment. */
export function renderAttachmentText(a: Attachment, today: string): string {
  return `${describe(a, today).join("\n")}\n`;
}
