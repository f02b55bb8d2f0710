// Documents in bulk and exports downloaded at once (docs/CONTRACT.md §5 "Documents in bulk",
// "Exports downloaded now"): signed links to files the billing API streams as it builds them.
import { z } from "zod";
import { MAX_ZIP_DOCUMENTS } from "../enums";
import { wireId } from "./envelope";
import { named } from "./named";

export { MAX_ZIP_DOCUMENTS };

const ids = (what: string) =>
  z
    .array(wireId)
    .max(MAX_ZIP_DOCUMENTS, { error: `must name at most ${MAX_ZIP_DOCUMENTS} ${what}` })
    .optional();

export const documentsZipBody = z
  .strictObject({
    invoice_ids: ids("invoices").meta({ description: "The customer's invoices, by id" }),
    statement_ids: ids("statements").meta({ description: "The customer's statements, by id" }),
  })
  .refine((b) => (b.invoice_ids?.length ?? 0) + (b.statement_ids?.length ?? 0) > 0, {
    error: "name at least one invoice or statement",
  });
export type DocumentsZipBody = z.output<typeof documentsZipBody>;

export const documentsZipDto = named(
  "DocumentsZip",
  z.looseObject({
    zip_url: z.string().max(4096).meta({ description: "Signed, 1 hour: the zip, streamed" }),
    file_name: z.string().max(200),
    count: z.int().min(1).max(MAX_ZIP_DOCUMENTS),
  }),
);
export type DocumentsZipDto = z.output<typeof documentsZipDto>;

export const exportDownloadDto = named(
  "ExportDownload",
  z.looseObject({
    download_url: z.string().max(4096).meta({ description: "Signed, 1 hour: the file, streamed" }),
    file_name: z.string().max(200),
  }),
);
export type ExportDownloadDto = z.output<typeof exportDownloadDto>;
