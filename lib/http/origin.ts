import "server-only";
import { requestOrigin } from "@/lib/request-host";
import { RouteError } from "./errors";

// CSRF defence for mutating routes (docs/SECURITY.md §3): JSON only, the custom header X-CSRF: 1 (a
// cross-site form cannot send either without a CORS preflight we never grant), and an Origin equal
// to our own — or, without Origin, Sec-Fetch-Site: same-origin.

function isJson(contentType: string | null): boolean {
  const essence = contentType?.split(";")[0]?.trim().toLowerCase();
  return essence === "application/json";
}

/** Throws RouteError("forbidden") or ("unsupported_media_type") unless the request is a same-origin JSON call. */
export function assertSameOrigin(req: Request): void {
  const h = req.headers;
  if (h.get("x-csrf") !== "1") throw new RouteError("forbidden");

  const origin = h.get("origin");
  if (origin !== null) {
    // "null" (sandboxed frames, some redirects) and foreign origins are refused alike.
    const own = requestOrigin(req);
    let presented: string | null = null;
    try {
      presented = origin === "null" ? null : new URL(origin).origin;
    } catch {
      presented = null;
    }
    if (!own || !presented || presented !== own) throw new RouteError("forbidden");
  } else if (h.get("sec-fetch-site") !== "same-origin") {
    throw new RouteError("forbidden");
  }

  if (!isJson(h.get("content-type"))) throw new RouteError("unsupported_media_type");
}
