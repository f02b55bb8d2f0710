// POST /api/subscriptions/:id/pause {cycles} – pause from the end of the cycle; the subscription after it
import { pauseSubscription } from "@/lib/billing/subscriptions";
import { parseJson } from "@/lib/http/json";
import { json, withRoute } from "@/lib/http/route";
import { pathId } from "@/lib/http/path-id";
import { pauseSchema } from "@/lib/schemas/subscriptions-forms";

export const POST = withRoute<{ id: string }>(
  async ({ req, params, clientIp, authed }) => {
    const id = pathId(params.id);
    const { cycles } = await parseJson(req, pauseSchema);
    const subscription = await authed((accessToken) =>
      pauseSubscription({ accessToken, clientIp }, id, cycles),
    );
    return json({ subscription });
  },
  { auth: true, mutating: true, refusalDetail: true },
);
