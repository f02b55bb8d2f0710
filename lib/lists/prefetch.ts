import "server-only";
import type { QueryClient } from "@tanstack/react-query";
import { requestAccountDetail, requestListPage } from "@/lib/billing/lists";
import { SessionEndedError } from "@/lib/billing/errors";
import { callForPage } from "@/lib/billing/page-call";
import type { PortalSession } from "@/lib/session/types";
import type { ListId } from "./definitions";
import { absorbListAnswer } from "./list-cache";
import type { ListView } from "./params";
import { accountKeys, listKeys } from "./query-keys";

// The dashboard's server render fills the React Query cache that the browser hydrates, so the
// first paint has the data and makes no request. A failure leaves the query empty: the browser
// then fetches it and, failing again, shows that list's error with Retry. An ended session is
// the page's to handle (redirect).

function rethrowSessionEnd(err: unknown): void {
  if (err instanceof SessionEndedError) throw err;
  if (!(err instanceof Error) || !("status" in err))
    console.error("[dashboard] prefetch failed", err);
}

/** Prefetches a list's page for a view, with its configuration and count. */
export async function prefetchList(
  client: QueryClient,
  session: PortalSession,
  list: ListId,
  customerId: string,
  view: ListView,
): Promise<void> {
  try {
    const answer = await callForPage(session, (accessToken, clientIp) =>
      requestListPage({ accessToken, clientIp }, list, view, { initial: true, withTotal: true }),
    );
    client.setQueryData(
      listKeys.page(list, customerId, view),
      absorbListAnswer(client, list, customerId, view, answer),
    );
  } catch (err) {
    rethrowSessionEnd(err);
  }
}

/** Prefetches the balance banner's account detail. */
export async function prefetchAccountDetail(
  client: QueryClient,
  session: PortalSession,
  customerId: string,
): Promise<void> {
  try {
    const detail = await callForPage(session, (accessToken, clientIp) =>
      requestAccountDetail({ accessToken, clientIp }),
    );
    client.setQueryData(accountKeys.detail(customerId), detail);
  } catch (err) {
    rethrowSessionEnd(err);
  }
}
