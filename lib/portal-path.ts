// What the proxy tells a protected page about its request, and where sign-in comes back to.
// Isomorphic and pure. The proxy overwrites both headers on every request, so a browser cannot
// plant them; even so, the path only ever feeds safeReturnPath.

/** The request's path and query, as the proxy saw it. */
export const PORTAL_PATH_HEADER = "x-portal-path";
/** Set by the proxy when it has just ended an idle, expired or refused session. */
export const SESSION_ENDED_HEADER = "x-portal-session-ended";

/** The return path of a protected page: /portal itself is an empty placeholder (spec 000 §2), so the dashboard. */
export function protectedReturnPath(path: string | null | undefined): string {
  if (!path || /^\/portal\/?(?:\?.*)?$/.test(path)) return "/portal/dashboard";
  return path;
}
