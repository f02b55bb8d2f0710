// PUT /api/account/payment-methods/:id/default – make it the only default; answers the method
import { setDefaultPaymentMethod } from "@/lib/billing/account";
import { methodId } from "@/lib/http/account";
import { json, withRoute } from "@/lib/http/route";

export const PUT = withRoute<{ id: string }>(
  async ({ params, clientIp, authed }) => {
    const id = methodId(params.id);
    return json(
      await authed((accessToken) => setDefaultPaymentMethod({ accessToken, clientIp }, id)),
    );
  },
  { auth: true, mutating: true },
);
