import "server-only";
import { isListId, type ListId } from "@/lib/lists/definitions";
import { getPortalConfig } from "@/lib/portal-config";
import { RouteError } from "./errors";

/** The list a BFF path names, when this host's company enabled its tab; otherwise 404. */
export async function enabledList(host: string, raw: string): Promise<ListId> {
  if (!isListId(raw)) throw new RouteError("not_found");
  const portal = await getPortalConfig(host);
  if (!portal?.enabledTabs.includes(raw)) throw new RouteError("not_found");
  return raw;
}

/** An id taken from a BFF path segment (invoice, attachment): short and plain, or 404. */
export function pathId(raw: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(raw)) throw new RouteError("not_found");
  return raw;
}
