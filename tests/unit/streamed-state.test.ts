import { QueryClient, hydrate } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BillingApiError } from "@/lib/billing/errors";
import { shouldRetry } from "@/lib/query-client";
import { dehydrateForStream } from "@/lib/query/stream-dehydrate";
import { StreamedPartError, restoreStreamedState } from "@/lib/query/streamed-state";

// A page's parts that were still loading when it painted: the server sends each as a promise that
// never rejects (a rejection inside React's server render is logged by Next.js as a crash), and
// the browser settles it again as the data or the part's failure.

/** A server query client with one query still loading, and the way to settle it. */
function pendingPart() {
  const server = new QueryClient({
    defaultOptions: {
      dehydrate: { shouldDehydrateQuery: () => true, shouldRedactErrors: () => false },
    },
  });
  let resolve!: (v: unknown) => void;
  let reject!: (e: unknown) => void;
  void server
    .prefetchQuery({
      queryKey: ["part"],
      queryFn: () =>
        new Promise((res, rej) => {
          resolve = res;
          reject = rej;
        }),
    })
    .catch(() => {});
  return { server, resolve: (v: unknown) => resolve(v), reject: (e: unknown) => reject(e) };
}

/** React's streamed thenables answer `then` at once once they have arrived. */
function arrived(value: unknown): PromiseLike<unknown> {
  return {
    then(onFulfilled) {
      onFulfilled?.(value);
      return undefined as unknown as PromiseLike<never>;
    },
  };
}

afterEach(() => vi.restoreAllMocks());

describe("dehydrateForStream (the server's side)", () => {
  it("sends a part that fails upstream as its status, never as a rejection", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const { server, reject } = pendingPart();
    const state = dehydrateForStream(server, "dashboard");
    reject(new BillingApiError(504, "upstream_unavailable", "billing API timed out"));
    await expect(state.queries[0]!.promise).resolves.toEqual({ streamed: "failed", status: 504 });
    // An outage is logged as the BFF logs one, not as a crash.
    expect(error).toHaveBeenCalledWith("[dashboard] billing API error 504 upstream_unavailable");
  });

  it("sends a part's data when it arrives", async () => {
    const { server, resolve } = pendingPart();
    const state = dehydrateForStream(server, "account");
    resolve({ rows: [1, 2] });
    await expect(state.queries[0]!.promise).resolves.toEqual({
      streamed: "ok",
      data: { rows: [1, 2] },
    });
  });

  it("logs a failure that is not an upstream one as unexpected, by its name only", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const { server, reject } = pendingPart();
    const state = dehydrateForStream(server, "account");
    reject(new TypeError("Bearer secret-token in a message"));
    await expect(state.queries[0]!.promise).resolves.toEqual({ streamed: "failed", status: 0 });
    expect(error).toHaveBeenCalledWith("[account] a streamed part failed unexpectedly: TypeError");
    expect(JSON.stringify(error.mock.calls)).not.toContain("secret-token");
  });
});

describe("restoreStreamedState (the browser's side)", () => {
  const stateWith = (promise: PromiseLike<unknown>) => {
    const { server } = pendingPart();
    const state = dehydrateForStream(server, "x");
    return { ...state, queries: [{ ...state.queries[0]!, promise: promise as Promise<unknown> }] };
  };

  it("hydrates a part that has already arrived with its data, at once", () => {
    const client = new QueryClient();
    hydrate(client, restoreStreamedState(stateWith(arrived({ streamed: "ok", data: "rows" }))));
    const query = client.getQueryCache().find({ queryKey: ["part"] })!;
    expect(query.state.status).toBe("success");
    expect(query.state.data).toBe("rows");
  });

  it("turns a failed part into the part's error, which the browser does not retry", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: shouldRetry } } });
    hydrate(
      client,
      restoreStreamedState(stateWith(Promise.resolve({ streamed: "failed", status: 504 }))),
    );
    const query = client.getQueryCache().find({ queryKey: ["part"] })!;
    await vi.waitFor(() => expect(query.state.status).toBe("error"));
    expect(query.state.error).toBeInstanceOf(StreamedPartError);
    expect((query.state.error as StreamedPartError).status).toBe(504);
    expect(query.state.fetchFailureCount).toBe(1);
  });

  it("resolves a part that arrives later with its data", async () => {
    const client = new QueryClient();
    let arrive!: (v: unknown) => void;
    const later = new Promise((res) => (arrive = res));
    hydrate(client, restoreStreamedState(stateWith(later)));
    const query = client.getQueryCache().find({ queryKey: ["part"] })!;
    expect(query.state.status).toBe("pending");
    arrive({ streamed: "ok", data: 42 });
    await vi.waitFor(() => expect(query.state.data).toBe(42));
  });
});
