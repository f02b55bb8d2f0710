// POST /api/lists/:list/exports/download?<view> – the export the e-mail would carry, downloaded
// now: the same rows, columns and cells, streamed as it is written
import { streamExportDownload } from "@/lib/billing/lists";
import { parseJson } from "@/lib/http/json";
import { enabledList } from "@/lib/http/lists";
import { withRoute } from "@/lib/http/route";
import { requestLocale } from "@/lib/i18n/locale";
import { readListView } from "@/lib/lists/params";
import { exportRequestSchema } from "@/lib/schemas/lists-forms";

export const POST = withRoute<{ list: string }>(
  async ({ req, params, host, clientIp, authed }) => {
    const list = await enabledList(host, params.list);
    const request = await parseJson(req, exportRequestSchema);
    const { filters } = readListView(list, req.nextUrl.searchParams);
    const locale = requestLocale(req);
    return authed((accessToken) =>
      streamExportDownload({ accessToken, clientIp }, list, request, filters, locale),
    );
  },
  { auth: true, mutating: true },
);
