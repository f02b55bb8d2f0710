import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createHttpApp } from "../src/http-app";
import { sendStream } from "../src/respond";
import { startHarness, type Harness } from "./support/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness("http_layer");
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.reset();
});

const TOKEN_LIKE = "Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5";

describe("unrouted requests", () => {
  it("answers 404 not_found in the envelope for an unknown /v1 path", async () => {
    const res = await h.api("GET", "/v1/invoices/nope");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      code: 404,
      data: null,
      error: "No route for GET /v1/invoices/nope",
      errorCode: "not_found",
    });
  });

  it("answers 405 with Allow for a known path and the wrong method", async () => {
    const res = await h.api("PUT", "/v1/user/portalUserCustomer");
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, POST");
    expect(res.body).toMatchObject({ code: 405, data: null, errorCode: "method_not_allowed" });
  });

  it("answers 405 for a route with a path parameter", async () => {
    const res = await h.api("POST", `/v1/token/reset-password/${TOKEN_LIKE}`);
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
  });

  it("answers 405 to HEAD on a path that has no GET", async () => {
    const res = await fetch(`${h.url}/v1/auth/login`, { method: "HEAD" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
  });

  it("takes a trailing slash as the same route", async () => {
    const res = await h.api("GET", "/v1/user/me/");
    expect(res.status).toBe(401);
    expect(res.body.errorCode).toBe("unauthorized");
  });
});

describe("HEAD", () => {
  it("is served by GET: same status and headers, no body", async () => {
    const get = await fetch(`${h.url}/v1/portalConfiguration?host=localhost`);
    const getBody = await get.text();
    const head = await fetch(`${h.url}/v1/portalConfiguration?host=localhost`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(head.headers.get("content-length")).toBe(String(Buffer.byteLength(getBody)));
    expect(head.headers.get("cache-control")).toBe("no-store");
    expect(await head.text()).toBe("");
  });

  it("answers a streamed file's length without a body", async () => {
    const get = await fetch(`${h.url}/__sandbox/hcaptcha/api.js`);
    const script = await get.text();
    const head = await fetch(`${h.url}/__sandbox/hcaptcha/api.js`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(Buffer.byteLength(script)));
    expect(get.headers.get("content-length")).toBe(String(Buffer.byteLength(script)));
    expect(await head.text()).toBe("");
  });
});

describe("JSON bodies", () => {
  it("answers 400 invalid_json for malformed JSON", async () => {
    const res = await h.request("POST", "/v1/auth/refresh-tokens", {
      rawBody: '{"refreshToken": ',
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 400,
      data: null,
      error: "The request body is not valid JSON",
      errorCode: "invalid_json",
    });
  });

  it("answers 400 invalid_json for a form post (the content type is not trusted)", async () => {
    const res = await h.request("POST", "/v1/auth/login", {
      rawBody: "email=ada%40acme.test&password=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorCode: "invalid_json" });
  });

  it("reads an empty body as no fields: 422 validation", async () => {
    const res = await h.request("POST", "/v1/auth/refresh-tokens");
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ errorCode: "validation" });
  });

  it("answers 413 payload_too_large and closes the connection for a declared length over 1 MB", async () => {
    const res = await h.request("POST", "/v1/auth/refresh-tokens", {
      rawBody: JSON.stringify({ refreshToken: "x".repeat(1024 * 1024) }),
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(413);
    expect(res.headers.get("connection")).toBe("close");
    expect(res.body).toEqual({
      code: 413,
      data: null,
      error: "Request body too large",
      errorCode: "payload_too_large",
    });
  });

  it("answers 413 for a chunked body that grows over 1 MB", async () => {
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // 2 MB at most; the server stops reading after 1 MB.
        if (sent >= 32) controller.close();
        else {
          sent += 1;
          controller.enqueue(chunk);
        }
      },
    });
    const res = await fetch(`${h.url}/v1/auth/refresh-tokens`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      duplex: "half",
    } as RequestInit & { duplex: "half" });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 413, errorCode: "payload_too_large" });
  });
});

describe("fault injection", () => {
  it("fails matching /v1 calls until the faults are cleared", async () => {
    const added = await h.request("POST", "/__sandbox/faults", {
      body: { method: "*", path: "/v1/portalConfiguration", status: 503, times: 5 },
    });
    expect(added.status).toBe(200);
    const failed = await h.api("GET", "/v1/portalConfiguration?host=localhost");
    expect(failed.status).toBe(503);
    expect(failed.body).toEqual({
      code: 503,
      data: null,
      error: "Injected fault: HTTP 503",
      errorCode: "injected_fault",
    });
    const pending = await h.request<{ remaining: number }[]>("GET", "/__sandbox/faults");
    expect(pending.body.map((f) => f.remaining)).toEqual([4]);

    const cleared = await h.request("DELETE", "/__sandbox/faults");
    expect(cleared.body).toEqual({ success: true });
    expect((await h.request("GET", "/__sandbox/faults")).body).toEqual([]);
    expect((await h.api("GET", "/v1/portalConfiguration?host=localhost")).status).toBe(200);
  });

  it("applies before routing: an unknown /v1 path fails as injected, not 404", async () => {
    await h.request("POST", "/__sandbox/faults", {
      body: { method: "GET", path: "/v1/not-yet", status: 502, times: 1 },
    });
    expect((await h.api("GET", "/v1/not-yet")).status).toBe(502);
    expect((await h.api("GET", "/v1/not-yet")).status).toBe(404);
  });

  it("refuses a 1xx status with 422", async () => {
    const res = await h.request("POST", "/__sandbox/faults", {
      body: { method: "GET", path: "/v1/user/me", status: 103, times: 1 },
    });
    expect(res.status).toBe(422);
  });
});

describe("request log", () => {
  const lines = (n: number) =>
    h.logs.slice(-n).map((l) => JSON.parse(l) as Record<string, unknown>);

  it("logs the route pattern for matched routes and redacts token-like segments of others", async () => {
    await h.api("GET", `/v1/register/${TOKEN_LIKE}`);
    await h.api("GET", `/v1/unknown/${TOKEN_LIKE}/more`);
    await fetch(`${h.url}/v1/portalConfiguration?host=localhost`, { method: "HEAD" });
    // The earlier lines are beforeEach's reset.
    expect(lines(3)).toEqual([
      expect.objectContaining({ method: "GET", route: "/v1/register/:tokenId", status: 400 }),
      expect.objectContaining({ method: "GET", route: "/v1/unknown/:redacted/more", status: 404 }),
      expect.objectContaining({ method: "HEAD", route: "/v1/portalConfiguration", status: 200 }),
    ]);
    for (const line of lines(3)) {
      expect(line).toMatchObject({ service: "sandbox", ms: expect.any(Number) });
      expect(line.requestId).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(h.logs.join("\n")).not.toContain(TOKEN_LIKE);
  });

  it("keeps the caller's X-Request-Id, answers with it, and makes one for a forged id", async () => {
    const kept = await fetch(`${h.url}/v1/portalConfiguration?host=localhost`, {
      headers: { "x-request-id": "portal-req.42" },
    });
    expect(kept.headers.get("x-request-id")).toBe("portal-req.42");
    expect(lines(1)[0]).toMatchObject({ requestId: "portal-req.42" });

    const forged = await fetch(`${h.url}/v1/portalConfiguration?host=localhost`, {
      headers: { "x-request-id": 'x" status=200 {"injected' },
    });
    const made = forged.headers.get("x-request-id");
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines(1)[0]).toMatchObject({ requestId: made });
  });
});

describe("GET /health and /ready", () => {
  it("answer ok and ready while the database answers", async () => {
    const health = await fetch(`${h.url}/health`);
    expect([health.status, await health.json()]).toEqual([200, { status: "ok" }]);
    const ready = await fetch(`${h.url}/ready`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: "ready" }]);
  });

  it("/ready answers 503 when the database does not", async () => {
    const query = vi.spyOn(h.sandbox.db, "query").mockRejectedValueOnce(new Error("gone"));
    try {
      const ready = await fetch(`${h.url}/ready`);
      expect([ready.status, await ready.json()]).toEqual([503, { status: "unavailable" }]);
    } finally {
      query.mockRestore();
    }
  });
});

describe("X-Client-IP", () => {
  it("is the client counted by the login limit", async () => {
    const fail = (ip: string) =>
      h.api("POST", "/v1/auth/login", {
        body: { email: `nobody${Math.random()}@acme.test`, password: "x", companyId: "acme" },
        headers: { "x-client-ip": ip },
      });
    for (let i = 0; i < h.config.loginMaxFailuresPerClient; i++)
      expect((await fail("203.0.113.7")).status).toBe(401);
    expect((await fail("203.0.113.7")).status).toBe(429);
    expect((await fail("203.0.113.8")).status).toBe(401);
  });
});

describe("unexpected errors", () => {
  it("answer 500 internal_error without details and log one line", async () => {
    const http = createHttpApp(h.sandbox.app, () => undefined);
    http.get("/v1/__boom/:secret", () => {
      throw new Error("database exploded");
    });
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const res = await http.request(`/v1/__boom/${TOKEN_LIKE}`);
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({
        code: 500,
        data: null,
        error: "Internal error",
        errorCode: "internal_error",
      });
      expect(errors.mock.calls).toEqual([
        ["[sandbox] GET /v1/__boom/:secret failed: database exploded"],
      ]);
    } finally {
      errors.mockRestore();
    }
  });
});

describe("sendStream", () => {
  it("streams a Node readable as the body with the given headers", async () => {
    const http = createHttpApp(h.sandbox.app, () => undefined);
    http.get("/__stream", (c) =>
      sendStream(c, Readable.from([Buffer.from("%PDF-1.7\n"), Buffer.from("%%EOF\n")]), {
        "Content-Type": "application/pdf",
        "Content-Disposition": 'attachment; filename="x.pdf"',
      }),
    );
    const res = await http.request("/__stream");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="x.pdf"');
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await res.text()).toBe("%PDF-1.7\n%%EOF\n");
  });
});

describe("Sandbox.handle", () => {
  it("serves requests on a server of the caller's own", async () => {
    const server = createServer(h.sandbox.handle);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(await res.json()).toEqual({ ok: true, mode: "test" });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("an injected reset", () => {
  it("cuts the connection without an answer, once; the next call is served", async () => {
    const set = await fetch(`${h.url}/__sandbox/faults`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ method: "GET", path: "/v1/portalConfiguration", reset: true }),
    });
    expect(set.status).toBe(200);
    await expect(fetch(`${h.url}/v1/portalConfiguration?host=localhost`)).rejects.toThrow();
    const next = await fetch(`${h.url}/v1/portalConfiguration?host=localhost`);
    expect(next.status).toBe(200);
  });
});
