// GET /api/pay-now – the hosted pay-now page's signed URL (with cp_request=true), or {url: null}
import { requestPayNowUrl } from "@/lib/billing/lists";
import { json, withRoute } from "@/lib/http/route";

export const GET = withRoute(
  async ({ clientIp, authed }) =>
    json(await authed((accessToken) => requestPayNowUrl({ accessToken, clientIp }))),
  { auth: true },
);
