// POST /api/auth/factor-setup – a required second factor's setup begins: the app's key and QR code
import { BillingApiError } from "@/lib/billing/errors";
import { enrollTotp } from "@/lib/billing/factors";
import { RouteError } from "@/lib/http/errors";
import { json, withRoute } from "@/lib/http/route";
import { requestLocale } from "@/lib/i18n/locale";
import { getMessages } from "@/lib/i18n/messages";
import { factorSetupCookie } from "@/lib/session/factor-setup";

export const POST = withRoute(
  async ({ req, host, clientIp }) => {
    const step = await factorSetupCookie.read(
      req.cookies.get(factorSetupCookie.name())?.value,
      host,
    );
    if (!step) throw new RouteError("second_step_expired");
    const { account } = await getMessages(requestLocale(req));
    try {
      return json(
        await enrollTotp(
          { accessToken: step.session.accessToken, clientIp },
          account.security.add.defaultName,
        ),
      );
    } catch (error) {
      if (error instanceof BillingApiError && error.status === 401)
        throw new RouteError("second_step_expired");
      throw error;
    }
  },
  { mutating: true },
);
