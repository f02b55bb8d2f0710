// Cheap work before every page and BFF request (Next.js 16's proxy, Node.js runtime): security
// headers with a per-request CSP nonce, the optimistic sign-in redirects, and a proactive token
// refresh, because server components cannot write cookies. Not an auth boundary: pages and handlers
// check the session themselves (docs/SECURITY.md §4).
import { NextResponse, type NextRequest } from "next/server";
import { clientIpFromHeaders, hostFromHeaders } from "@/lib/request-host";
import { PORTAL_PATH_HEADER, SESSION_ENDED_HEADER } from "@/lib/portal-path";
import { safeReturnPath } from "@/lib/return-path";
import { accountPageProviders } from "@/lib/security/account-csp";
import { buildCsp, createNonce } from "@/lib/security/csp";
import { securityHeaders } from "@/lib/security/headers";
import { usesPaymentProviders } from "@/lib/security/payment-origins";
import { cookieSecure, sessionCookieSettings } from "@/lib/session/config";
import {
  resolveProxySession,
  rewriteCookieHeader,
  type ProxySession,
} from "@/lib/session/proactive";

const SIGNED_OUT_ONLY = /^\/portal\/(?:login\/?|register\/.*|verify-email\/.*)$/;
const PUNCH_OUT = /^\/portal\/login\/[^/]+\/[^/]+\/?$/;
const NO_SESSION_WORK: ProxySession = { state: "none", session: null, cookie: null };

/**
 * Where the proxy sends this request instead, or null to let it through. Only the signed-in visitor
 * on a signed-out page: protected pages are the `(app)` route group's, whose layout sends a visitor
 * without a session to sign in.
 */
function redirectTarget(req: NextRequest, state: ProxySession): string | null {
  const { pathname, searchParams } = req.nextUrl;
  if (state.session && SIGNED_OUT_ONLY.test(pathname))
    return safeReturnPath(searchParams.get("returnTo"));
  return null;
}

export async function proxy(req: NextRequest): Promise<NextResponse> {
  const { pathname } = req.nextUrl;
  // The punch-out handler reads, refreshes and writes the session itself (as the BFF does, which
  // the matcher leaves out); a refresh here would only race with its own Set-Cookie.
  const state = PUNCH_OUT.test(pathname)
    ? NO_SESSION_WORK
    : await resolveProxySession(req.cookies.get(sessionCookieSettings().name)?.value, {
        host: hostFromHeaders(req.headers),
        clientIp: clientIpFromHeaders(req.headers),
      });

  const nonce = createNonce();
  const csp = buildCsp({
    nonce,
    pathname,
    dev: process.env.NODE_ENV === "development",
    hcaptchaScriptUrl: process.env.HCAPTCHA_SCRIPT_URL,
    providers: usesPaymentProviders(pathname)
      ? await accountPageProviders(hostFromHeaders(req.headers), state.session)
      : null,
  });

  const target = redirectTarget(req, state);
  let res: NextResponse;
  if (target) {
    res = NextResponse.redirect(new URL(target, req.url), 307);
  } else {
    const requestHeaders = new Headers(req.headers);
    // Next.js reads the nonce from the request's CSP header to tag its own scripts.
    requestHeaders.set("Content-Security-Policy", csp);
    requestHeaders.set("x-nonce", nonce);
    // For the (app) layout's sign-in redirect: where to come back to, and whether a session just ended.
    requestHeaders.set(PORTAL_PATH_HEADER, req.nextUrl.pathname + req.nextUrl.search);
    if (state.state === "expired") requestHeaders.set(SESSION_ENDED_HEADER, "1");
    else requestHeaders.delete(SESSION_ENDED_HEADER);
    if (state.cookie) {
      // This request's server components must already see the refreshed (or cleared) session.
      const cookieHeader = rewriteCookieHeader(req.headers.get("cookie"), state.cookie.value);
      if (cookieHeader) requestHeaders.set("cookie", cookieHeader);
      else requestHeaders.delete("cookie");
    }
    res = NextResponse.next({ request: { headers: requestHeaders } });
  }

  for (const [name, value] of Object.entries(
    securityHeaders({ pathname, csp, hsts: cookieSecure() }),
  )) {
    res.headers.set(name, value);
  }
  if (state.cookie) res.cookies.set(state.cookie);
  return res;
}

export const config = {
  matcher: [
    // Everything but the BFF (withRoute sets its headers and handles its session), build assets,
    // the favicon and static files (with an extension) under /brand and /fonts.
    "/((?!api/|_next/static|_next/image|favicon\\.ico|brand/.+\\.\\w+$|fonts/.+\\.\\w+$).*)",
  ],
};
