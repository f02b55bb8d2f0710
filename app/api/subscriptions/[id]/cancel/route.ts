// POST /api/subscriptions/:id/cancel – cancel on a date (spec 001 §4); the subscription after it
import { cancelSubscription } from "@/lib/billing/subscriptions";
import { parseJson } from "@/lib/http/json";
import { json, withRoute } from "@/lib/http/route";
import { pathId } from "@/lib/http/path-id";
import { cancelSubscriptionSchema } from "@/lib/schemas/subscriptions-forms";

export const POST = withRoute<{ id: string }>(
  async ({ req, params, clientIp, authed }) => {
    const id = pathId(params.id);
    const input = await parseJson(req, cancelSubscriptionSchema);
    const subscription = await authed((accessToken) =>
      cancelSubscription({ accessToken, clientIp }, id, input),
    );
    return json({ subscription });
  },
  { auth: true, mutating: true, refusalDetail: true },
);
