// POST /api/account/factors/passkey/options – WebAuthn options to add a passkey (the API's, as they are)
import { requestPasskeyRegistration } from "@/lib/billing/factors";
import { json, withRoute } from "@/lib/http/route";

export const POST = withRoute(
  async ({ clientIp, authed }) =>
    json(await authed((accessToken) => requestPasskeyRegistration({ accessToken, clientIp }))),
  { auth: true, mutating: true },
);
