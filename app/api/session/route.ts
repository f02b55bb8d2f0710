// GET /api/session – the safe projection of the session (user, company, selected customer), or 401.
// The cookie alone does not answer: a copy kept after logout would still read as signed in. The
// billing API confirms the tokens (logout revokes them there), so an ended session is a 401 here too.
import { requestMe } from "@/lib/billing/user";
import { json, withRoute } from "@/lib/http/route";
import { toSessionView } from "@/lib/session/seal";

export const GET = withRoute(
  async (ctx) => {
    await ctx.authed((accessToken) => requestMe({ accessToken, clientIp: ctx.clientIp }));
    // authed may have refreshed (and re-sealed) the session: answer with the current one.
    return json(ctx.session ? toSessionView(ctx.session) : null);
  },
  { auth: true },
);
