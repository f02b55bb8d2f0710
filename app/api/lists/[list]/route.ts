// GET /api/lists/:list?page&size&sort&filters[&initial=1][&total=0] – one page of a billing list, in the app's shape
import { requestListPage } from "@/lib/billing/lists";
import { enabledList } from "@/lib/http/lists";
import { json, withRoute } from "@/lib/http/route";
import { readListView } from "@/lib/lists/params";

export const GET = withRoute<{ list: string }>(
  async ({ req, params, host, clientIp, authed }) => {
    const list = await enabledList(host, params.list);
    const search = req.nextUrl.searchParams;
    // The same parser as the page's URL: a hand-edited query falls back field by field, never a 400.
    const view = readListView(list, search);
    const options = {
      initial: search.get("initial") === "1",
      withTotal: search.get("total") !== "0",
    };
    const page = await authed((accessToken) =>
      requestListPage({ accessToken, clientIp }, list, view, options),
    );
    return json(page);
  },
  { auth: true },
);
