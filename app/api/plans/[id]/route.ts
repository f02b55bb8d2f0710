// GET /api/plans/:id – one catalogue plan with its charges
import { requestPlan } from "@/lib/billing/subscriptions";
import { json, withRoute } from "@/lib/http/route";
import { pathId } from "@/lib/http/path-id";

export const GET = withRoute<{ id: string }>(
  async ({ params, clientIp, authed }) => {
    const id = pathId(params.id);
    const plan = await authed((accessToken) => requestPlan({ accessToken, clientIp }, id));
    return json({ plan });
  },
  { auth: true, refusalDetail: true },
);
