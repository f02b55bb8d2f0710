import "server-only";
import { z, ZodError } from "zod";
import type { Locale } from "@/lib/i18n/locales";
import { wireColumnId } from "@/lib/lists/columns";
import { isBuiltInFieldName, type ListId } from "@/lib/lists/definitions";
import type { ListFilter } from "@/lib/lists/filters";
import { toFilterOptionsBody } from "@/lib/lists/filter-options";
import { toUpstreamQuery, type ListView, type UpstreamQueryOptions } from "@/lib/lists/params";
import type {
  AccountDetail,
  ExportRequest,
  FilterOption,
  LayoutChange,
  ListAnswer,
  SignedUrl,
} from "@/lib/schemas/lists";
import {
  reshapeAccountDetail,
  reshapeAttachmentUrl,
  reshapeFilterOptions,
  reshapeListAnswer,
  reshapePayNowUrl,
  reshapePdfUrl,
  upstreamColumnIds,
} from "./reshape";
import { billingBaseUrl, billingRequest } from "@/lib/billing/client";
import { parseDto } from "@/lib/billing/dto";
import { BillingApiError } from "@/lib/billing/errors";
import { streamBillingFile } from "@/lib/billing/files";

// The /v1 calls of the dashboard (docs/CONTRACT.md §5). Each takes the access token (and the
// browser's IP) from its caller, a BFF handler's `authed` or a page's prefetch, and hands back the
// app's own shapes (lib/schemas/lists.ts): the wire schemas (wire.ts) and reshapes (reshape.ts)
// stay inside this folder.

/** Who a call is made for: the session's access token and the browser's IP. */
export type Caller = { accessToken: string; clientIp?: string };

/** The origin whose URLs (signed PDFs, pay-now) the browser may open besides https ones. */
export function billingApiOrigin(): string {
  return new URL(billingBaseUrl()).origin;
}

/** An upstream answer of a shape we do not understand is the upstream's fault: 502, never a 500. */
function reshaped<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof ZodError)
      throw new BillingApiError(502, "upstream_malformed", "billing API answered an unknown shape");
    throw err;
  }
}

async function fetchListPage<L extends ListId>(
  caller: Caller,
  list: L,
  view: ListView,
  options: UpstreamQueryOptions,
): Promise<ListAnswer<L>> {
  const dto = await billingRequest<unknown>(`/v1/${list}`, {
    ...caller,
    query: toUpstreamQuery(list, view, options),
  });
  return reshaped(() =>
    reshapeListAnswer(list, dto, { apiOrigin: billingApiOrigin(), initial: options.initial }),
  );
}

/**
 * GET /v1/<module>: one page of a list, with its configuration when `initial`. Custom-field
 * filters can only be checked against the list's configuration; when a stale or hand-edited URL
 * carries one the upstream refuses (400), the configuration is read and the page asked again with
 * only the filters it allows, so such a URL falls back instead of failing.
 */
export async function requestListPage<L extends ListId>(
  caller: Caller,
  list: L,
  view: ListView,
  options: UpstreamQueryOptions,
): Promise<ListAnswer<L>> {
  try {
    return await fetchListPage(caller, list, view, options);
  } catch (err) {
    const hasCustomFilters = view.filters.some((f) => !isBuiltInFieldName(list, f.field));
    if (!(err instanceof BillingApiError) || err.status !== 400 || !hasCustomFilters) throw err;
    const bare = { ...view, pageIndex: 0, size: 5 as const, filters: [] };
    const { config } = await fetchListPage(caller, list, bare, {
      initial: true,
      withTotal: false,
    });
    return fetchListPage(caller, list, view, { ...options, customFields: config?.customFields });
  }
}

/** GET /v1/filter/fetch_instances: existing values of a field for the filter builder. */
export async function requestFilterOptions(
  caller: Caller,
  list: ListId,
  field: string,
  search: string,
): Promise<FilterOption[]> {
  const dto = await billingRequest<unknown>("/v1/filter/fetch_instances", {
    ...caller,
    query: {
      module_name: list,
      field: `${list}.${field}`,
      custom_search: search || undefined,
      cp_module: list,
    },
  });
  return reshaped(() => reshapeFilterOptions(list, field, dto));
}

const LAYOUT_CALLS = {
  widths: "/v1/column/save_column_width",
  order: "/v1/column/save_column_order",
  sort: "/v1/column/save_sorting",
} as const;

/** The list's column ids as the upstream knows them (its objectConfiguration). */
async function requestUpstreamColumnIds(caller: Caller, list: ListId): Promise<string[]> {
  const dto = await billingRequest<unknown>(`/v1/${list}`, {
    ...caller,
    query: { page: "1", size: "1", initial_req: "true", with_total: "false" },
  });
  return reshaped(() => upstreamColumnIds(list, dto));
}

/**
 * PUT /v1/column/save_column_width|save_column_order|save_sorting (the browser already shows the
 * change). Columns travel by the upstream's ids: widths of columns it does not know (portal-only
 * links) are left out, and an order is completed to the permutation of its columns it requires.
 */
export async function saveTableLayout(
  caller: Caller,
  list: ListId,
  change: LayoutChange,
): Promise<void> {
  const where = { module_name: "dashboard", sub_module_name: list, level_type: "user" };
  if (change.kind === "sort") {
    const sort_line = `${change.sort.column} ${change.sort.direction}`;
    await billingRequest<unknown>(LAYOUT_CALLS.sort, {
      ...caller,
      method: "PUT",
      body: { ...where, sort_line },
    });
    return;
  }
  const known = await requestUpstreamColumnIds(caller, list);
  const isKnown = (id: string) => known.length === 0 || known.includes(id);
  let body: Record<string, unknown>;
  if (change.kind === "widths") {
    const widths = Object.entries(change.widths)
      .map(([id, px]) => [wireColumnId(list, id), px] as const)
      .filter(([id]) => isKnown(id));
    if (widths.length === 0) return;
    body = { ...where, column_width: Object.fromEntries(widths) };
  } else {
    const order = change.order.map((id) => wireColumnId(list, id)).filter(isKnown);
    body = { ...where, column_order: [...order, ...known.filter((id) => !order.includes(id))] };
  }
  await billingRequest<unknown>(LAYOUT_CALLS[change.kind], { ...caller, method: "PUT", body });
}

/**
 * The upstream columns an export leaves out: the ones hidden in the table, and the ones the portal
 * never shows as columns (filter-only fields, a custom field named like a built-in one), so the
 * file has the table's columns and no others.
 */
async function exportExclusions(
  caller: Caller,
  list: ListId,
  hidden: readonly string[],
): Promise<string[]> {
  const dto = await billingRequest<unknown>(`/v1/${list}`, {
    ...caller,
    query: { page: "1", size: "1", initial_req: "true", with_total: "false" },
  });
  const { upstream, shown } = reshaped(() => ({
    upstream: upstreamColumnIds(list, dto),
    shown: (
      reshapeListAnswer(list, dto, { apiOrigin: billingApiOrigin(), initial: true }).config
        ?.columns ?? []
    ).map((c) => wireColumnId(list, c.id)),
  }));
  const excluded = new Set(hidden.map((id) => wireColumnId(list, id)));
  for (const id of upstream) if (!shown.includes(id)) excluded.add(id);
  // Only columns the upstream knows: it refuses unknown ones (portal-only links are not in files).
  return upstream.length > 0 ? [...excluded].filter((id) => upstream.includes(id)) : [...excluded];
}

/**
 * POST /v1/exports: queues the export; the file arrives by e-mail. `locale` is the user's, any of
 * the portal's ten, sent as is: the file's headers, Yes/No, sheet name and mail are in it.
 */
/** The body of POST /v1/exports and /v1/exports/download_url for the table's view. */
async function exportBodyOf(
  caller: Caller,
  list: ListId,
  request: ExportRequest,
  filters: readonly ListFilter[],
  locale: Locale,
) {
  const excludedFields = await exportExclusions(caller, list, request.excludedColumns);
  return {
    instance: list,
    preference: request.preference,
    format: request.format,
    excludedFields,
    filter_options:
      request.preference === "filtered_data" ? toFilterOptionsBody(list, filters) : {},
    sort: request.sort ? `${request.sort.column} ${request.sort.direction}` : undefined,
    locale,
  };
}

export async function requestExport(
  caller: Caller,
  list: ListId,
  request: ExportRequest,
  filters: readonly ListFilter[],
  locale: Locale,
): Promise<void> {
  await billingRequest<unknown>("/v1/exports", {
    ...caller,
    method: "POST",
    body: await exportBodyOf(caller, list, request, filters, locale),
  });
}

const downloadDto = z.object({
  download_url: z.string().max(4096),
  file_name: z.string().max(200),
});

/** POST /v1/exports/download_url, then the file itself, passed through as it is written. */
export async function streamExportDownload(
  caller: Caller,
  list: ListId,
  request: ExportRequest,
  filters: readonly ListFilter[],
  locale: Locale,
): Promise<Response> {
  const data = await billingRequest<unknown>("/v1/exports/download_url", {
    ...caller,
    method: "POST",
    body: await exportBodyOf(caller, list, request, filters, locale),
  });
  const link = parseDto(downloadDto, data, "export link");
  return streamBillingFile(link.download_url, link.file_name);
}

/** GET /v1/customers/account_detail: the balance banner's figures. */
export async function requestAccountDetail(caller: Caller): Promise<AccountDetail> {
  const dto = await billingRequest<unknown>("/v1/customers/account_detail", caller);
  return reshaped(() => reshapeAccountDetail(dto, { apiOrigin: billingApiOrigin() }));
}

/** GET /v1/payments/getPayNowUrl, with `cp_request=true` added as spec 000 §7 says. */
export async function requestPayNowUrl(caller: Caller): Promise<SignedUrl> {
  const dto = await billingRequest<unknown>("/v1/payments/getPayNowUrl", caller);
  const { url } = reshaped(() => reshapePayNowUrl(dto, { apiOrigin: billingApiOrigin() }));
  if (!url) return { url: null };
  const withFlag = new URL(url);
  withFlag.searchParams.set("cp_request", "true");
  return { url: withFlag.toString() };
}

/** GET /v1/invoices/getPdfUrl?invoice_id= */
export async function requestInvoicePdfUrl(caller: Caller, invoiceId: string): Promise<SignedUrl> {
  const dto = await billingRequest<unknown>("/v1/invoices/getPdfUrl", {
    ...caller,
    query: { invoice_id: invoiceId },
  });
  return reshaped(() => reshapePdfUrl(dto, { apiOrigin: billingApiOrigin() }));
}

/** GET /v1/download/download_attachments?attachment_id= */
export async function requestAttachmentUrl(
  caller: Caller,
  attachmentId: string,
): Promise<SignedUrl> {
  const dto = await billingRequest<unknown>("/v1/download/download_attachments", {
    ...caller,
    query: { attachment_id: attachmentId },
  });
  return reshaped(() => reshapeAttachmentUrl(dto, { apiOrigin: billingApiOrigin() }));
}
