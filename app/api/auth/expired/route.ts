// GET /api/auth/expired?returnTo=P – end a session that no longer works, 303 to /portal/login?returnTo=P&error=sessionExpired
import { NextResponse } from "next/server";
import { billingRequest } from "@/lib/billing/client";
import { withRoute, type RouteCtx } from "@/lib/http/route";
import { loginPathFor, safeReturnPath } from "@/lib/return-path";

// Pages send the browser here after a 401 they cannot fix. The login page never redirects back here,
// and without a cookie the proxy lets it render: no loop. Being a GET, any site could link here, so a
// session that still works is kept (no forced sign-out) and the visitor goes back to returnTo.
export const GET = withRoute(async (ctx) => {
  const returnTo = ctx.req.nextUrl.searchParams.get("returnTo") ?? "";
  if (await stillWorks(ctx)) return seeOther(safeReturnPath(returnTo));
  ctx.clearSession();
  return seeOther(loginPathFor(returnTo, { error: "sessionExpired" }));
});

async function stillWorks(ctx: RouteCtx<Record<string, never>>): Promise<boolean> {
  if (!ctx.session) return false;
  try {
    await ctx.authed((accessToken) =>
      billingRequest<unknown>("/v1/user/me", { accessToken, clientIp: ctx.clientIp }),
    );
    return true;
  } catch {
    // Refused refresh, revoked tokens or an unreachable API: the page could not use this session.
    return false;
  }
}

function seeOther(location: string): NextResponse {
  return new NextResponse(null, { status: 303, headers: { Location: location } });
}
