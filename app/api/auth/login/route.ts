// POST /api/auth/login – sign in, seal the session cookie
import { login } from "@/lib/billing/auth";
import { BillingApiError } from "@/lib/billing/errors";
import { RouteError } from "@/lib/http/errors";
import { parseJson } from "@/lib/http/json";
import { requirePortal } from "@/lib/http/portal";
import { json, withRoute } from "@/lib/http/route";
import { safeReturnPath } from "@/lib/return-path";
import { loginSchema } from "@/lib/schemas/auth";
import { newSession } from "@/lib/session/seal";

export const POST = withRoute(
  async ({ req, host, clientIp, setSession }) => {
    const input = await parseJson(req, loginSchema);
    const portal = await requirePortal(host);
    try {
      const { tokens, user } = await login(
        {
          email: input.email,
          password: input.password,
          companyId: portal.companyId,
          ...(input.captchaToken ? { captchaToken: input.captchaToken } : {}),
        },
        { clientIp },
      );
      // A user of another company cannot sign in on this company's host.
      if (user.companyId !== portal.companyId) throw new RouteError("invalid_credentials");
      setSession(newSession({ tokens, user, host, companyId: portal.companyId }));
    } catch (err) {
      if (err instanceof BillingApiError && err.status === 401)
        throw new RouteError("invalid_credentials");
      throw err;
    }
    return json({ redirectTo: safeReturnPath(input.returnTo) });
  },
  { mutating: true },
);
