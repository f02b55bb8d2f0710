import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiFetch } from "@/lib/api-client";

type Captured = { url: string; init: RequestInit };

function stubFetch(response: Response | Error): Captured[] {
  const calls: Captured[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    if (response instanceof Error) throw response;
    return response;
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  const err = await promise.catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe("apiFetch", () => {
  it("posts JSON same-origin with X-CSRF: 1", async () => {
    const calls = stubFetch(Response.json({ redirectTo: "/portal/dashboard" }));
    await expect(
      apiFetch("/api/auth/login", { method: "POST", body: { email: "a" } }),
    ).resolves.toEqual({
      redirectTo: "/portal/dashboard",
    });
    const [call] = calls;
    expect(call?.url).toBe("/api/auth/login");
    expect(call?.init.credentials).toBe("same-origin");
    expect(call?.init.headers).toMatchObject({ "X-CSRF": "1", "Content-Type": "application/json" });
    expect(call?.init.body).toBe('{"email":"a"}');
  });

  it("sends an empty JSON object for a POST without body (logout)", async () => {
    const calls = stubFetch(Response.json({ redirectTo: "/portal/login" }));
    await apiFetch("/api/auth/logout", { method: "POST" });
    expect(calls[0]?.init.body).toBe("{}");
  });

  it("sends GET without a body", async () => {
    const calls = stubFetch(Response.json({ data: 1 }));
    await apiFetch("/api/v1/user/me");
    expect(calls[0]?.init.method).toBe("GET");
    expect(calls[0]?.init.body).toBeUndefined();
  });

  it("throws ApiError with code, message key and fields", async () => {
    stubFetch(
      Response.json(
        {
          error: {
            code: "validation",
            message: "errors.validation",
            fields: { email: "validation.email" },
          },
        },
        { status: 422 },
      ),
    );
    const err = await apiError(apiFetch("/api/auth/login", { body: {} }));
    expect(err).toMatchObject({
      status: 422,
      code: "validation",
      message: "errors.validation",
      fields: { email: "validation.email" },
      retryAfter: null,
    });
  });

  it("reads retryAfter from the body, or from the Retry-After header", async () => {
    stubFetch(
      Response.json(
        {
          error: { code: "rate_limited", message: "errors.auth.tooManyAttempts", retryAfter: 840 },
        },
        { status: 429, headers: { "Retry-After": "840" } },
      ),
    );
    expect((await apiError(apiFetch("/api/auth/login", { body: {} }))).retryAfter).toBe(840);
    stubFetch(new Response("", { status: 429, headers: { "Retry-After": "30" } }));
    const err = await apiError(apiFetch("/api/auth/login", { body: {} }));
    expect(err).toMatchObject({ status: 429, retryAfter: 30, message: "errors.generic" });
  });

  it("turns a network failure into errors.network", async () => {
    stubFetch(new TypeError("Failed to fetch"));
    expect(await apiError(apiFetch("/api/session"))).toMatchObject({
      status: 0,
      code: "network",
      message: "errors.network",
    });
  });

  it("only calls the BFF", async () => {
    const calls = stubFetch(Response.json({}));
    for (const path of ["https://evil.example/api/x", "//evil.example/api/x", "/portal/login"]) {
      await apiError(apiFetch(path));
    }
    expect(calls).toHaveLength(0);
  });
});
