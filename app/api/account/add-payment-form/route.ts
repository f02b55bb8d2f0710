// GET /api/account/add-payment-form – the hosted add-payment page's link, or {url: null}
import { requestAddPaymentFormUrl } from "@/lib/billing/account";
import { json, withRoute } from "@/lib/http/route";

export const GET = withRoute(
  async ({ clientIp, authed }) =>
    json(await authed((accessToken) => requestAddPaymentFormUrl({ accessToken, clientIp }))),
  { auth: true },
);
