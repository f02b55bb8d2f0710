import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { BillingApiError, SessionEndedError } from "@/lib/billing/errors";
import { RouteError, toErrorResponse } from "@/lib/http/errors";
import { parseJson, MAX_BODY_BYTES } from "@/lib/http/json";
import { assertSameOrigin } from "@/lib/http/origin";
import { clientIpFromHeaders, hostFromHeaders, requestOrigin } from "@/lib/request-host";
import { loginSchema } from "@/lib/schemas/auth";

function post(
  headers: Record<string, string>,
  url = "http://localhost:3000/api/auth/login",
): Request {
  return new Request(url, { method: "POST", headers, body: "{}" });
}

const good = {
  host: "localhost:3000",
  origin: "http://localhost:3000",
  "x-csrf": "1",
  "content-type": "application/json",
};

function statusOf(fn: () => void): number {
  try {
    fn();
    return 200;
  } catch (err) {
    return toErrorResponse(err).status;
  }
}

beforeAll(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  delete process.env.TRUST_PROXY;
});

describe("mutating BFF routes: origin and CSRF checks", () => {
  it("accepts a same-origin JSON request with X-CSRF: 1", () => {
    expect(statusOf(() => assertSameOrigin(post(good)))).toBe(200);
  });

  it("accepts a charset parameter on the JSON content type", () => {
    expect(
      statusOf(() =>
        assertSameOrigin(post({ ...good, "content-type": "application/json; charset=utf-8" })),
      ),
    ).toBe(200);
  });

  it("accepts a missing Origin with Sec-Fetch-Site: same-origin", () => {
    const { origin: _origin, ...rest } = good;
    expect(
      statusOf(() => assertSameOrigin(post({ ...rest, "sec-fetch-site": "same-origin" }))),
    ).toBe(200);
  });

  it("answers 403 to a foreign origin", () => {
    expect(
      statusOf(() => assertSameOrigin(post({ ...good, origin: "https://evil.example" }))),
    ).toBe(403);
  });

  it("answers 403 to the same host on another port or scheme", () => {
    expect(
      statusOf(() => assertSameOrigin(post({ ...good, origin: "http://localhost:3001" }))),
    ).toBe(403);
    expect(
      statusOf(() => assertSameOrigin(post({ ...good, origin: "https://localhost:3000" }))),
    ).toBe(403);
  });

  it("answers 403 to another company's host", () => {
    expect(
      statusOf(() => assertSameOrigin(post({ ...good, origin: "http://127.0.0.1:3000" }))),
    ).toBe(403);
  });

  it("answers 403 to Origin: null", () => {
    expect(statusOf(() => assertSameOrigin(post({ ...good, origin: "null" })))).toBe(403);
  });

  it("answers 403 to a missing Origin without Sec-Fetch-Site", () => {
    const { origin: _origin, ...rest } = good;
    expect(statusOf(() => assertSameOrigin(post(rest)))).toBe(403);
  });

  it("answers 403 to a missing Origin with Sec-Fetch-Site: cross-site or same-site", () => {
    const { origin: _origin, ...rest } = good;
    expect(
      statusOf(() => assertSameOrigin(post({ ...rest, "sec-fetch-site": "cross-site" }))),
    ).toBe(403);
    expect(statusOf(() => assertSameOrigin(post({ ...rest, "sec-fetch-site": "same-site" })))).toBe(
      403,
    );
  });

  it("answers 403 without X-CSRF: 1", () => {
    const { "x-csrf": _csrf, ...rest } = good;
    expect(statusOf(() => assertSameOrigin(post(rest)))).toBe(403);
    expect(statusOf(() => assertSameOrigin(post({ ...good, "x-csrf": "0" })))).toBe(403);
  });

  it("answers 415 to a form post (non-JSON)", () => {
    expect(
      statusOf(() =>
        assertSameOrigin(post({ ...good, "content-type": "application/x-www-form-urlencoded" })),
      ),
    ).toBe(415);
    expect(statusOf(() => assertSameOrigin(post({ ...good, "content-type": "text/plain" })))).toBe(
      415,
    );
  });

  it("answers 403 to a missing or malformed Host", () => {
    const { host: _host, ...rest } = good;
    expect(statusOf(() => assertSameOrigin(post(rest)))).toBe(403);
    expect(statusOf(() => assertSameOrigin(post({ ...good, host: "localhost:3000/evil" })))).toBe(
      403,
    );
  });

  it("ignores X-Forwarded-Host unless TRUST_PROXY=true", () => {
    const spoofed = {
      ...good,
      host: "localhost:3000",
      "x-forwarded-host": "evil.example",
      origin: "http://evil.example",
    };
    expect(statusOf(() => assertSameOrigin(post(spoofed)))).toBe(403);
    process.env.TRUST_PROXY = "true";
    const proxied = {
      ...good,
      host: "internal:8080",
      "x-forwarded-host": "portal.example",
      "x-forwarded-proto": "https",
      origin: "https://portal.example",
    };
    expect(
      statusOf(() => assertSameOrigin(post(proxied, "http://internal:8080/api/auth/login"))),
    ).toBe(200);
  });
});

describe("request host and client IP", () => {
  it("lower-cases the Host, strips the port and handles IPv6 brackets", () => {
    expect(hostFromHeaders(new Headers({ host: "LocalHost:3000" }))).toBe("localhost");
    expect(hostFromHeaders(new Headers({ host: "127.0.0.1:3000" }))).toBe("127.0.0.1");
    expect(hostFromHeaders(new Headers({ host: "[::1]:3000" }))).toBe("::1");
    expect(hostFromHeaders(new Headers({ host: "portal.example" }))).toBe("portal.example");
    expect(hostFromHeaders(new Headers({ host: "a b" }))).toBe("");
    expect(hostFromHeaders(new Headers({}))).toBe("");
  });

  it("builds the request's own origin from Host and protocol", () => {
    expect(
      requestOrigin({ headers: new Headers({ host: "localhost:3000" }), url: "http://x/a" }),
    ).toBe("http://localhost:3000");
    expect(
      requestOrigin({ headers: new Headers({ host: "portal.example:443" }), url: "https://x/a" }),
    ).toBe("https://portal.example");
  });

  it("takes the client IP from the socket (server.mjs), never from a header the client chose", () => {
    const h = new Headers({
      "x-forwarded-for": "198.51.100.7",
      "x-real-ip": "192.0.2.5",
      "x-portal-client-ip": "::ffff:203.0.113.9",
    });
    expect(clientIpFromHeaders(h)).toBe("203.0.113.9");
    expect(clientIpFromHeaders(new Headers({ "x-real-ip": "192.0.2.5" }))).toBe("local");
    expect(clientIpFromHeaders(new Headers({ "x-forwarded-for": "192.0.2.5" }))).toBe("local");
  });

  it("behind a trusted proxy takes the address that proxy added: the last X-Forwarded-For entry", () => {
    process.env.TRUST_PROXY = "true";
    // A client-sent entry first, then the one nginx appended ($proxy_add_x_forwarded_for).
    const h = new Headers({
      "x-forwarded-for": "192.0.2.99, 198.51.100.7",
      "x-portal-client-ip": "10.0.0.2",
    });
    expect(clientIpFromHeaders(h)).toBe("198.51.100.7");
    expect(
      clientIpFromHeaders(
        new Headers({ "x-forwarded-for": "not an ip", "x-portal-client-ip": "10.0.0.2" }),
      ),
    ).toBe("10.0.0.2");
  });

  it('falls back to "local" without any address header', () => {
    expect(clientIpFromHeaders(new Headers())).toBe("local");
  });
});

describe("parseJson", () => {
  const req = (body: string) =>
    new Request("http://localhost/api", {
      method: "POST",
      body,
      headers: { "content-type": "application/json" },
    });

  it("returns the validated body", async () => {
    await expect(
      parseJson(req('{"email":" ada@acme.test ","password":"x"}'), loginSchema),
    ).resolves.toEqual({
      email: "ada@acme.test",
      password: "x",
    });
  });

  it("answers 422 with field message keys", async () => {
    const err = await parseJson(req('{"email":"nope"}'), loginSchema).catch((e: unknown) => e);
    const res = toErrorResponse(err);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: {
        code: "validation",
        message: "errors.validation",
        fields: { email: "validation.email", password: "validation.required" },
      },
    });
  });

  it("turns zod's own English messages into validation.invalid", async () => {
    const err = await parseJson(
      req('{"locale":"fr"}'),
      z.object({ locale: z.enum(["en", "es"]) }),
    ).catch((e: unknown) => e);
    expect((err as RouteError).fields).toEqual({ locale: "validation.invalid" });
  });

  it("answers 400 to a body that is not JSON", async () => {
    const err = await parseJson(req("{nope"), loginSchema).catch((e: unknown) => e);
    expect(toErrorResponse(err).status).toBe(400);
  });

  it("answers 413 to a body over the limit", async () => {
    const err = await parseJson(
      req(`{"email":"${"a".repeat(MAX_BODY_BYTES)}"}`),
      loginSchema,
    ).catch((e: unknown) => e);
    expect(toErrorResponse(err).status).toBe(413);
  });
});

describe("toErrorResponse", () => {
  it("maps the sign-in errors to their message keys", async () => {
    const cases: [BillingApiError, number, string][] = [
      [new BillingApiError(401, "invalid_credentials", "x"), 401, "errors.auth.invalidCredentials"],
      [new BillingApiError(400, "captcha_failed", "x"), 400, "forgotPassword.humanError"],
      [new BillingApiError(400, "token_invalid", "x"), 400, "errors.token.invalid"],
      [new BillingApiError(504, "upstream_unavailable", "x"), 504, "errors.upstream"],
      [new BillingApiError(502, "upstream_malformed", "x"), 502, "errors.upstream"],
      [new BillingApiError(409, "something_new", "Upstream English text"), 409, "errors.generic"],
    ];
    for (const [err, status, message] of cases) {
      const res = toErrorResponse(err);
      expect(res.status).toBe(status);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(message);
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("passes 429 on with Retry-After and retryAfter", async () => {
    const res = toErrorResponse(new BillingApiError(429, "rate_limited", "x", 120));
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("120");
    expect(await res.json()).toEqual({
      error: { code: "rate_limited", message: "errors.auth.tooManyAttempts", retryAfter: 120 },
    });
  });

  it("answers 401 session_expired to a SessionEndedError", async () => {
    const res = toErrorResponse(new SessionEndedError());
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: { code: "session_expired", message: "errors.auth.sessionExpired" },
    });
  });

  it("answers 500 errors.generic to anything unknown, without details", async () => {
    const original = console.error;
    console.error = () => {};
    try {
      const res = toErrorResponse(new TypeError("secret detail access-token-xyz"));
      expect(res.status).toBe(500);
      const body = JSON.stringify(await res.json());
      expect(body).toBe('{"error":{"code":"internal","message":"errors.generic"}}');
    } finally {
      console.error = original;
    }
  });
});
