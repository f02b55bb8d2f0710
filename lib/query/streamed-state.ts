import type { DehydratedState } from "@tanstack/react-query";

// A page streams the parts its render did not wait for: each pending query goes to the browser
// with its promise (lib/query/prefetch.ts). A promise that rejects on its way through React's
// server render is an error of the render to Next.js (logged with a stack, as a crash would be),
// while a slow or failing billing API is an outcome the page expects. So the server settles each
// streamed part into an outcome that always resolves (stream-dehydrate.ts), and the browser turns
// it back into the data or the part's failure here.

/** What a streamed part came to: its data, or the HTTP status of its failure (0: not an HTTP one). */
export type StreamedOutcome =
  | { readonly streamed: "ok"; readonly data: unknown }
  | { readonly streamed: "failed"; readonly status: number };

/**
 * The failure of a part the server's render already waited for: not the BFF's ApiError, so the
 * browser does not ask again (lib/query-client.ts shouldRetry); the part shows its error and Retry.
 */
export class StreamedPartError extends Error {
  readonly status: number;

  constructor(status: number) {
    super("the page's streamed part failed");
    this.name = "StreamedPartError";
    this.status = status;
  }
}

function isOutcome(value: unknown): value is StreamedOutcome {
  return (
    typeof value === "object" &&
    value !== null &&
    "streamed" in value &&
    (value.streamed === "ok" || value.streamed === "failed")
  );
}

type Settled = { ok: true; value: unknown } | { ok: false; error: unknown };

function unwrap(value: unknown): Settled {
  if (!isOutcome(value)) return { ok: true, value };
  return value.streamed === "ok"
    ? { ok: true, value: value.data }
    : { ok: false, error: new StreamedPartError(value.status) };
}

type OnFulfilled = ((value: unknown) => unknown) | null | undefined;
type OnRejected = ((reason: unknown) => unknown) | null | undefined;

function deliver(settled: Settled, onFulfilled: OnFulfilled, onRejected: OnRejected): unknown {
  if (settled.ok) return onFulfilled ? onFulfilled(settled.value) : settled.value;
  if (onRejected) return onRejected(settled.error);
  throw settled.error;
}

/**
 * A thenable that settles as the part did. Hydration reads a part that has already arrived
 * synchronously (TanStack Query's tryResolveSync), as it does React's own streamed thenables, so
 * an arrived part paints with the page and not one frame later: a real Promise would always answer
 * a tick late, hence a thenable.
 */
function settledThenable(source: PromiseLike<unknown>): PromiseLike<unknown> {
  let settled: Settled | null = null;
  const waiting: ((s: Settled) => void)[] = [];
  const settle = (s: Settled) => {
    settled = s;
    for (const notify of waiting.splice(0)) notify(s);
  };
  source.then(
    (value) => settle(unwrap(value)),
    () => settle({ ok: false, error: new StreamedPartError(0) }),
  );
  return {
    then<R1 = unknown, R2 = never>(onFulfilled?: OnFulfilled, onRejected?: OnRejected) {
      const now = settled;
      if (now) {
        try {
          return Promise.resolve(deliver(now, onFulfilled, onRejected)) as PromiseLike<R1 | R2>;
        } catch (error) {
          return Promise.reject(error) as PromiseLike<R1 | R2>;
        }
      }
      return new Promise<R1 | R2>((resolve, reject) => {
        waiting.push((s) => {
          try {
            resolve(deliver(s, onFulfilled, onRejected) as R1 | R2);
          } catch (error) {
            reject(error);
          }
        });
      });
    },
  };
}

/** The browser's side: each streamed part's promise settles with its data or its failure again. */
export function restoreStreamedState(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) =>
      query.promise
        ? // DehydratedState types the promise as a Promise; hydration only ever calls its then.
          { ...query, promise: settledThenable(query.promise) as Promise<unknown> }
        : query,
    ),
  };
}
