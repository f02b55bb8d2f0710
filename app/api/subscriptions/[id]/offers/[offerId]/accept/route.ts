// POST /api/subscriptions/:id/offers/:offerId/accept – accept an offer; the subscription after it
import { z } from "zod";
import { acceptRetentionOffer } from "@/lib/billing/subscriptions";
import { RouteError } from "@/lib/http/errors";
import { parseJson } from "@/lib/http/json";
import { json, withRoute } from "@/lib/http/route";
import { pathId } from "@/lib/http/path-id";
import { RETENTION_OFFER_KINDS } from "@/lib/schemas/subscriptions";

export const POST = withRoute<{ id: string; offerId: string }>(
  async ({ req, params, clientIp, authed }) => {
    const id = pathId(params.id);
    const offer = RETENTION_OFFER_KINDS.find((k) => k === params.offerId);
    if (!offer) throw new RouteError("not_found");
    await parseJson(req, z.object({}).strict());
    const subscription = await authed((accessToken) =>
      acceptRetentionOffer({ accessToken, clientIp }, id, offer),
    );
    return json({ subscription });
  },
  { auth: true, mutating: true, refusalDetail: true },
);
