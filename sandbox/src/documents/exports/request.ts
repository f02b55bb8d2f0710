/**
 * POST /v1/exports: the body (CONTRACT.md §5) decoded into what the job needs. The filters go
 * through the list decoder (parseFilterBody), the sort through the list's whitelist; anything
 * malformed is a 400 `validation` naming the field, before a job exists.
 */
import { EXPORT_FORMATS, type ExportFormat } from "@billing-portal/contract/enums";
import { exportBody } from "@billing-portal/contract/wire/lists";
import { z } from "zod";
import type { Queryable } from "../../db";
import type { Caller } from "../../lists/list";
import { effectiveSort, loadListFields } from "../../lists/list";
import {
  parse400,
  parseFilterBody,
  parseSortLine,
  type Filter,
  type Sort,
} from "../../lists/decode";
import type { ListFields } from "../../lists/fields";
import type { ListModule } from "../../lists/modules";
import { readObjectConfiguration } from "../../lists/object-config";
import { readTableConfiguration } from "../../lists/table-config";
import { documentLocale, type DocumentLocale } from "../display";
import { exportColumns, resolveExcluded, type ExportColumn } from "./columns";

export { EXPORT_FORMATS, type ExportFormat };

/**
 * The user's language as a language tag: one of the portal's ten locales, or the locale of its
 * language with a region or script ignored (es-MX → es, pt → pt-BR); a tag the portal does not
 * speak gets English, as the portal falls back to it. Only what is no language tag is a 400.
 */
const localeField = z
  .string({ error: 'must be a language tag such as "en" or "pt-BR"' })
  .max(35)
  .regex(/^[A-Za-z]{2,8}([-_][A-Za-z0-9]{1,8})*$/, {
    error: 'must be a language tag such as "en" or "pt-BR"',
  })
  .transform(documentLocale);

/** The body's fields; other form fields the portal sends along are ignored (spec 001 §3). */
export const exportBodySchema = exportBody.extend({ locale: localeField.optional() });

/** A decoded export request: which rows, in which order, which columns, which file. */
export type ExportSpec = {
  caller: Caller;
  module: ListModule;
  fields: ListFields;
  filters: Filter[];
  sort: Sort;
  columns: ExportColumn[];
  format: ExportFormat;
  locale: DocumentLocale;
};

/** Decodes and checks the body against the caller's list configuration (400 on anything wrong). */
export async function decodeExportRequest(
  db: Queryable,
  caller: Caller,
  body: unknown,
): Promise<ExportSpec> {
  const raw = parse400(exportBodySchema, body ?? {});
  const fields = await loadListFields(db, caller.companyId, raw.instance);
  const filters =
    raw.preference === "filtered_data" ? parseFilterBody(fields, raw.filter_options) : [];
  const excluded = resolveExcluded(fields, raw.excludedFields);
  const table = await readTableConfiguration(db, caller.userId, raw.instance);
  const requested = raw.sort ? parseSortLine(fields, raw.sort) : null;
  const configured = await readObjectConfiguration(db, caller.companyId, raw.instance);
  const locale = raw.locale ?? "en";
  return {
    caller,
    module: raw.instance,
    fields,
    filters,
    sort: effectiveSort(fields, requested, table.sorting),
    columns: exportColumns(
      fields,
      configured[fields.definition.objectKey]?.fields ?? [],
      table.column_order,
      excluded,
      locale,
    ),
    format: raw.format,
    locale,
  };
}
