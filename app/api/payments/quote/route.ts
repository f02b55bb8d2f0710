// POST /api/payments/quote {selection} – the open invoices chosen and what they owe, before paying
import { resolveSelection } from "@/lib/billing/payments";
import { parseJson } from "@/lib/http/json";
import { json, withRoute } from "@/lib/http/route";
import { quoteBodySchema } from "@/lib/schemas/payments-forms";

export const POST = withRoute(
  async ({ req, clientIp, authed }) => {
    const { selection } = await parseJson(req, quoteBodySchema);
    return json(
      await authed((accessToken) => resolveSelection({ accessToken, clientIp }, selection)),
    );
  },
  { auth: true, mutating: true },
);
