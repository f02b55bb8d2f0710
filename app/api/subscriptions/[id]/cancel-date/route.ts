// GET /api/subscriptions/:id/cancel-date?type=T[&date=YYYY-MM-DD] – the effective date of a cancellation type
import { requestCancelDate } from "@/lib/billing/subscriptions";
import { json, withRoute } from "@/lib/http/route";
import { parseQuery } from "@/lib/http/json";
import { pathId } from "@/lib/http/path-id";
import { cancelDateQuerySchema } from "@/lib/schemas/subscriptions-forms";

export const GET = withRoute<{ id: string }>(
  async ({ req, params, clientIp, authed }) => {
    const id = pathId(params.id);
    const query = parseQuery(req.nextUrl.searchParams, cancelDateQuerySchema);
    const endDate = await authed((accessToken) =>
      requestCancelDate({ accessToken, clientIp }, id, query),
    );
    return json({ endDate });
  },
  { auth: true, refusalDetail: true },
);
