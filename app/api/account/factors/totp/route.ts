// POST /api/account/factors/totp – start adding an authenticator app: its key and QR code
import { enrollTotp } from "@/lib/billing/factors";
import { json, withRoute } from "@/lib/http/route";
import { requestLocale } from "@/lib/i18n/locale";
import { getMessages } from "@/lib/i18n/messages";

export const POST = withRoute(
  async ({ req, clientIp, authed }) => {
    // Named in the customer's language: the name is shown on the card and in the activity log.
    const { account } = await getMessages(requestLocale(req));
    const enrollment = await authed((accessToken) =>
      enrollTotp({ accessToken, clientIp }, account.security.add.defaultName),
    );
    // Shown once: withRoute answers with Cache-Control: no-store.
    return json(enrollment);
  },
  { auth: true, mutating: true },
);
