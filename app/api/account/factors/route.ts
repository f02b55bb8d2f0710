// GET /api/account/factors – the signed-in user's second factors and recovery codes left
import { requestFactors } from "@/lib/billing/factors";
import { json, withRoute } from "@/lib/http/route";

export const GET = withRoute(
  async ({ clientIp, authed }) =>
    json(await authed((accessToken) => requestFactors({ accessToken, clientIp }))),
  { auth: true },
);
