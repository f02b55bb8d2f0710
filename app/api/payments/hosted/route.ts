// POST /api/payments/hosted {selection, amount?} – the hosted pay-now page for exactly that set
import { requestPayNowSetUrl } from "@/lib/billing/payments";
import { parseJson } from "@/lib/http/json";
import { json, withRoute } from "@/lib/http/route";
import { hostedPayBodySchema } from "@/lib/schemas/payments-forms";

export const POST = withRoute(
  async ({ req, clientIp, authed }) => {
    const body = await parseJson(req, hostedPayBodySchema);
    const url = await authed((accessToken) =>
      requestPayNowSetUrl(
        { accessToken, clientIp },
        { selection: body.selection, ...(body.amount !== undefined && { amount: body.amount }) },
      ),
    );
    return json({ url });
  },
  { auth: true, mutating: true, refusalDetail: true },
);
