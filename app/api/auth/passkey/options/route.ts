// POST /api/auth/passkey/options – WebAuthn options to sign in with a passkey alone (where allowed)
import { requestPasskeySignIn } from "@/lib/billing/factors";
import { RouteError } from "@/lib/http/errors";
import { requirePortal } from "@/lib/http/portal";
import { json, withRoute } from "@/lib/http/route";

export const POST = withRoute(
  async ({ host, clientIp }) => {
    const portal = await requirePortal(host);
    if (!portal.passkeySignIn) throw new RouteError("not_found");
    return json(await requestPasskeySignIn(portal.companyId, clientIp));
  },
  { mutating: true },
);
