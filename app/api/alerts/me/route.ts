// PUT /api/alerts/me {subscribed} – whether the signed-in user receives the alerts
import { setAlertsForMe } from "@/lib/billing/alerts";
import { parseJson } from "@/lib/http/json";
import { json, withRoute } from "@/lib/http/route";
import { alertMeSchema } from "@/lib/schemas/alerts";

export const PUT = withRoute(
  async ({ req, clientIp, authed }) => {
    const { subscribed } = await parseJson(req, alertMeSchema);
    const recipient = await authed((accessToken) =>
      setAlertsForMe({ accessToken, clientIp }, subscribed),
    );
    return json({ recipient });
  },
  { auth: true, mutating: true },
);
