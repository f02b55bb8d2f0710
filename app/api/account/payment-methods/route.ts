// GET /api/account/payment-methods – the selected customer's payment methods and the gateway setup
// POST /api/account/payment-methods – add a tokenized card or bank account (spec 000 §3 payload); the new method
import { addPaymentMethod, requestPaymentMethods } from "@/lib/billing/account";
import { parseJson } from "@/lib/http/json";
import { json, withRoute } from "@/lib/http/route";
import { addPaymentMethodSchema } from "@/lib/schemas/account-forms";

export const GET = withRoute(
  async ({ clientIp, authed }) =>
    json(await authed((accessToken) => requestPaymentMethods({ accessToken, clientIp }))),
  { auth: true },
);

export const POST = withRoute(
  async ({ req, clientIp, authed }) => {
    const payload = await parseJson(req, addPaymentMethodSchema);
    const method = await authed((accessToken, session) => {
      // The customer is the session's, whatever the browser says.
      const { customer_id: _ignored, ...rest } = payload;
      const customer = session.selectedCustomerId;
      return addPaymentMethod(
        { accessToken, clientIp },
        customer ? { ...rest, customer_id: customer } : rest,
      );
    });
    return json(method, { status: 201 });
  },
  { auth: true, mutating: true },
);
