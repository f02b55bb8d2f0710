// GET /api/plans?page&size&sort&search&planId&status – one page of the company's plan catalogue (the Add Plan dialog)
import { listPlans } from "@/lib/billing/subscriptions";
import { json, withRoute } from "@/lib/http/route";
import { parseQuery } from "@/lib/http/json";
import { planQuerySchema } from "@/lib/schemas/subscriptions-forms";

export const GET = withRoute(
  async ({ req, clientIp, authed }) => {
    const query = parseQuery(req.nextUrl.searchParams, planQuerySchema);
    return json(await authed((accessToken) => listPlans({ accessToken, clientIp }, query)));
  },
  { auth: true, refusalDetail: true },
);
