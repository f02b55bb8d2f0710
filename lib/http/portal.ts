import "server-only";
import { getPortalConfig, type PortalConfig } from "@/lib/portal-config";
import { RouteError } from "./errors";

/** The portal configuration of the request's host; 404 errors.noPortal when no company lives there. */
export async function requirePortal(host: string): Promise<PortalConfig> {
  const config = await getPortalConfig(host);
  if (!config) throw new RouteError("no_portal");
  return config;
}
