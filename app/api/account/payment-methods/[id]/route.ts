// DELETE /api/account/payment-methods/:id – delete it (seti_… and pi_… ids name it by its intent)
import { deletePaymentMethod } from "@/lib/billing/account";
import { pathId } from "@/lib/http/path-id";
import { json, withRoute } from "@/lib/http/route";

export const DELETE = withRoute<{ id: string }>(
  async ({ params, clientIp, authed }) => {
    const id = pathId(params.id);
    await authed((accessToken) => deletePaymentMethod({ accessToken, clientIp }, id));
    return json({ ok: true });
  },
  { auth: true, mutating: true },
);
