// GET /api/auth/expired?returnTo=P – clear the session, 303 to /portal/login?returnTo=P&error=sessionExpired
import { NextResponse } from "next/server";
import { withRoute } from "@/lib/http/route";
import { loginPathFor } from "@/lib/return-path";

// Pages send the browser here after a 401 they cannot fix. The login page never redirects back here,
// and without a cookie the proxy lets it render: no loop.
export const GET = withRoute(async ({ req, clearSession }) => {
  clearSession();
  const target = loginPathFor(req.nextUrl.searchParams.get("returnTo") ?? "", {
    error: "sessionExpired",
  });
  return new NextResponse(null, { status: 303, headers: { Location: target } });
});
