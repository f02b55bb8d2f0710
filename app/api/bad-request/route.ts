// ANY /api/bad-request – where server.mjs sends a request it refuses before Next.js decodes it
// (invalid UTF-8 in the path, a NUL in the path or query): a 400 in the BFF's error shape with the
// BFF's headers, instead of Next.js's plain-text 500.
import { RouteError, toErrorResponse } from "@/lib/http/errors";
import { withApiHeaders } from "@/lib/http/route";

const badRequest = async (): Promise<Response> =>
  withApiHeaders(toErrorResponse(new RouteError("bad_request")));

export const GET = badRequest;
export const HEAD = badRequest;
export const POST = badRequest;
export const PUT = badRequest;
export const PATCH = badRequest;
export const DELETE = badRequest;
