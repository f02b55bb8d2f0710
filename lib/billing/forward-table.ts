import "server-only";
import type { z } from "zod";
import type { HttpMethod } from "./client";

// The allow-list of /v1 calls the browser may make through /api/v1/[...path] (docs/ARCHITECTURE.md §3).
// The upstream path always comes from this table, never from the request URL, so a caller cannot
// point the request — or its bearer token — anywhere else. Later issues add rows: a method, a
// pattern (":name" matches one URL-safe segment), optionally a zod schema for the JSON body (required
// for POST/PUT/PATCH/DELETE with a body) and one for the query string (otherwise it is dropped).

export type ForwardRoute = {
  method: HttpMethod;
  /** BFF path below /api/v1/, e.g. "paymentMethods/:id/setDefault". */
  pattern: string;
  /** Upstream path; ":name" placeholders are filled with the matched (encoded) segments. */
  upstream: string;
  body?: z.ZodType;
  query?: z.ZodType<Record<string, string | number | boolean | undefined>>;
};

export const FORWARD_ROUTES: readonly ForwardRoute[] = [
  { method: "GET", pattern: "user/me", upstream: "/v1/user/me" },
  { method: "GET", pattern: "user/portalUserCustomer", upstream: "/v1/user/portalUserCustomer" },
  { method: "GET", pattern: "user/me/contactDetails", upstream: "/v1/user/me/contactDetails" },
];

const SEGMENT = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]{0,199}$/;

export type ForwardMatch =
  | { kind: "ok"; route: ForwardRoute; upstreamPath: string }
  | { kind: "not_found" }
  | { kind: "method_not_allowed"; allow: HttpMethod[] };

function matchPattern(pattern: string, segments: readonly string[]): Record<string, string> | null {
  const parts = pattern.split("/");
  if (parts.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of parts.entries()) {
    const segment = segments[i] ?? "";
    if (part.startsWith(":")) params[part.slice(1)] = segment;
    else if (part !== segment) return null;
  }
  return params;
}

/** Finds the table row for a method and the (decoded) path segments after /api/v1/. */
export function matchForwardRoute(
  method: string,
  segments: readonly string[],
  routes: readonly ForwardRoute[] = FORWARD_ROUTES,
): ForwardMatch {
  if (
    segments.length === 0 ||
    segments.length > 10 ||
    !segments.every((s) => SEGMENT.test(s) && !s.includes(".."))
  ) {
    return { kind: "not_found" };
  }
  const allow: HttpMethod[] = [];
  for (const route of routes) {
    const params = matchPattern(route.pattern, segments);
    if (!params) continue;
    if (route.method !== method) {
      if (!allow.includes(route.method)) allow.push(route.method);
      continue;
    }
    const upstreamPath = route.upstream.replace(/:([A-Za-z]\w*)/g, (_, name: string) =>
      encodeURIComponent(params[name] ?? ""),
    );
    return { kind: "ok", route, upstreamPath };
  }
  return allow.length > 0 ? { kind: "method_not_allowed", allow } : { kind: "not_found" };
}
