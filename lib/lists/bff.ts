// The browser's calls for the dashboard's lists (through the BFF, never /v1). The BFF validated and
// reshaped the upstream's answers (lib/billing/lists), so its answers are read as the app types
// they are: no schema is parsed here, and no zod reaches the browser through this module.
import { apiFetch } from "@/lib/api-client";
import type {
  AccountDetail,
  ExportRequest,
  FilterOption,
  FilterOptionsAnswer,
  LayoutChange,
  ListAnswer,
  ListId,
  SignedUrl,
} from "@/lib/schemas/lists";
import { serializeListView, type ListView } from "./params";
import type { ListPageFlags } from "./queries";

/** The BFF query string of a view (the page's own URL parameters), plus the request's flags. */
function viewQuery(list: ListId, view: ListView, flags: Record<string, string> = {}): string {
  const params = new URLSearchParams(serializeListView(list, view));
  params.delete("tab");
  for (const [key, value] of Object.entries(flags)) params.set(key, value);
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** GET /api/lists/:list: one page, with the list's configuration when `initial`, its count unless `withTotal` is false. */
export async function fetchListPage<L extends ListId>(
  list: L,
  view: ListView,
  options: ListPageFlags,
): Promise<ListAnswer<L>> {
  const flags: Record<string, string> = {};
  if (options.initial) flags.initial = "1";
  if (!options.withTotal) flags.total = "0";
  return apiFetch<ListAnswer<L>>(`/api/lists/${list}${viewQuery(list, view, flags)}`);
}

/** GET /api/lists/:list/options: existing values of a field. */
export async function fetchFilterOptions(
  list: ListId,
  field: string,
  search: string,
): Promise<FilterOption[]> {
  const params = new URLSearchParams({ field, search });
  const data = await apiFetch<FilterOptionsAnswer>(
    `/api/lists/${list}/options?${params.toString()}`,
  );
  return data.options;
}

/** PUT /api/lists/:list/layout */
export async function saveLayout(list: ListId, change: LayoutChange): Promise<void> {
  await apiFetch(`/api/lists/${list}/layout`, { method: "PUT", body: change });
}

/** POST /api/lists/:list/exports: the view's filters travel in the query, as in the page's URL. */
export async function startExport(
  list: ListId,
  view: ListView,
  request: ExportRequest,
): Promise<void> {
  await apiFetch(`/api/lists/${list}/exports${viewQuery(list, view)}`, {
    method: "POST",
    body: request,
  });
}

/** POST /api/lists/:list/exports/download?<view>: the route that streams the export now. */
export const exportDownloadPath = (list: ListId, view: ListView): `/api/${string}` =>
  `/api/lists/${list}/exports/download${viewQuery(list, view)}`;

/** GET /api/account/detail */
export async function fetchAccountDetail(): Promise<AccountDetail> {
  return apiFetch<AccountDetail>("/api/account/detail");
}

/** GET /api/pay-now */
export async function fetchPayNowUrl(): Promise<SignedUrl> {
  return apiFetch<SignedUrl>("/api/pay-now");
}

/** GET /api/invoices/:id/pdf */
export async function fetchInvoicePdfUrl(invoiceId: string): Promise<SignedUrl> {
  return apiFetch<SignedUrl>(`/api/invoices/${encodeURIComponent(invoiceId)}/pdf`);
}

/** GET /api/attachments/:id */
export async function fetchAttachmentUrl(attachmentId: string): Promise<SignedUrl> {
  return apiFetch<SignedUrl>(`/api/attachments/${encodeURIComponent(attachmentId)}`);
}
