// POST /api/subscriptions/:id/preview – what a change would invoice (PUT /v1/subscriptions/{id}/change_preview)
import { previewSubscriptionChange } from "@/lib/billing/subscriptions";
import { parseJson } from "@/lib/http/json";
import { json, withRoute } from "@/lib/http/route";
import { pathId } from "@/lib/http/path-id";
import { subscriptionChangeSchema } from "@/lib/schemas/subscriptions-forms";

export const POST = withRoute<{ id: string }>(
  async ({ req, params, clientIp, authed }) => {
    const id = pathId(params.id);
    const change = await parseJson(req, subscriptionChangeSchema);
    return json(
      await authed((accessToken) =>
        previewSubscriptionChange({ accessToken, clientIp }, id, change),
      ),
    );
  },
  { auth: true, mutating: true, refusalDetail: true },
);
