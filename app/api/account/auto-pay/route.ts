// PUT /api/account/auto-pay – switch auto-pay (refused with 403 auto_pay_not_editable unless the customer may)
import { updateAutoPay } from "@/lib/billing/account";
import { parseJson } from "@/lib/http/json";
import { json, withRoute } from "@/lib/http/route";
import { autoPaySchema } from "@/lib/schemas/account-forms";

export const PUT = withRoute(
  async ({ req, clientIp, authed }) => {
    const { autoPay } = await parseJson(req, autoPaySchema);
    const saved = await authed((accessToken) => updateAutoPay({ accessToken, clientIp }, autoPay));
    return json({ autoPay: saved });
  },
  { auth: true, mutating: true },
);
