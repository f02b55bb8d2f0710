import { describe, expect, it } from "vitest";
import { billingRequest, parseRetryAfter } from "@/lib/billing/client";
import { BillingApiError } from "@/lib/billing/errors";
import { fail, ok, setUpFakeUpstream } from "./support";

const upstream = setUpFakeUpstream();

async function caught(promise: Promise<unknown>): Promise<BillingApiError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(BillingApiError);
    return err as BillingApiError;
  }
  throw new Error("expected a BillingApiError");
}

describe("billingRequest: the envelope", () => {
  it("returns data of a code-200 envelope", async () => {
    upstream.on("GET", "/v1/user/me", ok({ id: "u1" }));
    await expect(billingRequest("/v1/user/me")).resolves.toEqual({ id: "u1" });
  });

  it("treats an envelope without code as 200", async () => {
    upstream.on("GET", "/v1/user/me", { status: 200, body: { data: [1, 2] } });
    await expect(billingRequest("/v1/user/me")).resolves.toEqual([1, 2]);
  });

  it("sends the bearer token, X-Client-IP, the JSON body and the query — and nothing of the browser", async () => {
    upstream.on("POST", "/v1/auth/generate_portal_logs", ok({ success: true }));
    await billingRequest("/v1/auth/generate_portal_logs", {
      method: "POST",
      body: { a: 1 },
      query: { companyId: "acme", action: "logout", email: "ada@acme.test", skipped: undefined },
      accessToken: "tok",
      clientIp: "203.0.113.9",
    });
    const [call] = upstream.calls;
    expect(call?.headers.authorization).toBe("Bearer tok");
    expect(call?.headers["x-client-ip"]).toBe("203.0.113.9");
    expect(call?.headers["content-type"]).toBe("application/json");
    expect(call?.headers.cookie).toBeUndefined();
    expect(call?.body).toEqual({ a: 1 });
    expect(Object.fromEntries(call?.query ?? [])).toEqual({
      companyId: "acme",
      action: "logout",
      email: "ada@acme.test",
    });
  });

  it("maps code ≠ 200 to a BillingApiError with the upstream errorCode", async () => {
    upstream.on(
      "POST",
      "/v1/auth/login",
      fail(401, "invalid_credentials", "Invalid e-mail or password"),
    );
    const err = await caught(billingRequest("/v1/auth/login", { method: "POST", body: {} }));
    expect(err).toMatchObject({ status: 401, code: "invalid_credentials", retryAfter: null });
  });

  it("maps an envelope whose code disagrees with HTTP 200 to an error", async () => {
    upstream.on("GET", "/v1/user/me", {
      status: 200,
      body: { code: 404, data: null, error: "gone" },
    });
    const err = await caught(billingRequest("/v1/user/me"));
    expect(err).toMatchObject({ status: 404, code: "not_found" });
  });

  it("derives a code from the status when the upstream gives none", async () => {
    upstream.on("GET", "/v1/user/me", {
      status: 500,
      body: { code: 500, data: null, error: "boom" },
    });
    const err = await caught(billingRequest("/v1/user/me"));
    expect(err).toMatchObject({ status: 500, code: "upstream_error" });
  });

  it("answers 502 upstream_malformed to a body that is not JSON", async () => {
    upstream.on("GET", "/v1/user/me", { status: 200, raw: "<html>oops</html>" });
    const err = await caught(billingRequest("/v1/user/me"));
    expect(err).toMatchObject({ status: 502, code: "upstream_malformed" });
  });

  it("answers 502 upstream_malformed to JSON that is not an envelope", async () => {
    upstream.on("GET", "/v1/user/me", { status: 200, raw: "[1,2,3]" });
    expect(await caught(billingRequest("/v1/user/me"))).toMatchObject({
      status: 502,
      code: "upstream_malformed",
    });
  });

  it("answers 504 upstream_unavailable after the timeout", async () => {
    upstream.on("GET", "/v1/user/me", { ...ok({}), delayMs: 500 });
    const err = await caught(billingRequest("/v1/user/me", { timeoutMs: 50 }));
    expect(err).toMatchObject({ status: 504, code: "upstream_unavailable" });
  });

  it("reads the timeout from BILLING_TIMEOUT_MS", async () => {
    process.env.BILLING_TIMEOUT_MS = "50";
    upstream.on("GET", "/v1/user/me", { ...ok({}), delayMs: 500 });
    expect(await caught(billingRequest("/v1/user/me"))).toMatchObject({ status: 504 });
  });

  it("does not follow an upstream redirect: 502, and nothing is asked of the redirect's target", async () => {
    upstream.on("GET", "/v1/user/me", {
      status: 302,
      headers: { Location: "/v1/auth/elsewhere" },
      raw: "",
    });
    upstream.on("GET", "/v1/auth/elsewhere", ok({ id: "u1" }));
    const err = await caught(billingRequest("/v1/user/me"));
    expect(err).toMatchObject({ status: 502, code: "upstream_unavailable" });
    expect(upstream.calls.map((c) => c.path)).toEqual(["/v1/user/me"]);
  });

  it("answers 502 upstream_unavailable when nothing listens", async () => {
    process.env.BILLING_API_URL = "http://127.0.0.1:1";
    const err = await caught(billingRequest("/v1/user/me"));
    expect(err).toMatchObject({ status: 502, code: "upstream_unavailable" });
  });

  it("carries 429's Retry-After header in seconds", async () => {
    upstream.on(
      "POST",
      "/v1/auth/login",
      fail(429, "rate_limited", "Too many attempts", { "Retry-After": "120" }, { retryAfter: 120 }),
    );
    const err = await caught(billingRequest("/v1/auth/login", { method: "POST", body: {} }));
    expect(err).toMatchObject({ status: 429, code: "rate_limited", retryAfter: 120 });
  });

  it("falls back to data.retryAfter when a 429 has no Retry-After header", async () => {
    upstream.on(
      "POST",
      "/v1/auth/login",
      fail(429, "rate_limited", "slow down", {}, { retryAfter: 30 }),
    );
    expect(
      await caught(billingRequest("/v1/auth/login", { method: "POST", body: {} })),
    ).toMatchObject({ retryAfter: 30 });
  });

  it("refuses paths outside /v1 without calling anybody", async () => {
    for (const path of [
      "/__sandbox/reset",
      "/v1/../__sandbox/reset",
      "//evil.example/v1/x",
      "/v1/a//b",
    ]) {
      await expect(billingRequest(path)).rejects.toBeInstanceOf(BillingApiError);
    }
    expect(upstream.calls).toHaveLength(0);
  });

  it("never copies the request body (a refresh token) into the error", async () => {
    upstream.on(
      "POST",
      "/v1/auth/refresh-tokens",
      fail(401, "token_invalid", "refresh token revoked"),
    );
    const err = await caught(
      billingRequest("/v1/auth/refresh-tokens", {
        method: "POST",
        body: { refreshToken: "secret-refresh" },
      }),
    );
    expect(JSON.stringify({ ...err, message: err.message })).not.toContain("secret-refresh");
  });
});

describe("parseRetryAfter", () => {
  it("reads delta-seconds, HTTP dates and the body", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(parseRetryAfter("90", null, now)).toBe(90);
    expect(parseRetryAfter("Thu, 01 Jan 2026 00:01:00 GMT", null, now)).toBe(60);
    expect(parseRetryAfter(null, { retryAfter: 12.2 }, now)).toBe(13);
    expect(parseRetryAfter("soon", null, now)).toBeNull();
  });
});
