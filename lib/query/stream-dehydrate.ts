import "server-only";
import { dehydrate, type DehydratedState, type QueryClient } from "@tanstack/react-query";
import { BillingApiError, RefreshNeededError, SessionEndedError } from "@/lib/billing/errors";
import type { StreamedOutcome } from "./streamed-state";

// The server's side of streamed-state.ts: the page's dehydrated cache, with each part still
// loading sent as a promise that resolves to its outcome and never rejects.

function statusOf(err: unknown): number {
  if (err instanceof BillingApiError) return err.status;
  if (err instanceof SessionEndedError || err instanceof RefreshNeededError) return 401;
  return 0;
}

function settle(promise: Promise<unknown>, label: string): Promise<StreamedOutcome> {
  return promise.then(
    (data): StreamedOutcome => ({ streamed: "ok", data }),
    (err: unknown): StreamedOutcome => {
      const status = statusOf(err);
      // Upstream refusals and outages are expected (an outage is logged as the BFF logs one);
      // anything else is a bug, and never the error object itself: it could hold a token.
      if (err instanceof BillingApiError && status >= 500)
        console.error(`[${label}] billing API error ${status} ${err.code}`);
      if (status === 0) {
        const name = err instanceof Error ? err.name : typeof err;
        console.error(`[${label}] a streamed part failed unexpectedly: ${name}`);
      }
      return { streamed: "failed", status };
    },
  );
}

/** dehydrate(client) for a page's HydrationBoundary (components/query/streamed-hydration.tsx). */
export function dehydrateForStream(client: QueryClient, label: string): DehydratedState {
  const state = dehydrate(client);
  return {
    ...state,
    queries: state.queries.map((query) =>
      query.promise ? { ...query, promise: settle(query.promise, label) } : query,
    ),
  };
}
