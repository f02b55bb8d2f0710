import "server-only";
import type { PortalConfig } from "./portal-config-types";
// STUB (replaced by the BFF work): see docs/CONTRACT.md §3.
/** The portal configuration of a host, or null when no portal lives there. */
export async function getPortalConfig(_host: string): Promise<PortalConfig | null> {
  throw new Error("not implemented");
}
