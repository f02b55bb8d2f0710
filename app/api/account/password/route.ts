// POST /api/account/password – change the password; a wrong current password is a field error, never a sign-out
import { changePassword } from "@/lib/billing/account";
import { BillingApiError } from "@/lib/billing/errors";
import { RouteError } from "@/lib/http/errors";
import { parseJson } from "@/lib/http/json";
import { json, withRoute } from "@/lib/http/route";
import { changePasswordSchema } from "@/lib/schemas/account-forms";

export const POST = withRoute(
  async ({ req, clientIp, authed }) => {
    const body = await parseJson(req, changePasswordSchema);
    try {
      await authed((accessToken) => changePassword({ accessToken, clientIp }, body));
    } catch (error) {
      if (error instanceof BillingApiError && error.code === "invalid_current_password")
        throw new RouteError("validation", {
          fields: { currentPassword: "account.changePassword.wrongCurrent" },
        });
      throw error;
    }
    return json({ ok: true });
  },
  { auth: true, mutating: true },
);
