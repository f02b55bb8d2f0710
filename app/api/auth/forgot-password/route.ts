// POST /api/auth/forgot-password – send a reset e-mail for this host's company (bot-checked)
import { requestPasswordReset } from "@/lib/billing/auth";
import { parseJson } from "@/lib/http/json";
import { requirePortal } from "@/lib/http/portal";
import { json, withRoute } from "@/lib/http/route";
import { forgotPasswordSchema } from "@/lib/schemas/auth";

export const POST = withRoute(
  async ({ req, host, clientIp }) => {
    const input = await parseJson(req, forgotPasswordSchema);
    const portal = await requirePortal(host);
    await requestPasswordReset(
      { email: input.email, companyId: portal.companyId, captchaToken: input.captchaToken },
      { clientIp },
    );
    return json({ ok: true });
  },
  { mutating: true },
);
