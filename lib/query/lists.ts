import "server-only";
import type { QueryClient } from "@tanstack/react-query";
import { requestAccountDetail, requestListPage } from "@/lib/billing/lists";
import { accountDetailQuery, listPageQuery } from "@/lib/lists/queries";
import type { ListView } from "@/lib/lists/params";
import type { ListId } from "@/lib/schemas/lists";
import type { PortalSession } from "@/lib/session/types";
import { prefetchQuery } from "./prefetch";

// The dashboard's server prefetch of the lists: the lists' queryOptions (lib/lists/queries.ts),
// the same the browser's hooks use, run with the /v1 calls of lib/billing/lists.

/** Prefetches a list's page for a view, with its configuration and count. */
export function prefetchList(
  client: QueryClient,
  session: PortalSession,
  list: ListId,
  customerId: string,
  view: ListView,
): Promise<void> {
  return prefetchQuery(
    client,
    session,
    (caller) =>
      listPageQuery(client, list, customerId, view, (flags) =>
        requestListPage(caller, list, view, flags),
      ),
    "dashboard",
  );
}

/** Prefetches the balance banner's account detail. */
export function prefetchAccountDetail(
  client: QueryClient,
  session: PortalSession,
  customerId: string,
): Promise<void> {
  return prefetchQuery(
    client,
    session,
    (caller) => accountDetailQuery(customerId, () => requestAccountDetail(caller)),
    "dashboard",
  );
}
