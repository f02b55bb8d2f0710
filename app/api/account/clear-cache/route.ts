// POST /api/account/clear-cache – ask the billing API to drop what it cached for this customer
import { clearCache } from "@/lib/billing/account";
import { json, withRoute } from "@/lib/http/route";

export const POST = withRoute(
  async ({ clientIp, authed }) => {
    await authed((accessToken) => clearCache({ accessToken, clientIp }));
    return json({ ok: true });
  },
  { auth: true, mutating: true },
);
