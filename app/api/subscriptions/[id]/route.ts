// PUT /api/subscriptions/:id – apply a change (fields only: PUT /v1/subscriptions/{id}; else …/change); the subscription after it
import { applySubscriptionChange } from "@/lib/billing/subscriptions";
import { parseJson } from "@/lib/http/json";
import { json, withRoute } from "@/lib/http/route";
import { pathId } from "@/lib/http/path-id";
import { subscriptionChangeSchema } from "@/lib/schemas/subscriptions-forms";

export const PUT = withRoute<{ id: string }>(
  async ({ req, params, clientIp, authed }) => {
    const id = pathId(params.id);
    const change = await parseJson(req, subscriptionChangeSchema);
    const subscription = await authed((accessToken) =>
      applySubscriptionChange({ accessToken, clientIp }, id, change),
    );
    return json({ subscription });
  },
  { auth: true, mutating: true, refusalDetail: true },
);
