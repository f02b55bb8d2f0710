// POST /api/auth/logout – clear the session, write the audit entry, revoke the refresh token upstream
import { revokeTokens, writeAuditEntry } from "@/lib/billing/auth";
import { forgetRotations } from "@/lib/billing/refresh";
import { json, withRoute } from "@/lib/http/route";

export const POST = withRoute(
  async ({ session, clientIp, clearSession, authed }) => {
    if (session) {
      // Best effort: the browser is signed out whatever the upstream says.
      const results = await Promise.allSettled([
        authed((accessToken, current) =>
          revokeTokens(accessToken, current.refreshToken, { clientIp }),
        ),
        writeAuditEntry(
          { companyId: session.companyId, action: "logout", email: session.email },
          { clientIp },
        ),
      ]);
      for (const result of results) {
        if (result.status === "rejected") console.error("[bff] logout: an upstream call failed");
      }
      forgetRotations(session.refreshToken);
    }
    clearSession();
    return json({ redirectTo: "/portal/login" });
  },
  { mutating: true },
);
