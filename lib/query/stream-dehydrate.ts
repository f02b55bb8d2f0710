import "server-only";
import { dehydrate, type DehydratedState, type QueryClient } from "@tanstack/react-query";
import { BillingApiError } from "@/lib/billing/errors";
import { isExpectedFailure } from "./prefetch";

// A page streams the parts its render did not wait for: each pending query goes to the browser
// with its promise (lib/query/prefetch.ts). A promise that rejects on its way through React's
// server render is an error of the render to Next.js, logged with a stack as a crash would be,
// while a slow or failing billing API is an outcome the page expects. So a streamed part that
// fails resolves without data instead: TanStack Query refuses undefined data as the query's
// error, without a retry, which is what the browser did with the rejection (the part shows its
// error and Retry; lib/query-client.ts shouldRetry), and the browser needs no code for it.

function settle(promise: Promise<unknown>, label: string): Promise<unknown> {
  return promise.catch((err: unknown) => {
    // Upstream refusals and outages are expected (an outage is logged as the BFF logs one);
    // anything else is a bug, and never the error object itself: it could hold a token.
    if (err instanceof BillingApiError) {
      if (err.status >= 500)
        console.error(`[${label}] billing API error ${err.status} ${err.code}`);
    } else if (!isExpectedFailure(err)) {
      const name = err instanceof Error ? err.name : typeof err;
      console.error(`[${label}] a streamed part failed unexpectedly: ${name}`);
    }
    return undefined;
  });
}

/** dehydrate(client) for a page's HydrationBoundary: streamed parts never reject. */
export function dehydrateForStream(client: QueryClient, label: string): DehydratedState {
  const state = dehydrate(client);
  return {
    ...state,
    queries: state.queries.map((query) =>
      query.promise ? { ...query, promise: settle(query.promise, label) } : query,
    ),
  };
}
