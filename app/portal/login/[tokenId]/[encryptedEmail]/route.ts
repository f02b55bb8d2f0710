// GET /portal/login/:tokenId/:encryptedEmail – punch-out sign-in: seal a fresh session, 303 to a clean URL
import { NextResponse } from "next/server";
import { punchoutLogin } from "@/lib/billing/auth";
import { getPortalConfig } from "@/lib/portal-config";
import { withRoute } from "@/lib/http/route";
import { punchOutSchema } from "@/lib/schemas/auth";
import { newSession } from "@/lib/session/seal";

type Params = { tokenId: string; encryptedEmail: string };

function seeOther(location: string): NextResponse {
  // The old URL carries a token: no Referer may take it to the next page or a third party.
  return new NextResponse(null, {
    status: 303,
    headers: { Location: location, "Referrer-Policy": "no-referrer" },
  });
}

export const GET = withRoute<Params>(
  async ({ req, params, host, clientIp, setSession, clearSession }) => {
    const segments = punchOutSchema.safeParse(params);
    const portal = segments.success ? await getPortalConfig(host).catch(() => null) : null;
    if (segments.success && portal) {
      try {
        const { tokens, user } = await punchoutLogin(
          {
            token: segments.data.tokenId,
            encryptedEmail: segments.data.encryptedEmail,
            companyId: portal.companyId,
          },
          { clientIp, userAgent: req.headers.get("user-agent") },
        );
        if (user.companyId === portal.companyId) {
          setSession(newSession({ tokens, user, host, companyId: portal.companyId }));
          return seeOther("/portal/dashboard");
        }
      } catch {
        console.error("[bff] punch-out sign-in failed");
      }
    }
    // A failed punch-out must not leave the visitor signed in as somebody else.
    clearSession();
    return seeOther("/portal/login?error=punchout");
  },
);
