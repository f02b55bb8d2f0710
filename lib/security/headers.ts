// Security headers for every answer proxy.ts touches (docs/SECURITY.md §7, §8). Pure.

const TOKEN_IN_PATH = [
  /^\/portal\/login\/[^/]+\/[^/]+\/?$/, // punch-out
  /^\/portal\/register\/[^/]+/,
  /^\/portal\/reset-password\/[^/]+/,
  /^\/portal\/verify-email\/[^/]+/,
];

/** Whether the URL path carries a single-use token (then no Referer may leak it). */
export function hasTokenInPath(pathname: string): boolean {
  return TOKEN_IN_PATH.some((re) => re.test(pathname));
}

/** no-referrer where the path carries a token, else strict-origin-when-cross-origin. */
export function referrerPolicyFor(pathname: string): string {
  return hasTokenInPath(pathname) ? "no-referrer" : "strict-origin-when-cross-origin";
}

/** Pages under /portal and the BFF are per user: never stored by a browser or shared cache. */
export function isNoStorePath(pathname: string): boolean {
  return (
    pathname === "/portal" ||
    pathname.startsWith("/portal/") ||
    pathname === "/api" ||
    pathname.startsWith("/api/")
  );
}

export const PERMISSIONS_POLICY =
  "camera=(), microphone=(), geolocation=(), usb=(), browsing-topics=(), interest-cohort=()";

/** The headers for a response to `pathname`; HSTS only when the portal runs on https (COOKIE_SECURE). */
export function securityHeaders({
  pathname,
  csp,
  hsts,
}: {
  pathname: string;
  csp: string;
  hsts: boolean;
}): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": referrerPolicyFor(pathname),
    "Permissions-Policy": PERMISSIONS_POLICY,
    "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
  };
  if (hsts) headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  if (isNoStorePath(pathname)) headers["Cache-Control"] = "no-store";
  return headers;
}
