import "server-only";
import { isListId } from "@/lib/lists/definitions";
import type { ListId } from "@/lib/schemas/lists";
import { getPortalConfig } from "@/lib/portal-config";
import { RouteError } from "./errors";

/** The list a BFF path names, when this host's company enabled its tab; otherwise 404. */
export async function enabledList(host: string, raw: string): Promise<ListId> {
  if (!isListId(raw)) throw new RouteError("not_found");
  const portal = await getPortalConfig(host);
  if (!portal?.enabledTabs.includes(raw)) throw new RouteError("not_found");
  return raw;
}
