// GET /api/lists/:list/options?field=F&search=S – existing values of a field for the filter builder
import { z } from "zod";
import { requestFilterOptions } from "@/lib/billing/lists";
import { RouteError } from "@/lib/http/errors";
import { enabledList } from "@/lib/http/lists";
import { json, withRoute } from "@/lib/http/route";
import { CUSTOM_FIELD_NAME, MAX_FILTER_VALUE_LENGTH } from "@/lib/lists/filters";

const optionsQuery = z.object({
  field: z.string().regex(CUSTOM_FIELD_NAME),
  search: z.string().max(MAX_FILTER_VALUE_LENGTH).default(""),
});

export const GET = withRoute<{ list: string }>(
  async ({ req, params, host, clientIp, authed }) => {
    const list = await enabledList(host, params.list);
    const parsed = optionsQuery.safeParse(Object.fromEntries(req.nextUrl.searchParams));
    if (!parsed.success) throw new RouteError("validation");
    const { field, search } = parsed.data;
    const options = await authed((accessToken) =>
      requestFilterOptions({ accessToken, clientIp }, list, field, search.trim()),
    );
    return json({ options });
  },
  { auth: true },
);
