// PUT /api/alerts/events/:id/dismiss – the signed-in user's banner for this alert goes
import { dismissAlertEvent } from "@/lib/billing/alerts";
import { pathId } from "@/lib/http/path-id";
import { json, withRoute } from "@/lib/http/route";

export const PUT = withRoute<{ id: string }>(
  async ({ params, clientIp, authed }) => {
    const id = pathId(params.id);
    await authed((accessToken) => dismissAlertEvent({ accessToken, clientIp }, id));
    return json({ ok: true });
  },
  { auth: true, mutating: true },
);
