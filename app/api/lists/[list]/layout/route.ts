// PUT /api/lists/:list/layout – save the user's column widths, column order or sort of a list
import { saveTableLayout } from "@/lib/billing/lists";
import { parseJson } from "@/lib/http/json";
import { enabledList } from "@/lib/http/lists";
import { json, withRoute } from "@/lib/http/route";
import { layoutChangeSchema } from "@/lib/schemas/lists-forms";

export const PUT = withRoute<{ list: string }>(
  async ({ req, params, host, clientIp, authed }) => {
    const list = await enabledList(host, params.list);
    const change = await parseJson(req, layoutChangeSchema);
    await authed((accessToken) => saveTableLayout({ accessToken, clientIp }, list, change));
    return json({ ok: true });
  },
  { auth: true, mutating: true },
);
