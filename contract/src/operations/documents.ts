// Documents in bulk and exports downloaded at once (docs/CONTRACT.md §5). Optional: a billing API
// without them answers 404 and the portal offers neither (one PDF at a time, exports by e-mail).
import { defineOperation } from "../operation";
import { documentsZipBody, documentsZipDto, exportDownloadDto } from "../wire/documents";
import { exportBody } from "../wire/lists";

export const createDocumentsZipUrl = defineOperation({
  id: "createDocumentsZipUrl",
  method: "post",
  path: "/v1/documents/zip_url",
  tag: "documents",
  summary: "A signed link to one zip of the chosen invoices' and statements' PDFs, streamed",
  description:
    "Entries are named by document id (invoices/INV-….pdf, statements/STM-….pdf), the zip by company and date. At most 500 documents (400 too_many_documents); another customer's or an unknown id is a 404. The zip is built as it is sent: the first bytes leave at once, memory stays flat.",
  auth: "bearer",
  body: documentsZipBody,
  data: documentsZipDto,
  errors: [400, 401, 404, 422],
  optional: true,
});

export const createExportDownloadUrl = defineOperation({
  id: "createExportDownloadUrl",
  method: "post",
  path: "/v1/exports/download_url",
  tag: "documents",
  summary: "A signed link to the export of a list, written as it is downloaded",
  description:
    "The same body as POST /v1/exports; the file holds the same rows and columns as the e-mailed one, streamed when the link is opened (CSV or XLSX).",
  auth: "bearer",
  body: exportBody,
  data: exportDownloadDto,
  errors: [400, 401, 404, 413, 422],
  optional: true,
});
