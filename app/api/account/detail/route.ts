// GET /api/account/detail – the balance banner's figures for the selected customer
import { requestAccountDetail } from "@/lib/billing/lists";
import { json, withRoute } from "@/lib/http/route";

export const GET = withRoute(
  async ({ clientIp, authed }) =>
    json(await authed((accessToken) => requestAccountDetail({ accessToken, clientIp }))),
  { auth: true },
);
