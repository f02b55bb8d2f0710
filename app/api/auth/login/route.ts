// POST /api/auth/login – sign in, seal the session cookie; or, with a second factor, its step
import { login } from "@/lib/billing/auth";
import { BillingApiError } from "@/lib/billing/errors";
import { RouteError } from "@/lib/http/errors";
import { parseJson } from "@/lib/http/json";
import { requirePortal } from "@/lib/http/portal";
import { json, withRoute } from "@/lib/http/route";
import { safeReturnPath } from "@/lib/return-path";
import { loginSchema } from "@/lib/schemas/auth";
import {
  FACTOR_SETUP_PATH,
  FACTOR_SETUP_TTL_MS,
  factorSetupCookie,
} from "@/lib/session/factor-setup";
import { newSession } from "@/lib/session/seal";
import {
  SECOND_STEP_PATH,
  SECOND_STEP_TTL_MS,
  writeSecondStepCookie,
} from "@/lib/session/second-step";

export const POST = withRoute(
  async ({ req, host, clientIp, setSession }) => {
    const input = await parseJson(req, loginSchema);
    const portal = await requirePortal(host);
    try {
      const outcome = await login(
        {
          email: input.email,
          password: input.password,
          companyId: portal.companyId,
          ...(input.captchaToken ? { captchaToken: input.captchaToken } : {}),
        },
        { clientIp, userAgent: req.headers.get("user-agent") },
      );
      if (outcome.kind === "second_factor") {
        // No session yet: only the challenge, in a cookie of its own that opens the second step.
        const res = json({ redirectTo: SECOND_STEP_PATH });
        await writeSecondStepCookie(res, {
          challenge: outcome.challenge,
          email: input.email,
          host,
          companyId: portal.companyId,
          returnTo: input.returnTo ?? null,
          methods: outcome.methods,
          expiresAt: Math.min(outcome.expiresAt, Date.now() + SECOND_STEP_TTL_MS),
        });
        return res;
      }
      const { tokens, user } = outcome;
      // A user of another company cannot sign in on this company's host.
      if (user.companyId !== portal.companyId) throw new RouteError("invalid_credentials");
      const session = newSession({ tokens, user, host, companyId: portal.companyId });
      if (portal.secondFactorRequired) {
        // The company requires a second factor and this user has none (else a challenge had
        // come): no session until one is set up; the tokens wait in the setup's own cookie.
        const res = json({ redirectTo: FACTOR_SETUP_PATH });
        await factorSetupCookie.write(res, {
          session,
          host,
          returnTo: input.returnTo ?? null,
          expiresAt: Math.min(Date.now() + FACTOR_SETUP_TTL_MS, tokens.accessTokenExpiresAt),
        });
        return res;
      }
      setSession(session);
    } catch (err) {
      if (err instanceof BillingApiError && err.status === 401)
        throw new RouteError("invalid_credentials");
      throw err;
    }
    return json({ redirectTo: safeReturnPath(input.returnTo) });
  },
  { mutating: true },
);
