// POST /api/auth/register – create the account of a verified invitation (e-mail and company from the token)
import { register } from "@/lib/billing/auth";
import { verifyRegistrationToken } from "@/lib/billing/tokens";
import { RouteError } from "@/lib/http/errors";
import { parseJson } from "@/lib/http/json";
import { requirePortal } from "@/lib/http/portal";
import { json, withRoute } from "@/lib/http/route";
import { registerSchema } from "@/lib/schemas/auth";

export const POST = withRoute(
  async ({ req, host, clientIp }) => {
    const input = await parseJson(req, registerSchema);
    const portal = await requirePortal(host);
    // The browser's e-mail is display only: the invitation says who registers, and for which company.
    const invitation = await verifyRegistrationToken(input.tokenId);
    if (!invitation || invitation.companyId !== portal.companyId)
      throw new RouteError("token_invalid");
    await register(
      {
        email: invitation.email,
        password: input.password,
        tokenId: input.tokenId,
        companyId: portal.companyId,
        company: invitation.company,
      },
      { clientIp },
    );
    return json({ redirectTo: "/portal/login?message=registered" });
  },
  { mutating: true },
);
