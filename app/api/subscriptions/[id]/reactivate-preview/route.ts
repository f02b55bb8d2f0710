// GET /api/subscriptions/:id/reactivate-preview – what reactivating charges now, and the next invoice
import { requestReactivatePreview } from "@/lib/billing/subscriptions";
import { json, withRoute } from "@/lib/http/route";
import { pathId } from "@/lib/http/path-id";

export const GET = withRoute<{ id: string }>(
  async ({ params, clientIp, authed }) => {
    const id = pathId(params.id);
    const preview = await authed((accessToken) =>
      requestReactivatePreview({ accessToken, clientIp }, id),
    );
    return json(preview);
  },
  { auth: true, refusalDetail: true },
);
