// GET /api/subscriptions/:id/offers – the company's offers to a customer about to cancel
import { requestRetentionOffers } from "@/lib/billing/subscriptions";
import { json, withRoute } from "@/lib/http/route";
import { pathId } from "@/lib/http/path-id";

export const GET = withRoute<{ id: string }>(
  async ({ params, clientIp, authed }) => {
    const id = pathId(params.id);
    const offers = await authed((accessToken) =>
      requestRetentionOffers({ accessToken, clientIp }, id),
    );
    return json({ offers });
  },
  { auth: true, refusalDetail: true },
);
