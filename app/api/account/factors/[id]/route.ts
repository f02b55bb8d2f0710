// DELETE /api/account/factors/:id – remove a factor (with the last one, the recovery codes go too)
import { removeFactor } from "@/lib/billing/factors";
import { pathId } from "@/lib/http/path-id";
import { json, withRoute } from "@/lib/http/route";

export const DELETE = withRoute<{ id: string }>(
  async ({ params, clientIp, authed }) => {
    const id = pathId(params.id);
    await authed((accessToken) => removeFactor({ accessToken, clientIp }, id));
    return json({ ok: true });
  },
  { auth: true, mutating: true },
);
