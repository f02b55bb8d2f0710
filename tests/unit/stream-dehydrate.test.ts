import { QueryClient, hydrate } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BillingApiError, SessionEndedError } from "@/lib/billing/errors";
import { shouldRetry } from "@/lib/query-client";
import { dehydrateForStream } from "@/lib/query/stream-dehydrate";

// A page's parts that were still loading when it painted go to the browser as promises. One that
// rejected inside React's server render was logged by Next.js as a crash on every upstream
// timeout; the server now settles a failed part without data, and the browser shows that part's
// error without asking again, as it did with the rejection.

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

afterEach(() => vi.restoreAllMocks());

describe("dehydrateForStream", () => {
  it("settles a part that fails upstream without data, never as a rejection, and logs the outage", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const { server, reject } = pendingPart();
    const state = dehydrateForStream(server, "dashboard");
    reject(new BillingApiError(504, "upstream_unavailable", "billing API timed out"));
    await expect(state.queries[0]!.promise).resolves.toBeUndefined();
    expect(error.mock.calls).toEqual([["[dashboard] billing API error 504 upstream_unavailable"]]);
  });

  it("sends a part's data when it arrives", async () => {
    const { server, resolve } = pendingPart();
    const state = dehydrateForStream(server, "account");
    resolve({ rows: [1, 2] });
    await expect(state.queries[0]!.promise).resolves.toEqual({ rows: [1, 2] });
  });

  it("does not log an ended session or a refusal as an error", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    for (const failure of [
      new SessionEndedError(),
      new BillingApiError(404, "not_found", "no such customer"),
    ]) {
      const { server, reject } = pendingPart();
      const state = dehydrateForStream(server, "account");
      reject(failure);
      await expect(state.queries[0]!.promise).resolves.toBeUndefined();
    }
    expect(error).not.toHaveBeenCalled();
  });

  it("logs any other failure as unexpected, by its name only", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const { server, reject } = pendingPart();
    const state = dehydrateForStream(server, "account");
    reject(new TypeError("Bearer secret-token in a message"));
    await expect(state.queries[0]!.promise).resolves.toBeUndefined();
    expect(error.mock.calls).toEqual([
      ["[account] a streamed part failed unexpectedly: TypeError"],
    ]);
  });

  it("in the browser, a part settled without data is that part's error, and it is not asked again", async () => {
    const { server, reject } = pendingPart();
    const state = dehydrateForStream(server, "dashboard");
    vi.spyOn(console, "error").mockImplementation(() => {});
    reject(new BillingApiError(502, "upstream_unavailable", "billing API unreachable"));
    const browser = new QueryClient({ defaultOptions: { queries: { retry: shouldRetry } } });
    hydrate(browser, state);
    const query = browser.getQueryCache().find({ queryKey: ["part"] })!;
    await vi.waitFor(() => expect(query.state.status).toBe("error"));
    expect(query.state.fetchFailureCount).toBe(1);
    expect(query.state.data).toBeUndefined();
  });

  it("in the browser, a part that arrives hydrates with its data", async () => {
    const { server, resolve } = pendingPart();
    const state = dehydrateForStream(server, "dashboard");
    resolve(["row"]);
    const browser = new QueryClient();
    hydrate(browser, state);
    const query = browser.getQueryCache().find({ queryKey: ["part"] })!;
    await vi.waitFor(() => expect(query.state.data).toEqual(["row"]));
  });
});
