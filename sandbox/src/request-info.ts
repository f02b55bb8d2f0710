/** What the logs, faults and limits need to know about a request. */
import type { Context } from "hono";
import { matchedRoutes } from "hono/route";
import type { SandboxEnv } from "./env";

/** The path as sent (percent-encoding kept, no query): what faults are matched against. */
export function rawPath(c: Context): string {
  return new URL(c.req.url).pathname;
}

/** The pattern of the route answering this request (`/v1/register/:tokenId`), or null when none matched. */
export function routePattern(c: Context): string | null {
  // Middleware is registered for ALL methods; routes for one.
  return matchedRoutes(c).find((r) => r.method !== "ALL")?.path ?? null;
}

/** Paths are logged by route pattern; unmatched paths with token-like segments are redacted. */
export function loggablePath(c: Context): string {
  const pattern = routePattern(c);
  if (pattern) return pattern;
  const redacted = rawPath(c)
    .split("/")
    .map((s) => (/^[A-Za-z0-9._~%-]{20,}$/.test(s) ? ":redacted" : s))
    .join("/");
  return redacted.length > 200 ? `${redacted.slice(0, 200)}…` : redacted;
}

/** X-Client-IP (set by the BFF) or the socket's address. Generic, so handlers behind requireUser can pass their `c`. */
export function clientIp<E extends SandboxEnv>(c: Context<E>): string {
  const header = c.req.header("x-client-ip")?.trim();
  if (header) return header.slice(0, 100);
  return c.env?.incoming?.socket.remoteAddress ?? "unknown";
}

/**
 * The browser's User-Agent for a sign-in: X-Client-User-Agent (the portal forwards it), else the
 * caller's own User-Agent; control characters blanked, at most 512 characters, null when none.
 */
export function clientUserAgent<E extends SandboxEnv>(c: Context<E>): string | null {
  const raw = c.req.header("x-client-user-agent")?.trim() || c.req.header("user-agent")?.trim();
  if (!raw) return null;
  return raw.replace(/[\u0000-\u001f\u007f]/g, " ").slice(0, 512);
}
