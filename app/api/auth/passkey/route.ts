// POST /api/auth/passkey {response, returnTo?} – a passkey alone signs in: the session is sealed
import { passkeySignIn } from "@/lib/billing/auth";
import { BillingApiError } from "@/lib/billing/errors";
import { RouteError } from "@/lib/http/errors";
import { parseJson } from "@/lib/http/json";
import { requirePortal } from "@/lib/http/portal";
import { json, withRoute } from "@/lib/http/route";
import { safeReturnPath } from "@/lib/return-path";
import { passkeySignInSchema } from "@/lib/schemas/factors";
import { newSession } from "@/lib/session/seal";

export const POST = withRoute(
  async ({ req, host, clientIp, setSession }) => {
    const portal = await requirePortal(host);
    if (!portal.passkeySignIn) throw new RouteError("not_found");
    const input = await parseJson(req, passkeySignInSchema);
    try {
      const { tokens, user } = await passkeySignIn(
        { companyId: portal.companyId, response: input.response },
        { clientIp, userAgent: req.headers.get("user-agent") },
      );
      if (user.companyId !== portal.companyId) throw new RouteError("passkey_refused");
      setSession(newSession({ tokens, user, host, companyId: portal.companyId }));
    } catch (err) {
      if (err instanceof BillingApiError && err.status === 401)
        throw new RouteError("passkey_refused");
      throw err;
    }
    return json({ redirectTo: safeReturnPath(input.returnTo) });
  },
  { mutating: true },
);
