// POST /api/account/factors/recovery-codes – ten new recovery codes; the old ones stop working
import { renewRecoveryCodes } from "@/lib/billing/factors";
import { json, withRoute } from "@/lib/http/route";

export const POST = withRoute(
  async ({ clientIp, authed }) =>
    json(await authed((accessToken) => renewRecoveryCodes({ accessToken, clientIp }))),
  { auth: true, mutating: true },
);
