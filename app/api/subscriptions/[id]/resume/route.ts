// POST /api/subscriptions/:id/resume – resume now, or call off a pause not begun; the subscription after it
import { z } from "zod";
import { resumeSubscription } from "@/lib/billing/subscriptions";
import { parseJson } from "@/lib/http/json";
import { json, withRoute } from "@/lib/http/route";
import { pathId } from "@/lib/http/path-id";

export const POST = withRoute<{ id: string }>(
  async ({ req, params, clientIp, authed }) => {
    const id = pathId(params.id);
    await parseJson(req, z.object({}).strict());
    const subscription = await authed((accessToken) =>
      resumeSubscription({ accessToken, clientIp }, id),
    );
    return json({ subscription });
  },
  { auth: true, mutating: true, refusalDetail: true },
);
