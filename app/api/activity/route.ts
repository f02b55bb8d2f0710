// GET /api/activity?page&kind – one page of the selected customer's activity log
import { loadActivityParams, activityQueryOf } from "@/lib/activity/params";
import { requestActivity } from "@/lib/billing/activity";
import { RouteError } from "@/lib/http/errors";
import { json, withRoute } from "@/lib/http/route";

export const GET = withRoute(
  async ({ req, clientIp, authed, session }) => {
    const customerId = session?.selectedCustomerId;
    if (!customerId) throw new RouteError("not_found");
    const query = activityQueryOf(loadActivityParams(req.nextUrl.searchParams));
    return json(
      await authed((accessToken) => requestActivity({ accessToken, clientIp }, customerId, query)),
    );
  },
  { auth: true },
);
