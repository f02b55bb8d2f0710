// POST /api/lists/:list/exports?<view> – e-mail the list (all rows, or the view's filters) as XLSX or CSV
import { requestExport } from "@/lib/billing/lists";
import { parseJson } from "@/lib/http/json";
import { enabledList } from "@/lib/http/lists";
import { json, withRoute } from "@/lib/http/route";
import { requestLocale } from "@/lib/i18n/locale";
import { readListView } from "@/lib/lists/params";
import { exportRequestSchema } from "@/lib/schemas/lists-forms";

export const POST = withRoute<{ list: string }>(
  async ({ req, params, host, clientIp, authed }) => {
    const list = await enabledList(host, params.list);
    const request = await parseJson(req, exportRequestSchema);
    // The filters come from the same URL the table shows, read by the same parser.
    const { filters } = readListView(list, req.nextUrl.searchParams);
    const locale = requestLocale(req);
    await authed((accessToken) =>
      requestExport({ accessToken, clientIp }, list, request, filters, locale),
    );
    return json({ ok: true });
  },
  { auth: true, mutating: true },
);
