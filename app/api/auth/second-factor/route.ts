// POST /api/auth/second-factor {code | recoveryCode} – the sign-in's second step; seals the session
import { verifySecondFactor } from "@/lib/billing/auth";
import { BillingApiError } from "@/lib/billing/errors";
import { RouteError } from "@/lib/http/errors";
import { parseJson } from "@/lib/http/json";
import { json, withRoute } from "@/lib/http/route";
import { safeReturnPath } from "@/lib/return-path";
import { secondFactorSchema } from "@/lib/schemas/auth";
import { newSession } from "@/lib/session/seal";
import {
  clearSecondStepCookie,
  readSecondStep,
  secondStepCookieName,
} from "@/lib/session/second-step";

export const POST = withRoute(
  async ({ req, host, clientIp, setSession }) => {
    const step = await readSecondStep(req.cookies.get(secondStepCookieName())?.value, host);
    if (!step) throw new RouteError("second_step_expired");
    const input = await parseJson(req, secondFactorSchema);
    try {
      const { tokens, user } = await verifySecondFactor(
        {
          challenge: step.challenge,
          ...(input.code !== undefined && { code: input.code.replace(/\s/g, "") }),
          ...(input.recoveryCode !== undefined && { recovery_code: input.recoveryCode }),
          ...(input.passkey !== undefined && { passkey: input.passkey }),
          ...(input.captchaToken ? { captchaToken: input.captchaToken } : {}),
        },
        { clientIp, userAgent: req.headers.get("user-agent") },
      );
      if (user.companyId !== step.companyId) throw new RouteError("second_step_expired");
      setSession(newSession({ tokens, user, host, companyId: step.companyId }));
    } catch (err) {
      // Spent or expired upstream: the step is over (its cookie expires with it).
      if (err instanceof BillingApiError && err.status === 401)
        throw new RouteError("second_step_expired");
      // A passkey's assertion that does not verify: the step stays, another way may be tried.
      if (input.passkey && err instanceof BillingApiError && err.code === "invalid_code")
        throw new RouteError("invalid_passkey");
      throw err;
    }
    const res = json({ redirectTo: safeReturnPath(step.returnTo ?? undefined) });
    clearSecondStepCookie(res);
    return res;
  },
  { mutating: true },
);
