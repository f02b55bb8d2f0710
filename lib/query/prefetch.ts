import "server-only";
import type { FetchQueryOptions, QueryClient, QueryKey } from "@tanstack/react-query";
import { RefreshNeededError, SessionEndedError } from "@/lib/billing/errors";
import { callForPage } from "@/lib/http/page-call";
import type { PortalSession } from "@/lib/session/types";

// The one server prefetch of every feature (docs/CONVENTIONS.md 11, 12): a page's server render runs a
// feature's queryOptions (lib/<feature>/queries.ts) with a /v1 loader and the page's session, and
// the browser hydrates the cache, so the first paint needs no request. A failure leaves the query
// empty (not dehydrated): the browser fetches it and, failing again, shows that part's error (a
// refused token too: the BFF refreshes it and can save the cookie, a render cannot). An
// ended session is the page's to handle (redirect), so SessionEndedError is thrown on.

/** Who a server-side loader calls /v1 for. */
export type PageCaller = { accessToken: string; clientIp: string };

const DEFAULT_PAGE_DATA_WAIT_MS = 1_000;

/**
 * How long a page render waits for a part's data before it paints without it (PAGE_DATA_WAIT_MS,
 * default 1 s). A slower part is not given up: it follows in the same response when it settles.
 */
export function pageDataWaitMs(): number {
  const value = Number(process.env.PAGE_DATA_WAIT_MS);
  return Number.isFinite(value) && value >= 0 ? value : DEFAULT_PAGE_DATA_WAIT_MS;
}

/**
 * Whether a page part's failure is one the page expects: an ended session, a token to refresh
 * where the cookie can be written, an upstream refusal or outage (they carry a status). Anything
 * else is a bug, for the server log.
 */
export function isExpectedFailure(err: unknown): boolean {
  return (
    err instanceof SessionEndedError ||
    err instanceof RefreshNeededError ||
    (err instanceof Error && "status" in err)
  );
}

type Outcome = { failed: false } | { failed: true; err: unknown } | "waiting";

/**
 * Runs the query `build` returns for the page's caller and keeps its data in `client`. Not retried
 * (a page render must not wait on retries); `label` names it in the server log.
 *
 * The render waits at most pageDataWaitMs(): a part still loading then is left pending, and the
 * query client dehydrates it with its promise (lib/query-client.ts), so the page paints at once and
 * the part's data (or its failure, at BILLING_TIMEOUT_MS at the latest) streams in after it. The
 * browser does not ask again for a part the server already waited for (shouldRetry): a slow
 * billing API costs one timeout, not one per retry.
 */
export async function prefetchQuery<T, K extends QueryKey>(
  client: QueryClient,
  session: PortalSession,
  build: (caller: PageCaller) => FetchQueryOptions<T, Error, T, K>,
  label: string,
): Promise<void> {
  const fetching = callForPage(session, (accessToken, clientIp) =>
    client.fetchQuery({ ...build({ accessToken, clientIp }), retry: false, staleTime: 0 }),
  ).then(
    (): Outcome => ({ failed: false }),
    (err: unknown): Outcome => ({ failed: true, err }),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve("waiting"), pageDataWaitMs());
  });
  const outcome = await Promise.race([fetching, waited]);
  clearTimeout(timer);
  if (outcome === "waiting" || !outcome.failed) return;
  const { err } = outcome;
  if (err instanceof SessionEndedError) throw err;
  // A refused token: the browser's own request refreshes it where the cookie can be written.
  if (err instanceof RefreshNeededError) return;
  if (!isExpectedFailure(err)) console.error(`[${label}] prefetch failed`, err);
}
