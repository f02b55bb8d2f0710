// GET /api/subscriptions/:id/cancel-preview?type=T[&date=YYYY-MM-DD] – a cancellation's dates and last bill
import { requestCancelPreview } from "@/lib/billing/subscriptions";
import { json, withRoute } from "@/lib/http/route";
import { parseQuery } from "@/lib/http/json";
import { pathId } from "@/lib/http/path-id";
import { cancelDateQuerySchema } from "@/lib/schemas/subscriptions-forms";

export const GET = withRoute<{ id: string }>(
  async ({ req, params, clientIp, authed }) => {
    const id = pathId(params.id);
    const query = parseQuery(req.nextUrl.searchParams, cancelDateQuerySchema);
    const preview = await authed((accessToken) =>
      requestCancelPreview({ accessToken, clientIp }, id, query),
    );
    return json(preview);
  },
  { auth: true, refusalDetail: true },
);
