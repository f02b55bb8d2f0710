// POST /api/account/factors/totp – start adding an authenticator app: its key and QR code
import { enrollTotp } from "@/lib/billing/factors";
import { json, withRoute } from "@/lib/http/route";

export const POST = withRoute(
  async ({ clientIp, authed }) => {
    const enrollment = await authed((accessToken) => enrollTotp({ accessToken, clientIp }));
    // Shown once: withRoute answers with Cache-Control: no-store.
    return json(enrollment);
  },
  { auth: true, mutating: true },
);
