import {
  QueryClient,
  defaultShouldDehydrateQuery,
  isServer,
  type Mutation,
} from "@tanstack/react-query";
import { ApiError } from "@/lib/api-client";

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: {
      /**
       * false for a change that shows its own progress (a saved column layout is shown at once,
       * an export's dialog keeps its OK busy, a card form its button): the signed-in frame's
       * overlay, which covers the page while a mutation runs, leaves it out.
       */
      coversPage?: boolean;
    };
  }
}

/** Whether a running mutation covers the page with the loading overlay (components/providers.tsx). */
export const coversPage = (mutation: Mutation): boolean =>
  mutation.options.meta?.coversPage !== false;

const MAX_RETRIES = 2;

/**
 * Whether a failed query is worth another attempt: a network blip or an upstream failure the BFF
 * answered quickly (5xx but 504). Not a client error (4xx: the answer will not change), not a
 * timeout (504: the billing API is slow, and each retry would keep the customer waiting a whole
 * timeout more; the part shows its error with Retry at once), and not a failure the server's render
 * already waited for (any error that is not the BFF's ApiError: the page's streamed prefetch).
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status >= 400 && error.status < 500) return false;
  if (error.status === 504) return false;
  return failureCount < MAX_RETRIES;
}

/** The portal's React Query client: cached a while, no retries on 4xx, pending queries dehydrated. */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
      dehydrate: {
        shouldDehydrateQuery: (query) =>
          defaultShouldDehydrateQuery(query) || query.state.status === "pending",
        // Kept whole for the server's dehydrateForStream (lib/query/stream-dehydrate.ts), which
        // logs it and settles the part without data: no error object reaches the browser.
        shouldRedactErrors: () => false,
      },
    },
  });
}

let browserQueryClient: QueryClient | undefined;

/** A new client per server render; one shared client in the browser. */
export function getQueryClient(): QueryClient {
  if (isServer) return makeQueryClient();
  browserQueryClient ??= makeQueryClient();
  return browserQueryClient;
}
