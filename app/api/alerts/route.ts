// GET /api/alerts – the selected customer's thresholds, recipients and fired alerts (404 when the billing API has none)
import { requestAlerts } from "@/lib/billing/alerts";
import { json, withRoute } from "@/lib/http/route";

export const GET = withRoute(
  async ({ clientIp, authed }) =>
    json(await authed((accessToken) => requestAlerts({ accessToken, clientIp }))),
  { auth: true, refusalDetail: true },
);
