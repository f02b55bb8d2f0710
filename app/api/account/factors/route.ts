// GET /api/account/factors – the signed-in user's second factors, recovery codes left, passkeys offered
import { requestFactors } from "@/lib/billing/factors";
import { requirePortal } from "@/lib/http/portal";
import { json, withRoute } from "@/lib/http/route";

export const GET = withRoute(
  async ({ host, clientIp, authed }) => {
    const portal = await requirePortal(host);
    return json(
      await authed((accessToken) => requestFactors({ accessToken, clientIp }, portal.passkeys)),
    );
  },
  { auth: true },
);
