// GET /api/payments/:paymentId/receipt – a signed URL of the payment's receipt PDF, or {url: null}
import { requestReceiptUrl } from "@/lib/billing/payments";
import { pathId } from "@/lib/http/path-id";
import { json, withRoute } from "@/lib/http/route";

export const GET = withRoute<{ paymentId: string }>(
  async ({ params, clientIp, authed }) => {
    const paymentId = pathId(params.paymentId);
    return json(
      await authed((accessToken) => requestReceiptUrl({ accessToken, clientIp }, paymentId)),
    );
  },
  { auth: true },
);
