// DELETE /api/alerts/thresholds/:id – remove a threshold (another customer's is a 404)
import { removeAlertThreshold } from "@/lib/billing/alerts";
import { pathId } from "@/lib/http/path-id";
import { json, withRoute } from "@/lib/http/route";

export const DELETE = withRoute<{ id: string }>(
  async ({ params, clientIp, authed }) => {
    const id = pathId(params.id);
    await authed((accessToken) => removeAlertThreshold({ accessToken, clientIp }, id));
    return json({ ok: true });
  },
  { auth: true, mutating: true },
);
