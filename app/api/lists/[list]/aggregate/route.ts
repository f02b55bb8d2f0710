// GET /api/lists/usages/aggregate?group_by=day|week|month&filters – the usage chart's data, in the app's shape
import { z } from "zod";
import { requestUsageAggregate } from "@/lib/billing/usage-chart";
import { parseQuery } from "@/lib/http/json";
import { enabledList } from "@/lib/http/lists";
import { RouteError } from "@/lib/http/errors";
import { json, withRoute } from "@/lib/http/route";
import { readListView } from "@/lib/lists/params";
import { USAGE_GROUPINGS } from "@/lib/schemas/usage-chart";

const querySchema = z.object({ group_by: z.enum(USAGE_GROUPINGS) });

export const GET = withRoute<{ list: string }>(
  async ({ req, params, host, clientIp, authed }) => {
    const list = await enabledList(host, params.list);
    if (list !== "usages") throw new RouteError("not_found");
    const search = req.nextUrl.searchParams;
    const { group_by: groupBy } = parseQuery(search, querySchema);
    // The list's own parser: the chart is exactly the table's filtered rows.
    const { filters } = readListView(list, search);
    const aggregate = await authed((accessToken) =>
      requestUsageAggregate({ accessToken, clientIp }, filters, groupBy),
    );
    return json(aggregate);
  },
  { auth: true },
);
