import "server-only";
import type { FetchQueryOptions, QueryClient, QueryKey } from "@tanstack/react-query";
import { SessionEndedError } from "@/lib/billing/errors";
import { callForPage } from "@/lib/http/page-call";
import type { PortalSession } from "@/lib/session/types";

// The one server prefetch of every feature (CONVENTIONS 11, 12): a page's server render runs a
// feature's queryOptions (lib/<feature>/queries.ts) with a /v1 loader and the page's session, and
// the browser hydrates the cache, so the first paint needs no request. A failure leaves the query
// empty (not dehydrated): the browser fetches it and, failing again, shows that part's error. An
// ended session is the page's to handle (redirect), so SessionEndedError is thrown on.

/** Who a server-side loader calls /v1 for. */
export type PageCaller = { accessToken: string; clientIp: string };

/**
 * Runs the query `build` returns for the page's caller and keeps its data in `client`. Not retried
 * (a page render must not wait on retries); `label` names it in the server log.
 */
export async function prefetchQuery<T, K extends QueryKey>(
  client: QueryClient,
  session: PortalSession,
  build: (caller: PageCaller) => FetchQueryOptions<T, Error, T, K>,
  label: string,
): Promise<void> {
  try {
    await callForPage(session, (accessToken, clientIp) =>
      client.fetchQuery({ ...build({ accessToken, clientIp }), retry: false, staleTime: 0 }),
    );
  } catch (err) {
    if (err instanceof SessionEndedError) throw err;
    // Upstream refusals and outages (they carry a status) are expected; anything else is a bug.
    if (!(err instanceof Error) || !("status" in err))
      console.error(`[${label}] prefetch failed`, err);
  }
}
