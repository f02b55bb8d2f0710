// DELETE /api/alerts/recipients/:id – remove an address or an opt-in
import { removeAlertRecipient } from "@/lib/billing/alerts";
import { pathId } from "@/lib/http/path-id";
import { json, withRoute } from "@/lib/http/route";

export const DELETE = withRoute<{ id: string }>(
  async ({ params, clientIp, authed }) => {
    const id = pathId(params.id);
    await authed((accessToken) => removeAlertRecipient({ accessToken, clientIp }, id));
    return json({ ok: true });
  },
  { auth: true, mutating: true },
);
