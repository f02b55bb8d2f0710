// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { testRouter, type RouterCalls } from "../lists-ui/router";
import { act, createElement as h } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiFetch } from "@/lib/api-client";
import { planQuerySchema } from "@/lib/schemas/subscriptions-forms";
import { readSubscriptionStatus } from "@/lib/subscriptions/params";
import { fetchCancelDate } from "@/lib/subscriptions/bff";
import { subscriptionKeys } from "@/lib/subscriptions/queries";
import {
  useApplyChangeMutation,
  useCancelSubscriptionMutation,
  usePreviewChangeMutation,
  useReactivateSubscriptionMutation,
} from "@/lib/subscriptions/mutations";
import { fetchPlanDetails, useSubscriptions } from "@/lib/subscriptions/use-subscriptions";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Captured = { url: string; init: RequestInit };

/** Stubs fetch with answers by path (without the query); records every call. */
function stubFetch(answers: Record<string, () => Response>): Captured[] {
  const calls: Captured[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const answer = answers[url.split("?")[0] ?? ""];
    return answer ? answer() : Response.json({ error: { code: "not_found" } }, { status: 404 });
  });
  return calls;
}

let root: Root | null = null;

/** Mounts a component that calls `hook` and hands back its latest result. */
function renderHook<T>(
  hook: () => T,
  client: QueryClient,
): { current: () => T; router: RouterCalls } {
  let latest: T | undefined;
  function Probe() {
    latest = hook();
    return null;
  }
  const mounted = createRoot(document.createElement("div"));
  root = mounted;
  const router = testRouter();
  act(() => mounted.render(router.wrap(h(QueryClientProvider, { client }, h(Probe)))));
  return { current: () => latest as T, router: router.calls };
}

const settle = () =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

afterEach(() => {
  if (root) act(() => root!.unmount());
  root = null;
  vi.unstubAllGlobals();
});

const newClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });

describe("subscriptionKeys", () => {
  it("nests every key under its customer, so one prefix invalidates them all", () => {
    const query = planQuerySchema.parse({});
    const prefix = subscriptionKeys.customer("c-1");
    expect(prefix).toEqual(["subscriptions", "c-1"]);
    for (const key of [
      subscriptionKeys.list("c-1", "active"),
      subscriptionKeys.plans("c-1", query),
      subscriptionKeys.plan("c-1", "PLN-1"),
    ])
      expect(key.slice(0, 2)).toEqual(prefix);
    expect(subscriptionKeys.list("c-1", "active")).not.toEqual(
      subscriptionKeys.list("c-1", "cancelled"),
    );
    expect(subscriptionKeys.plans("c-1", { ...query, search: undefined })).toEqual(
      subscriptionKeys.plans("c-1", query),
    );
  });
});

describe("readSubscriptionStatus", () => {
  it("reads the sub-tab and falls back to active", () => {
    expect(readSubscriptionStatus({ tab: "subscriptions", status: "cancelled" })).toBe("cancelled");
    expect(readSubscriptionStatus(new URLSearchParams("status=draft"))).toBe("active");
    expect(readSubscriptionStatus("?tab=subscriptions")).toBe("active");
  });
});

describe("ApiError.detail", () => {
  it("reads the detail of an error answer, and null when there is none", async () => {
    stubFetch({
      "/api/plans/PLN-9": () =>
        Response.json(
          { error: { code: "not_found", message: "errors.generic", detail: " Plan not found " } },
          { status: 404 },
        ),
      "/api/plans/PLN-8": () =>
        Response.json({ error: { code: "internal", message: "errors.generic" } }, { status: 500 }),
    });
    const withDetail = await apiFetch("/api/plans/PLN-9").catch((e: unknown) => e);
    expect(withDetail).toBeInstanceOf(ApiError);
    expect((withDetail as ApiError).detail).toBe("Plan not found");
    const without = await apiFetch("/api/plans/PLN-8").catch((e: unknown) => e);
    expect((without as ApiError).detail).toBeNull();
  });
});

describe("fetchPlanDetails", () => {
  it("refuses a blank id without a request", async () => {
    const calls = stubFetch({});
    await expect(fetchPlanDetails(newClient(), "c-1", "  ")).rejects.toThrow("Plan ID is required");
    expect(calls).toHaveLength(0);
  });

  it("fetches a plan once and serves it from the cache afterwards", async () => {
    const calls = stubFetch({
      "/api/plans/PLN-1": () => Response.json({ plan: { id: "PLN-1", name: "Basic" } }),
    });
    const client = newClient();
    await expect(fetchPlanDetails(client, "c-1", "PLN-1")).resolves.toMatchObject({
      id: "PLN-1",
    });
    await fetchPlanDetails(client, "c-1", "PLN-1");
    expect(calls.map((c) => c.url)).toEqual(["/api/plans/PLN-1"]);
  });
});

describe("useSubscriptions", () => {
  it("fetches the sub-tab's list and answers the subscriptions array", async () => {
    const calls = stubFetch({
      "/api/subscriptions": () => Response.json({ subscriptions: [{ id: "SUB-1" }] }),
    });
    const hook = renderHook(() => useSubscriptions("c-1", "cancelled"), newClient());
    // The answer takes a few ticks (fetch, body, render); a loaded machine needs more than one.
    await vi.waitFor(async () => {
      await settle();
      expect(hook.current().isSuccess).toBe(true);
    });
    expect(calls[0]?.url).toBe("/api/subscriptions?status=cancelled");
    expect(hook.current().data).toEqual([{ id: "SUB-1" }]);
  });
});

/** The subscriptions tab's mutations of one customer (lib/subscriptions/mutations.ts). */
function useSubscriptionMutations(customerId: string) {
  return {
    preview: usePreviewChangeMutation(),
    apply: useApplyChangeMutation(customerId),
    cancel: useCancelSubscriptionMutation(customerId),
    reactivate: useReactivateSubscriptionMutation(customerId),
  };
}

describe("lib/subscriptions/mutations", () => {
  it("applies by PUT and then invalidates the customer's lists; a preview invalidates nothing", async () => {
    const calls = stubFetch({
      "/api/subscriptions/SUB-1": () => Response.json({ subscription: { id: "SUB-1" } }),
      "/api/subscriptions/SUB-1/preview": () => Response.json({ priorInvoice: 1 }),
    });
    const client = newClient();
    client.setQueryData(subscriptionKeys.list("c-1", "active"), []);
    client.setQueryData(subscriptionKeys.list("c-2", "active"), []);
    const hook = renderHook(() => useSubscriptionMutations("c-1"), client);
    const stale = (customer: string) =>
      client.getQueryState(subscriptionKeys.list(customer, "active"))?.isInvalidated;

    await act(() =>
      hook.current().preview.mutateAsync({ id: "SUB-1", change: { fields: { name: "A" } } }),
    );
    expect(stale("c-1")).toBe(false);
    expect(hook.router.refresh).toBe(0);

    const applied = await act(() =>
      hook.current().apply.mutateAsync({ id: "SUB-1", change: { removePlans: ["SPL-1"] } }),
    );
    expect(applied).toEqual({ id: "SUB-1" });
    expect(stale("c-1")).toBe(true);
    expect(stale("c-2")).toBe(false);
    // The page's server parts again: the "This period" card follows the change.
    expect(hook.router.refresh).toBe(1);
    expect(calls.map((c) => [c.init.method, c.url])).toEqual([
      ["POST", "/api/subscriptions/SUB-1/preview"],
      ["PUT", "/api/subscriptions/SUB-1"],
    ]);
    expect(JSON.parse(String(calls[1]?.init.body))).toEqual({ removePlans: ["SPL-1"] });
  });

  it("cancels and reactivates by POST, invalidating the customer's lists", async () => {
    const calls = stubFetch({
      "/api/subscriptions/SUB-1/cancel": () => Response.json({ subscription: { id: "SUB-1" } }),
      "/api/subscriptions/SUB-1/reactivate": () => Response.json({ subscription: { id: "SUB-1" } }),
    });
    const client = newClient();
    client.setQueryData(subscriptionKeys.list("c-1", "cancelled"), []);
    const hook = renderHook(() => useSubscriptionMutations("c-1"), client);
    await act(() =>
      hook.current().cancel.mutateAsync({
        id: "SUB-1",
        input: { cancellationType: "today", cancellationDate: "2026-11-23" },
      }),
    );
    expect(client.getQueryState(subscriptionKeys.list("c-1", "cancelled"))?.isInvalidated).toBe(
      true,
    );
    await act(() => hook.current().reactivate.mutateAsync({ id: "SUB-1" }));
    expect(hook.router.refresh).toBe(2);
    expect(calls.map((c) => [c.init.method, c.url])).toEqual([
      ["POST", "/api/subscriptions/SUB-1/cancel"],
      ["POST", "/api/subscriptions/SUB-1/reactivate"],
    ]);
  });

  it("looks up a cancellation's end date, with the date of a specific_date", async () => {
    const calls = stubFetch({
      "/api/subscriptions/SUB-1/cancel-date": () => Response.json({ endDate: "2026-12-31" }),
    });
    await expect(fetchCancelDate("SUB-1", "today")).resolves.toBe("2026-12-31");
    await fetchCancelDate("SUB-1", "specific_date", "2027-01-15");
    expect(calls.map((c) => c.url)).toEqual([
      "/api/subscriptions/SUB-1/cancel-date?type=today",
      "/api/subscriptions/SUB-1/cancel-date?type=specific_date&date=2027-01-15",
    ]);
  });

  it("rejects with the ApiError of a refusal", async () => {
    stubFetch({
      "/api/subscriptions/SUB-1/reactivate": () =>
        Response.json(
          {
            error: { code: "invalid_request", message: "errors.generic", detail: "Not cancelled" },
          },
          { status: 400 },
        ),
    });
    const hook = renderHook(() => useSubscriptionMutations("c-1"), newClient());
    const error = await act(() =>
      hook
        .current()
        .reactivate.mutateAsync({ id: "SUB-1" })
        .catch((e: unknown) => e),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).detail).toBe("Not cancelled");
  });
});
