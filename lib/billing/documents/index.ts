import "server-only";
import { z } from "zod";
import { billingRequest } from "@/lib/billing/client";
import { parseDto } from "@/lib/billing/dto";
import { BillingApiError } from "@/lib/billing/errors";
import { streamBillingFile } from "@/lib/billing/files";
import type { Caller } from "@/lib/billing/lists";
import { readAllRows } from "@/lib/billing/lists/read-all";
import { parseFiltersParam } from "@/lib/lists/params";
import { MAX_ZIP_DOCUMENTS, type ZipBody } from "@/lib/schemas/documents-forms";

// Documents in bulk (docs/CONTRACT.md §5): the chosen invoices' or statements' PDFs as one zip,
// streamed from the billing API through the BFF (same origin, so the browser shows progress).

const zipDto = z.object({
  zip_url: z.string().max(4096),
  file_name: z.string().max(200),
  count: z.number().int().min(1),
});

/** The ids a selection names: the rows ticked, or every row matching the filters but those unticked. */
async function idsOf(caller: Caller, { list, selection }: ZipBody): Promise<string[]> {
  if (selection.kind === "ids") return [...new Set(selection.ids)];
  const excluded = new Set(selection.excluded);
  const rows = await readAllRows(
    caller,
    list,
    parseFiltersParam(list, selection.filters),
    MAX_ZIP_DOCUMENTS + 1 + excluded.size,
  );
  return rows.map((r) => r.id).filter((id) => !excluded.has(id));
}

/** POST /v1/documents/zip_url, then the zip itself, passed through as it streams. */
export async function streamDocumentsZip(caller: Caller, body: ZipBody): Promise<Response> {
  const ids = await idsOf(caller, body);
  if (ids.length === 0) throw new BillingApiError(400, "nothing_to_download", "nothing chosen");
  if (ids.length > MAX_ZIP_DOCUMENTS)
    throw new BillingApiError(
      400,
      "too_many_documents",
      `One download holds at most ${MAX_ZIP_DOCUMENTS} documents`,
    );
  const data = await billingRequest<unknown>("/v1/documents/zip_url", {
    ...caller,
    method: "POST",
    body: body.list === "invoices" ? { invoice_ids: ids } : { statement_ids: ids },
  });
  const zip = parseDto(zipDto, data, "zip link");
  return streamBillingFile(zip.zip_url, zip.file_name, { "X-Document-Count": String(zip.count) });
}
