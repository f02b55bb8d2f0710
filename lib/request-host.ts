import "server-only";
import { headers } from "next/headers";

// The company comes from the request's Host (docs/SECURITY.md §10). X-Forwarded-* are client-controlled
// unless a proxy we run overwrites them, so they count only with TRUST_PROXY=true.

type HeaderSource = Pick<Headers, "get">;

/** Whether X-Forwarded-Host/-Proto/-For come from a proxy we trust (env TRUST_PROXY=true). */
export function trustProxy(): boolean {
  return process.env.TRUST_PROXY === "true";
}

function firstEntry(value: string | null): string | null {
  const first = value?.split(",")[0]?.trim();
  return first ? first : null;
}

/** The raw host (with port) the browser addressed, lower-cased; null when absent or malformed. */
export function rawHostFromHeaders(h: HeaderSource): string | null {
  const value =
    (trustProxy() ? firstEntry(h.get("x-forwarded-host")) : null) ?? h.get("host")?.trim() ?? "";
  const lower = value.toLowerCase();
  if (!lower || lower.length > 300) return null;
  // host name or IPv4, or [IPv6], then an optional port: nothing that could carry a path or userinfo.
  const m = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/.exec(lower);
  if (!m || Number(m[1] ?? 0) > 65535) return null;
  return lower;
}

/** The host name without port (IPv6 without brackets), lower-cased; "" when absent or malformed. */
export function hostFromHeaders(h: HeaderSource): string {
  const raw = rawHostFromHeaders(h);
  if (!raw) return "";
  if (raw.startsWith("[")) return raw.slice(1, raw.indexOf("]"));
  return raw.replace(/:\d+$/, "").replace(/\.$/, "");
}

/** The request's own origin (scheme://host[:port]) from Host and protocol, or null. */
export function requestOrigin(req: { headers: HeaderSource; url: string }): string | null {
  const raw = rawHostFromHeaders(req.headers);
  if (!raw) return null;
  let proto = trustProxy() ? firstEntry(req.headers.get("x-forwarded-proto")) : null;
  if (!proto) {
    try {
      proto = new URL(req.url).protocol.replace(/:$/, "");
    } catch {
      return null;
    }
  }
  if (proto !== "http" && proto !== "https") return null;
  try {
    return new URL(`${proto}://${raw}`).origin;
  } catch {
    return null;
  }
}

/** Written by server.mjs from the socket on every request, over anything the client sent. */
export const CLIENT_IP_HEADER = "x-portal-client-ip";

function ipOrNull(value: string | null | undefined): string | null {
  const ip = value?.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  return ip && ip.length <= 64 && /^[0-9a-fA-F.:]+$/.test(ip) ? ip : null;
}

/**
 * The browser's IP for X-Client-IP (the upstream's per-client sign-in limits). Route handlers cannot
 * see the socket, so server.mjs writes its address into CLIENT_IP_HEADER. With TRUST_PROXY=true the
 * socket is our proxy's, so the address is the last X-Forwarded-For entry: the one our proxy added
 * (nginx's $proxy_add_x_forwarded_for appends to what the client sent; an overwrite leaves one).
 * Nothing else a client sends (X-Real-IP, its own X-Forwarded-For) ever counts. "local" only when
 * the portal runs without server.mjs (unit tests).
 */
export function clientIpFromHeaders(h: HeaderSource): string {
  if (trustProxy()) {
    const forwarded = h.get("x-forwarded-for")?.split(",");
    const last = ipOrNull(forwarded?.[forwarded.length - 1]);
    if (last) return last;
  }
  return ipOrNull(h.get(CLIENT_IP_HEADER)) ?? "local";
}

/** The request's host name without port (X-Forwarded-Host only when TRUST_PROXY=true). */
export async function getRequestHost(): Promise<string> {
  return hostFromHeaders(await headers());
}

/** The browser's IP as sent upstream in X-Client-IP (see clientIpFromHeaders). */
export async function getClientIp(): Promise<string> {
  return clientIpFromHeaders(await headers());
}
