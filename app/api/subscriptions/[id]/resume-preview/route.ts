// GET /api/subscriptions/:id/resume-preview – what resuming now charges, and the next invoice
import { requestResumePreview } from "@/lib/billing/subscriptions";
import { json, withRoute } from "@/lib/http/route";
import { pathId } from "@/lib/http/path-id";

export const GET = withRoute<{ id: string }>(
  async ({ params, clientIp, authed }) => {
    const id = pathId(params.id);
    const preview = await authed((accessToken) =>
      requestResumePreview({ accessToken, clientIp }, id),
    );
    return json(preview);
  },
  { auth: true, refusalDetail: true },
);
