// GET /api/invoices/:invoiceId/pdf – a signed URL of the invoice's PDF, or {url: null}
import { requestInvoicePdfUrl } from "@/lib/billing/lists";
import { pathId } from "@/lib/http/path-id";
import { json, withRoute } from "@/lib/http/route";

export const GET = withRoute<{ invoiceId: string }>(
  async ({ params, clientIp, authed }) => {
    const invoiceId = pathId(params.invoiceId);
    return json(
      await authed((accessToken) => requestInvoicePdfUrl({ accessToken, clientIp }, invoiceId)),
    );
  },
  { auth: true },
);
