import "server-only";
import { displayStatus } from "@/lib/format/status";
import { appColumnId, buildColumns } from "@/lib/lists/columns";
import { sortableColumns } from "@/lib/lists/definitions";
import { customFieldFilterType, isFilterableCustomField } from "@/lib/lists/filters";
import { safeUpstreamUrl } from "@/lib/safe-url";
import type {
  AccountDetail,
  CustomField,
  CustomFieldValue,
  FilterOption,
  ListAnswer,
  ListColumn,
  ListId,
  ListRowMap,
  SignedUrl,
  Sort,
  TableConfig,
} from "@/lib/schemas/lists";
import {
  accountDetailDto,
  attachmentUrlDto,
  instancesDto,
  listAnswerDto,
  pdfUrlDto,
  payNowDto,
  type CustomFieldDto,
  type TableConfigurationDto,
} from "./wire";

// The lists' reshapes (docs/CONTRACT.md §5): a /v1 answer, validated with its wire schema, into
// the app's own shape (lib/schemas/lists.ts). Each throws a ZodError on a shape it does not
// understand; the calls in index.ts turn that into a 502.

const WIDTH_MIN = 40;
const WIDTH_MAX = 1000;

function reshapeCustomField(list: ListId, dto: CustomFieldDto): CustomField {
  const apiName = dto.api_name;
  const fieldType = dto.field_type.toLowerCase();
  const label = dto.field_label ?? apiName;
  const filterable = isFilterableCustomField(list, { apiName, label, fieldType });
  return {
    id: dto.id,
    apiName,
    label,
    fieldType,
    required: dto.required ?? false,
    defaultValue: dto.default_value ?? null,
    dataType: dto.options?.data_type ?? null,
    filterType: filterable ? customFieldFilterType(fieldType) : null,
    filterable,
  };
}

/** The upstream's own column ids of a list (its objectConfiguration): what its column saves accept. */
export function upstreamColumnIds(list: ListId, dto: unknown): string[] {
  return (listAnswerDto(list).parse(dto).objectFields ?? []).map((f) => f.id);
}

function reshapeTableConfig(
  list: ListId,
  dto: TableConfigurationDto,
  columns: readonly ListColumn[],
): TableConfig {
  const known = new Set(columns.map((c) => c.id));
  const widths: Record<string, number> = {};
  for (const [wireId, px] of Object.entries(dto?.column_width ?? {})) {
    const id = appColumnId(wireId);
    if (known.has(id)) widths[id] = Math.min(WIDTH_MAX, Math.max(WIDTH_MIN, Math.round(px)));
  }
  const order = [...new Set((dto?.column_order ?? []).map(appColumnId))].filter((id) =>
    known.has(id),
  );
  return { widths, order, sort: parseSavedSort(list, dto?.sorting ?? null) };
}

/** A saved sort line (`column dir`, possibly several joined by commas) as the list's first valid sort, else null. */
export function parseSavedSort(list: ListId, line: string | null): Sort | null {
  const first = line?.split(",")[0]?.trim().split(/\s+/) ?? [];
  const [column = "", direction = ""] = first;
  if (!sortableColumns(list).includes(column)) return null;
  return direction === "asc" || direction === "desc" ? { column, direction } : null;
}

/**
 * GET /v1/<module> `data` → the app's page: rows (custom field values of fields not shown in the
 * portal dropped, URLs kept only when safe), total and, when it was asked for (`initial`,
 * initial_req) or the answer carries it, the list's configuration: the portal's custom fields,
 * columns and the saved table layout.
 * Throws a ZodError on a shape it does not understand.
 */
export function reshapeListAnswer<L extends ListId>(
  list: L,
  dto: unknown,
  { apiOrigin, initial = false }: { apiOrigin: string; initial?: boolean },
): ListAnswer<L> {
  const d = listAnswerDto(list).parse(dto);
  const customFields = d.customFields
    .filter((f) => f.display_in_cp === true)
    .map((f) => reshapeCustomField(list, f));
  const shown = new Set(customFields.map((f) => f.apiName));
  const rows = d.rows.map((row) => {
    const out: Record<string, unknown> = { ...row, customFields: {} };
    const values: Record<string, CustomFieldValue> = {};
    for (const [name, value] of Object.entries(row.customFields))
      if (shown.has(name)) values[name] = value;
    out.customFields = values;
    if ("url" in row) out.url = safeUpstreamUrl(row.url, apiOrigin);
    if ("pdfUrl" in row) out.pdfUrl = safeUpstreamUrl(row.pdfUrl, apiOrigin);
    return out as ListRowMap[L];
  });
  // Asked for (initial) or carried: a first page always brings a configuration, the list's
  // defaults when the upstream has none, so the browser does not ask for it again.
  const hasConfiguration = initial || d.tableConfiguration !== null || d.objectFields !== null;
  if (!hasConfiguration) return { rows, total: d.total, config: null };
  const columns = buildColumns(list, d.objectFields, customFields);
  return {
    rows,
    total: d.total,
    config: {
      customFields,
      columns,
      tableConfig: reshapeTableConfig(list, d.tableConfiguration, columns),
    },
  };
}

/**
 * GET /v1/filter/fetch_instances `data` → options. Status values are lower-cased and the invoice
 * status 'posted' is offered as 'unpaid' (the encoder sends it back as 'posted').
 */
export function reshapeFilterOptions(
  list: ListId,
  fieldName: string,
  dto: unknown,
): FilterOption[] {
  const results = instancesDto.parse(dto).resultData.results;
  if (fieldName !== "status") return results;
  const seen = new Set<string>();
  const out: FilterOption[] = [];
  for (const r of results) {
    const value = displayStatus(list, r.value.toLowerCase());
    if (seen.has(value)) continue;
    seen.add(value);
    out.push({ label: value, value });
  }
  return out;
}

/** GET /v1/customers/account_detail `data` → AccountDetail (the PDF URL kept only when safe). */
export function reshapeAccountDetail(
  dto: unknown,
  { apiOrigin }: { apiOrigin: string },
): AccountDetail {
  const a = accountDetailDto.parse(dto).customerAccountDetails;
  return {
    balance: a.balance,
    paymentDate: a.payment_date,
    invoicePaidAmount: a.inv_paid_amount,
    invoiceCurrency: a.invoice_currency,
    invoicePdfUrl: safeUpstreamUrl(a.invoice_pdf_url, apiOrigin),
    paymentAmount: a.payment_amount,
    paymentCurrency: a.payment_currency,
    customerCurrency: a.customer_currency,
    paymentGatewayEnabled: a.paymentGatewayEnabled ?? false,
    lastPaidInvoice: a.last_paid_invoice,
  };
}

/** GET /v1/payments/getPayNowUrl `data` → the pay-now link. */
export function reshapePayNowUrl(dto: unknown, { apiOrigin }: { apiOrigin: string }): SignedUrl {
  return { url: safeUpstreamUrl(payNowDto.parse(dto).payNowUrl, apiOrigin) };
}

/** GET /v1/invoices/getPdfUrl `data` → the invoice PDF link. */
export function reshapePdfUrl(dto: unknown, { apiOrigin }: { apiOrigin: string }): SignedUrl {
  return { url: safeUpstreamUrl(pdfUrlDto.parse(dto).pdf_url, apiOrigin) };
}

/** GET /v1/download/download_attachments `data` → the attachment link. */
export function reshapeAttachmentUrl(
  dto: unknown,
  { apiOrigin }: { apiOrigin: string },
): SignedUrl {
  return { url: safeUpstreamUrl(attachmentUrlDto.parse(dto).url, apiOrigin) };
}
