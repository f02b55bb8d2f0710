// GET /api/subscriptions/:id/pause-preview?cycles=N – when a pause would begin and end, and what it bills
import { requestPausePreview } from "@/lib/billing/subscriptions";
import { json, withRoute } from "@/lib/http/route";
import { parseQuery } from "@/lib/http/json";
import { pathId } from "@/lib/http/path-id";
import { pauseQuerySchema } from "@/lib/schemas/subscriptions-forms";

export const GET = withRoute<{ id: string }>(
  async ({ req, params, clientIp, authed }) => {
    const id = pathId(params.id);
    const { cycles } = parseQuery(req.nextUrl.searchParams, pauseQuerySchema);
    const preview = await authed((accessToken) =>
      requestPausePreview({ accessToken, clientIp }, id, cycles),
    );
    return json(preview);
  },
  { auth: true, refusalDetail: true },
);
