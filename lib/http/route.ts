import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { adoptRotation, callWithSession } from "@/lib/billing/authed";
import { SessionEndedError } from "@/lib/billing/errors";
import { clientIpFromHeaders, hostFromHeaders } from "@/lib/request-host";
import { securityHeaders } from "@/lib/security/headers";
import { cookieSecure } from "@/lib/session/config";
import { shouldSlide } from "@/lib/session/seal";
import type { PortalSession } from "@/lib/session/types";
import { RouteError, toErrorResponse, type RouteErrorCode } from "./errors";
import { assertSameOrigin } from "./origin";
import { assertPortalHost } from "./portal";
import { refusalResponse } from "./refusal-detail";
import { clearSessionCookie, readRequestSession, writeSessionCookie } from "./session";

export type RouteCtx<P> = {
  req: NextRequest;
  params: P;
  /** Host name of the request (the company's portal). */
  host: string;
  /** For X-Client-IP upstream (see clientIpFromHeaders). */
  clientIp: string;
  /** The valid session, or null (always set when the route has `auth: true`). */
  session: PortalSession | null;
  /** Seal this session into the answer's cookie (a sign-in seals a brand-new object). */
  setSession(session: PortalSession): void;
  /** Remove the session cookie in the answer. */
  clearSession(): void;
  /** Runs an upstream call with the session's token (refresh single-flight, once after a 401). */
  authed<T>(fn: (accessToken: string, session: PortalSession) => Promise<T>): Promise<T>;
};

type Options = {
  mutating?: boolean;
  /** Answers on any host, a host without a portal included (the language picker of that page). */
  anyHost?: boolean;
  auth?: boolean;
  /** An upstream refusal (400, 404, 409) answers with the billing API's own words as `detail`. */
  refusalDetail?: boolean;
};
type Handler<P> = (ctx: RouteCtx<P>) => Promise<Response>;
type CookieOp = { kind: "set"; session: PortalSession } | { kind: "clear" } | null;

/** Wraps a BFF handler: CSRF checks, session read and re-seal, error mapping, Cache-Control: no-store. */
export function withRoute<P = Record<string, never>>(handler: Handler<P>, options: Options = {}) {
  return async function route(
    req: NextRequest,
    context: { params: Promise<P> },
  ): Promise<Response> {
    let op: CookieOp = null;
    let res: Response;
    try {
      const host = hostFromHeaders(req.headers);
      // Before anything else: a request that reaches no company has nothing to check or call.
      if (!options.anyHost) await assertPortalHost(host);
      if (options.mutating) assertSameOrigin(req);
      const params = await context.params;
      // A NUL reaches nothing useful upstream (PostgreSQL text refuses it): refused here, as a 400.
      if (hasNul(req.nextUrl.searchParams) || hasNul(Object.entries(params ?? {})))
        throw new RouteError("bad_request");
      const clientIp = clientIpFromHeaders(req.headers);
      const read = await readRequestSession(req, host);
      if (read.state === "invalid") op = { kind: "clear" };
      if (options.auth && !read.session)
        throw new RouteError(read.state === "invalid" ? "session_expired" : "unauthorized");
      // A rotation another request of this process made (it raced with this one) is adopted and saved.
      const session = read.session && (adoptRotation(read.session) ?? read.session);
      if (session && (session !== read.session || shouldSlide(session)))
        op = { kind: "set", session };

      const ctx: RouteCtx<P> = {
        req,
        params,
        host,
        clientIp,
        session,
        setSession: (session) => {
          op = { kind: "set", session };
          ctx.session = session;
        },
        clearSession: () => {
          op = { kind: "clear" };
          ctx.session = null;
        },
        authed: async (fn) => {
          if (!ctx.session) throw new RouteError("unauthorized");
          const out = await callWithSession(ctx.session, fn, { clientIp });
          if (out.refreshed) ctx.setSession(out.session);
          return out.result;
        },
      };
      res = await handler(ctx);
    } catch (err) {
      // Any pending cookie change stands (a refresh that succeeded before the failure has spent the
      // old refresh token); only the end of the session replaces it.
      if (err instanceof SessionEndedError) op = { kind: "clear" };
      res = (options.refusalDetail ? refusalResponse(err) : null) ?? toErrorResponse(err);
    }
    return finalize(res, op);
  };
}

/** Whether a query's or path parameters' names or values hold a NUL character. */
function hasNul(entries: Iterable<[string, unknown]>): boolean {
  for (const [key, value] of entries) if (`${key}${String(value)}`.includes("\0")) return true;
  return false;
}

// The BFF answers JSON only: nothing in it may run, load or be framed. proxy.ts does not run for
// /api/ (its per-request nonce, CSP and session work cost CPU on every BFF call,
// bench/profile-bff.ts, for nothing a JSON answer uses), so the BFF sets its own headers here.
const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

// The same headers on every answer (only HSTS follows COOKIE_SECURE): built once per setting,
// not once per call.
const apiHeaderCache = new Map<boolean, [string, string][]>();
function apiHeaderEntries(hsts: boolean): [string, string][] {
  let entries = apiHeaderCache.get(hsts);
  if (!entries) {
    entries = Object.entries(securityHeaders({ pathname: "/api/", csp: API_CSP, hsts }));
    apiHeaderCache.set(hsts, entries);
  }
  return entries;
}

/**
 * The security headers of docs/SECURITY.md §7–8 on a BFF answer, Cache-Control: no-store included. A
 * header the handler set itself stands (the punch-out handler's Referrer-Policy: no-referrer).
 */
export function withApiHeaders<R extends Response>(res: R): R {
  for (const [name, value] of apiHeaderEntries(cookieSecure()))
    if (!res.headers.has(name)) res.headers.set(name, value);
  res.headers.set("Cache-Control", "no-store");
  return res;
}

async function finalize(res: Response, op: CookieOp): Promise<Response> {
  const out = withApiHeaders(res instanceof NextResponse ? res : new NextResponse(res.body, res));
  try {
    if (op?.kind === "set") await writeSessionCookie(out, op.session);
    else if (op?.kind === "clear") clearSessionCookie(out);
  } catch {
    console.error("[bff] could not write the session cookie");
    return toErrorResponse(new RouteError("internal"));
  }
  return out;
}

/**
 * The handlers of a route that answers one refusal of the table to every method, with the BFF's
 * headers (an unknown /api/ path, a request server.mjs refused).
 */
export function refusalRoute(code: RouteErrorCode) {
  const refuse = async (): Promise<Response> =>
    withApiHeaders(toErrorResponse(new RouteError(code)));
  return { GET: refuse, HEAD: refuse, POST: refuse, PUT: refuse, PATCH: refuse, DELETE: refuse };
}

/**
 * A JSON answer (withRoute adds Cache-Control: no-store): what NextResponse.json answers, built
 * once (NextResponse.json makes a Response, then a second one around its body).
 */
export function json(data: unknown, init: ResponseInit = {}): NextResponse {
  const body = JSON.stringify(data) as string | undefined;
  if (body === undefined) throw new TypeError("Value is not JSON serializable");
  const headers = new Headers(init.headers);
  if (!headers.has("content-type")) headers.set("content-type", "application/json");
  return new NextResponse(body, { ...init, headers });
}
