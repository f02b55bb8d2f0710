// GET /api/account/ach-credit – where to send a bank transfer; 404 when the customer has none
import { requestAchCreditDetails } from "@/lib/billing/account";
import { json, withRoute } from "@/lib/http/route";

export const GET = withRoute(
  async ({ clientIp, authed }) =>
    json(await authed((accessToken) => requestAchCreditDetails({ accessToken, clientIp }))),
  { auth: true },
);
