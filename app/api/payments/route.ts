// POST /api/payments {selection, amount?, paymentMethodId, idempotencyKey} – one payment with a
// saved method, made once per key (the browser keeps the key across its own retries)
import { makePayment } from "@/lib/billing/payments";
import { parseJson } from "@/lib/http/json";
import { json, withRoute } from "@/lib/http/route";
import { payBodySchema } from "@/lib/schemas/payments-forms";

export const POST = withRoute(
  async ({ req, clientIp, authed }) => {
    const body = await parseJson(req, payBodySchema);
    const payment = await authed((accessToken) =>
      makePayment(
        { accessToken, clientIp },
        {
          selection: body.selection,
          ...(body.amount !== undefined && { amount: body.amount }),
          paymentMethodId: body.paymentMethodId,
          key: body.idempotencyKey,
        },
      ),
    );
    return json({ payment });
  },
  { auth: true, mutating: true, refusalDetail: true },
);
