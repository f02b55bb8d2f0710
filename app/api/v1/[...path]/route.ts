// ANY /api/v1/[...path] – forward an allow-listed /v1 call with the session's bearer token; {data}
import type { NextRequest } from "next/server";
import { billingRequest, type HttpMethod } from "@/lib/billing/client";
import { matchForwardRoute } from "@/lib/billing/forward-table";
import { RouteError, toErrorResponse } from "@/lib/http/errors";
import { parseJson } from "@/lib/http/json";
import { json, withApiHeaders, withRoute } from "@/lib/http/route";

type Params = { path: string[] };
type Context = { params: Promise<Params> };

// Only the bearer token, X-Client-IP and the validated JSON body go upstream: never the browser's
// Cookie or other headers. Unknown paths (404) and methods (405) never reach the upstream.
function handler(method: HttpMethod) {
  const mutating = method !== "GET";
  const forward = withRoute<Params>(
    async ({ req, params, clientIp, authed }) => {
      const match = matchForwardRoute(method, params.path);
      if (match.kind !== "ok") throw new RouteError("not_found");
      const { route, upstreamPath } = match;
      const body = route.body ? await parseJson(req, route.body) : undefined;
      let query: Record<string, string | number | boolean | undefined> | undefined;
      if (route.query) {
        const parsed = route.query.safeParse(Object.fromEntries(req.nextUrl.searchParams));
        if (!parsed.success) throw new RouteError("validation");
        query = parsed.data;
      }
      const data = await authed((accessToken) =>
        billingRequest<unknown>(upstreamPath, { method, body, query, accessToken, clientIp }),
      );
      return json({ data: data ?? null });
    },
    { auth: true, mutating },
  );

  return async function route(req: NextRequest, context: Context): Promise<Response> {
    const { path } = await context.params;
    const match = matchForwardRoute(method, path);
    if (match.kind === "method_not_allowed") {
      return withApiHeaders(
        toErrorResponse(
          new RouteError("method_not_allowed", { headers: { Allow: match.allow.join(", ") } }),
        ),
      );
    }
    if (match.kind === "not_found")
      return withApiHeaders(toErrorResponse(new RouteError("not_found")));
    return forward(req, context);
  };
}

export const GET = handler("GET");
export const POST = handler("POST");
export const PUT = handler("PUT");
export const PATCH = handler("PATCH");
export const DELETE = handler("DELETE");
