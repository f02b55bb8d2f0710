// Return-path sanitising (docs/SECURITY.md §6). Isomorphic and pure: used by the login form, the proxy and the BFF.

export const DEFAULT_RETURN_PATH = "/portal/dashboard";

const MAX_LENGTH = 2048;
const DUMMY_ORIGIN = "http://return-path.invalid";
// Backslashes and C0/C1 control characters (tab, newline…) are never part of a path we follow.
const UNSAFE_CHARS = /[\\\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const ENCODED_SEPARATOR = /%(2f|5c)/i;

function decodeOnce(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** A same-origin path under /portal/ (path and query only), or the dashboard. */
export function safeReturnPath(input: unknown): string {
  if (typeof input !== "string" || input.length === 0 || input.length > MAX_LENGTH)
    return DEFAULT_RETURN_PATH;

  let candidate = input;
  if (!candidate.startsWith("/")) {
    // A whole return path encoded once ("%2Fportal%2Faccount"): decode that once, never again.
    if (!/^%2f/i.test(candidate)) return DEFAULT_RETURN_PATH;
    const decoded = decodeOnce(candidate);
    if (decoded === null) return DEFAULT_RETURN_PATH;
    candidate = decoded;
  }
  if (!candidate.startsWith("/") || candidate.startsWith("//")) return DEFAULT_RETURN_PATH;
  if (UNSAFE_CHARS.test(candidate)) return DEFAULT_RETURN_PATH;

  // Inspect (never use) the decoded form: encoded backslashes or control characters are refused too.
  const inspected = decodeOnce(candidate);
  if (inspected === null || UNSAFE_CHARS.test(inspected)) return DEFAULT_RETURN_PATH;
  const pathPart = candidate.split(/[?#]/, 1)[0] ?? "";
  if (ENCODED_SEPARATOR.test(pathPart) || pathPart.includes("//")) return DEFAULT_RETURN_PATH;

  let url: URL;
  try {
    url = new URL(candidate, DUMMY_ORIGIN);
  } catch {
    return DEFAULT_RETURN_PATH;
  }
  if (url.origin !== DUMMY_ORIGIN) return DEFAULT_RETURN_PATH;

  const path = url.pathname;
  // The router decodes "%6c" to "l": judge the path as it will be routed, too.
  const routed = decodeOnce(path);
  if (routed === null) return DEFAULT_RETURN_PATH;
  for (const p of [path, routed]) {
    if (p !== "/portal" && !p.startsWith("/portal/")) return DEFAULT_RETURN_PATH;
    // The login page itself would bounce straight back (and punch-out links are single-use).
    if (p === "/portal/login" || p.startsWith("/portal/login/")) return DEFAULT_RETURN_PATH;
  }

  return path + url.search;
}

/** /portal/login?returnTo=… for a path the visitor wanted (sanitised; the default is left out). */
export function loginPathFor(returnTo: unknown, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  const safe = safeReturnPath(returnTo);
  if (returnTo !== undefined && returnTo !== null && returnTo !== "") params.set("returnTo", safe);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return query ? `/portal/login?${query}` : "/portal/login";
}

/** /api/auth/expired?returnTo=… (sanitised): where a page sends a session that can no longer be used. */
export function expiredPathFor(returnTo: unknown): string {
  return `/api/auth/expired?returnTo=${encodeURIComponent(safeReturnPath(returnTo))}`;
}
