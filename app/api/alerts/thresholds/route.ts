// POST /api/alerts/thresholds {amount, basis} – add a threshold; refusals carry the API's message
import { addAlertThreshold } from "@/lib/billing/alerts";
import { parseJson } from "@/lib/http/json";
import { json, withRoute } from "@/lib/http/route";
import { thresholdBodySchema } from "@/lib/schemas/alerts";

export const POST = withRoute(
  async ({ req, clientIp, authed }) => {
    const body = await parseJson(req, thresholdBodySchema);
    const threshold = await authed((accessToken) =>
      addAlertThreshold({ accessToken, clientIp }, body),
    );
    return json({ threshold });
  },
  { auth: true, mutating: true, refusalDetail: true },
);
