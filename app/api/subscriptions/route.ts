// GET /api/subscriptions?status=active|cancelled – the selected customer's subscriptions of one sub-tab
import { listSubscriptions } from "@/lib/billing/subscriptions";
import { RouteError } from "@/lib/http/errors";
import { json, withRoute } from "@/lib/http/route";
import { parseQuery } from "@/lib/http/json";
import { subscriptionListQuerySchema } from "@/lib/schemas/subscriptions-forms";

export const GET = withRoute(
  async ({ req, clientIp, authed }) => {
    const { status } = parseQuery(req.nextUrl.searchParams, subscriptionListQuerySchema);
    const subscriptions = await authed((accessToken, session) => {
      // The customer is the session's, never the browser's.
      const customerId = session.selectedCustomerId;
      if (!customerId) throw new RouteError("not_found");
      return listSubscriptions({ accessToken, clientIp }, customerId, status);
    });
    return json({ subscriptions });
  },
  { auth: true, refusalDetail: true },
);
