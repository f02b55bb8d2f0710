// POST /api/auth/second-factor/passkey-options – WebAuthn options for the second step's passkey
import { BillingApiError } from "@/lib/billing/errors";
import { requestSecondStepPasskey } from "@/lib/billing/factors";
import { RouteError } from "@/lib/http/errors";
import { json, withRoute } from "@/lib/http/route";
import { readSecondStep, secondStepCookieName } from "@/lib/session/second-step";

export const POST = withRoute(
  async ({ req, host, clientIp }) => {
    const step = await readSecondStep(req.cookies.get(secondStepCookieName())?.value, host);
    if (!step) throw new RouteError("second_step_expired");
    try {
      return json(await requestSecondStepPasskey(step.challenge, clientIp));
    } catch (err) {
      if (err instanceof BillingApiError && err.status === 401)
        throw new RouteError("second_step_expired");
      throw err;
    }
  },
  { mutating: true },
);
