// PUT /api/account/payment-methods/:id/default – make it the only default; answers the method
import { setDefaultPaymentMethod } from "@/lib/billing/account";
import { pathId } from "@/lib/http/path-id";
import { json, withRoute } from "@/lib/http/route";

export const PUT = withRoute<{ id: string }>(
  async ({ params, clientIp, authed }) => {
    const id = pathId(params.id);
    return json(
      await authed((accessToken) => setDefaultPaymentMethod({ accessToken, clientIp }, id)),
    );
  },
  { auth: true, mutating: true },
);
