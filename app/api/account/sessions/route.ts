// GET /api/account/sessions – the user's live sign-ins (browser, system, address, times), current marked
import { requestSessions } from "@/lib/billing/account/sessions";
import { json, withRoute } from "@/lib/http/route";

export const GET = withRoute(
  async ({ clientIp, authed }) =>
    json(await authed((accessToken) => requestSessions({ accessToken, clientIp }))),
  { auth: true },
);
