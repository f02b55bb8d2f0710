// POST /api/account/sessions/revoke-others {} – sign out every other session of the user; {revoked}
import { revokeOtherSessions } from "@/lib/billing/account/sessions";
import { parseJson } from "@/lib/http/json";
import { json, withRoute } from "@/lib/http/route";
import { revokeOtherSessionsSchema } from "@/lib/schemas/sessions";

export const POST = withRoute(
  async ({ req, clientIp, authed }) => {
    await parseJson(req, revokeOtherSessionsSchema);
    return json(await authed((accessToken) => revokeOtherSessions({ accessToken, clientIp })));
  },
  { auth: true, mutating: true },
);
