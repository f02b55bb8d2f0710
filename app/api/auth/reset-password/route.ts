// POST /api/auth/reset-password – set a new password with a single-use reset token
import { resetPassword } from "@/lib/billing/auth";
import { parseJson } from "@/lib/http/json";
import { requirePortal } from "@/lib/http/portal";
import { json, withRoute } from "@/lib/http/route";
import { resetPasswordSchema } from "@/lib/schemas/auth";

export const POST = withRoute(
  async ({ req, host, clientIp }) => {
    const input = await parseJson(req, resetPasswordSchema);
    const portal = await requirePortal(host);
    await resetPassword(
      {
        password: input.password,
        passwordConfirmation: input.passwordConfirmation,
        tokenId: input.tokenId,
        companyId: portal.companyId,
      },
      { clientIp },
    );
    return json({ redirectTo: "/portal/login?message=passwordChanged" });
  },
  { mutating: true },
);
