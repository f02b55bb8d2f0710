// GET /api/account/contact-details – the selected customer's contact details, auto-pay and payment options
// PUT /api/account/contact-details – replace the contact fields; answers the details as saved
import { requestContactDetails, updateContactDetails } from "@/lib/billing/account";
import { parseJson } from "@/lib/http/json";
import { json, withRoute } from "@/lib/http/route";
import { contactDetailsSchema } from "@/lib/schemas/account-forms";

export const GET = withRoute(
  async ({ clientIp, authed }) =>
    json(await authed((accessToken) => requestContactDetails({ accessToken, clientIp }))),
  { auth: true },
);

export const PUT = withRoute(
  async ({ req, clientIp, authed }) => {
    const fields = await parseJson(req, contactDetailsSchema);
    return json(
      await authed((accessToken) => updateContactDetails({ accessToken, clientIp }, fields)),
    );
  },
  { auth: true, mutating: true },
);
