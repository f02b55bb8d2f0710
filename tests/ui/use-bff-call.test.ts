// @vitest-environment jsdom
import { act, createElement as h, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serverFieldErrors, useBffCall } from "@/components/forms/use-bff-call";
import { GlobalLoadingProvider, useGlobalLoading } from "@/components/shell/global-loading";
import { ApiError } from "@/lib/api-client";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
});

/** Mounts `hook` under the loading provider; hands back its latest result and the overlay flag. */
function mount<T>(hook: () => T) {
  let latest: T | undefined;
  let loading = false;
  function Probe() {
    latest = hook();
    loading = useGlobalLoading().loading;
    return null;
  }
  root = createRoot(document.createElement("div"));
  act(() => root!.render(h(GlobalLoadingProvider, null, h(Probe) as ReactNode)));
  return { current: () => latest as T, loading: () => loading };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("useBffCall: the one submit of every BFF form", () => {
  it("sends one call at a time under the loading overlay, then reports success", async () => {
    const gate = deferred<string>();
    const submit = vi.fn(() => gate.promise);
    const onSuccess = vi.fn();
    const hook = mount(() => useBffCall({ submit, onSuccess }));
    let first!: Promise<unknown>;
    act(() => void (first = hook.current().send({ a: 1 })));
    expect(hook.current().state.isPending).toBe(true);
    expect(hook.loading()).toBe(true);
    // A second submit while the first is out sends nothing.
    await act(async () => expect(await hook.current().send({ a: 2 })).toBeNull());
    await act(async () => {
      gate.resolve("done");
      await first;
    });
    expect(submit).toHaveBeenCalledTimes(1);
    expect(onSuccess).toHaveBeenCalledWith("done", { a: 1 });
    expect(hook.current().state).toEqual({ isPending: false, isSuccess: true, error: null });
    expect(hook.loading()).toBe(false);
  });

  it("hands back a failure and lowers the overlay; the next submit goes out again", async () => {
    const refusal = new ApiError(422, "validation", "errors.validation", {
      email: "validation.email",
    });
    const submit = vi.fn().mockRejectedValueOnce(refusal).mockResolvedValueOnce("ok");
    const hook = mount(() => useBffCall({ submit }));
    let failure: unknown;
    await act(async () => void (failure = await hook.current().send("x")));
    expect(failure).toEqual({ error: refusal });
    expect(hook.current().state.error).toBe(refusal);
    expect(hook.loading()).toBe(false);
    await act(async () => void (failure = await hook.current().send("x")));
    expect(failure).toBeNull();
    expect(submit).toHaveBeenCalledTimes(2);
  });
});

describe("serverFieldErrors", () => {
  it("lists a 422's field keys in the form's order, none for other failures", () => {
    const refusal = new ApiError(422, "validation", "errors.validation", {
      password: "validation.required",
      email: "validation.email",
      other: "validation.invalid",
    });
    expect(serverFieldErrors(refusal, ["email", "password"])).toEqual([
      ["email", "validation.email"],
      ["password", "validation.required"],
    ]);
    expect(serverFieldErrors(new Error("boom"), ["email"])).toEqual([]);
  });
});
