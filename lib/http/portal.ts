import "server-only";
import { getPortalConfig, type PortalConfig } from "@/lib/portal-config";
import { RouteError } from "./errors";

/** The portal configuration of the request's host; 404 errors.noPortal when no company lives there. */
export async function requirePortal(host: string): Promise<PortalConfig> {
  const config = await getPortalConfig(host);
  if (!config) throw new RouteError("no_portal");
  return config;
}

/**
 * Refuses a BFF request whose Host names no company: 400 when it is no host name at all (absent,
 * a space, a port past 65535, an unclosed bracket), 404 when the billing API says no portal lives
 * there (the answer is cached per host, briefly when negative). A lookup that fails lets the
 * request through: the route's own calls meet the same failure and say so.
 */
export async function assertPortalHost(host: string): Promise<void> {
  if (!host) throw new RouteError("bad_request");
  let config: PortalConfig | null;
  try {
    config = await getPortalConfig(host);
  } catch {
    return;
  }
  if (!config) throw new RouteError("no_portal");
}
