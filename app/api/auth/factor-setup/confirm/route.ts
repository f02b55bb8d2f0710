// POST /api/auth/factor-setup/confirm {factorId, code} – the first code turns the app on and seals the session
import { BillingApiError } from "@/lib/billing/errors";
import { confirmFactor } from "@/lib/billing/factors";
import { RouteError } from "@/lib/http/errors";
import { parseJson } from "@/lib/http/json";
import { json, withRoute } from "@/lib/http/route";
import { safeReturnPath } from "@/lib/return-path";
import { setupConfirmSchema, type SetupConfirmed } from "@/lib/schemas/factors";
import { factorSetupCookie } from "@/lib/session/factor-setup";

export const POST = withRoute(
  async ({ req, host, clientIp, setSession }) => {
    const step = await factorSetupCookie.read(
      req.cookies.get(factorSetupCookie.name())?.value,
      host,
    );
    if (!step) throw new RouteError("second_step_expired");
    const input = await parseJson(req, setupConfirmSchema);
    let confirmed;
    try {
      confirmed = await confirmFactor(
        { accessToken: step.session.accessToken, clientIp },
        input.factorId,
        input.code.replace(/\s/g, ""),
      );
    } catch (error) {
      if (error instanceof BillingApiError && error.code === "invalid_code")
        throw new RouteError("validation", { fields: { code: "errors.auth.invalidCode" } });
      if (error instanceof BillingApiError && error.status === 401)
        throw new RouteError("second_step_expired");
      throw error;
    }
    const now = Date.now();
    setSession({ ...step.session, issuedAt: now, lastSeenAt: now });
    const answer: SetupConfirmed = {
      recoveryCodes: confirmed.recoveryCodes,
      redirectTo: safeReturnPath(step.returnTo ?? undefined),
    };
    const res = json(answer);
    factorSetupCookie.clear(res);
    return res;
  },
  { mutating: true },
);
