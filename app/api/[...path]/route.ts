// ANY /api/<unknown> – a JSON 404 with the BFF's headers. proxy.ts leaves /api/ alone, so without
// this a mistyped BFF path would get Next.js's HTML not-found page without a CSP.
import { RouteError, toErrorResponse } from "@/lib/http/errors";
import { withApiHeaders } from "@/lib/http/route";

const notFound = async (): Promise<Response> =>
  withApiHeaders(toErrorResponse(new RouteError("not_found")));

export const GET = notFound;
export const HEAD = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
