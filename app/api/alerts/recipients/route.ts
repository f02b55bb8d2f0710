// POST /api/alerts/recipients {email} – add an address; it is e-mailed a confirmation link
import { addAlertRecipient } from "@/lib/billing/alerts";
import { parseJson } from "@/lib/http/json";
import { json, withRoute } from "@/lib/http/route";
import { recipientFormSchema } from "@/lib/schemas/alerts";

export const POST = withRoute(
  async ({ req, clientIp, authed }) => {
    const { email } = await parseJson(req, recipientFormSchema);
    const recipient = await authed((accessToken) =>
      addAlertRecipient({ accessToken, clientIp }, email),
    );
    return json({ recipient });
  },
  { auth: true, mutating: true, refusalDetail: true },
);
