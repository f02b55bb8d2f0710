import { spawn } from "node:child_process";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { GET as ready } from "@/app/api/ready/route";
import { billingRequest } from "@/lib/billing/client";
import { currentRequestId } from "@/lib/server-process";
import {
  createLogger,
  loggableRoute,
  logRequest,
  markDraining,
  requestContext,
  requestIdFrom,
} from "@/server/request-log.mjs";
import { bffRequest, fail, ok, setUpFakeUpstream } from "./support";

const upstream = setUpFakeUpstream();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TOKEN = "Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eA";

describe("loggableRoute", () => {
  it.each([
    ["/portal/reset-password?token=" + TOKEN, "/portal/reset-password"],
    ["/portal/verify-email?token=abc#x", "/portal/verify-email"],
    [`/portal/login/${TOKEN}/${TOKEN}`, "/portal/login/:redacted/:redacted"],
    ["/api/invoices/INV-000120/pdf", "/api/invoices/INV-000120/pdf"],
    ["/portal/dashboard?tab=usages&page=2", "/portal/dashboard"],
  ])("%s → %s", (target, route) => {
    expect(loggableRoute(target)).toBe(route);
  });

  it("cuts a very long path", () => {
    expect(loggableRoute("/" + "a/".repeat(300))).toHaveLength(201);
  });
});

describe("requestIdFrom", () => {
  it("keeps an id a proxy or another service sent", () => {
    expect(requestIdFrom("3f2a9c0d1e4b5a6c")).toBe("3f2a9c0d1e4b5a6c");
    expect(requestIdFrom(["req-1", "req-2"])).toBe("req-1");
  });

  it.each([
    ["absent", undefined],
    ["empty", ""],
    ["a forged log line", 'x"}\n{"level":"info"'],
    ["too long", "a".repeat(129)],
  ])("makes a new one when it is %s", (_, header) => {
    expect(requestIdFrom(header)).toMatch(UUID);
  });
});

describe("logRequest: one JSON line per request, nothing secret in it", () => {
  let server: Server;
  let url: string;
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  let seenInHandler: string | undefined;

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        raw.push(chunk.toString());
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    process.env.PORTAL_LOG_LEVEL = "debug";
    const logger = createLogger(sink);
    server = createServer((req, res) =>
      logRequest(logger, req, res, () => {
        // What the app's modules see of the request (lib/server-process.ts), after a hop.
        setTimeout(() => {
          seenInHandler = currentRequestId();
          res.writeHead(req.url?.startsWith("/boom") ? 502 : 200, { "content-type": "text/plain" });
          res.end("ok");
        }, 1);
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    delete process.env.PORTAL_LOG_LEVEL;
    await new Promise((resolve) => server.close(resolve));
  });

  function get(path: string, headers: Record<string, string>) {
    return new Promise<{ status: number; requestId: string | undefined }>((resolve, reject) => {
      const req = httpRequest(`${url}${path}`, { headers }, (res) => {
        res.resume();
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            requestId: res.headers["x-request-id"] as string | undefined,
          }),
        );
      });
      req.on("error", reject);
      req.end();
    });
  }

  it("logs id, company, method, route, status and duration, and hands the id to the app", async () => {
    const cookie = `portal_session=${TOKEN}sealed`;
    const answer = await get(`/portal/reset-password?token=${TOKEN}`, {
      Host: "portal.acme.example:8443",
      Cookie: cookie,
      Authorization: `Bearer ${TOKEN}`,
      "X-Request-Id": "edge-7",
    });
    expect(answer).toEqual({ status: 200, requestId: "edge-7" });
    expect(seenInHandler).toBe("edge-7");
    expect(lines.at(-1)).toMatchObject({
      level: "info",
      service: "portal",
      msg: "request",
      requestId: "edge-7",
      company: "portal.acme.example",
      method: "GET",
      route: "/portal/reset-password",
      status: 200,
      ms: expect.any(Number),
    });
    const all = raw.join("");
    expect(all).not.toContain(TOKEN);
    expect(all).not.toContain("portal_session");
  });

  it("makes an id when none came, and logs a 5xx at error level", async () => {
    const answer = await get("/boom", {});
    expect(answer.status).toBe(502);
    expect(answer.requestId).toMatch(UUID);
    expect(lines.at(-1)).toMatchObject({
      level: "error",
      requestId: answer.requestId,
      status: 502,
    });
  });

  it("logs build assets at debug level only", async () => {
    await get("/_next/static/chunks/app.js", {});
    expect(lines.at(-1)).toMatchObject({ level: "debug", route: "/_next/static/chunks/app.js" });
  });
});

describe("the billing API gets the request's id", () => {
  it("as X-Request-Id inside a request, and none outside one", async () => {
    upstream.on("GET", "/v1/user/me", ok({ id: "u1" }));
    await requestContext.run({ requestId: "edge-9" }, () => billingRequest("/v1/user/me"));
    await billingRequest("/v1/user/me");
    const [inside, outside] = upstream.callsTo("GET", "/v1/user/me");
    expect(inside?.headers["x-request-id"]).toBe("edge-9");
    expect(outside?.headers["x-request-id"]).toBeUndefined();
  });
});

describe("GET /api/health and /api/ready", () => {
  const DRAINING = Symbol.for("billing-portal.draining");
  afterEach(() => {
    delete (globalThis as Record<symbol, unknown>)[DRAINING];
  });

  it("/api/health answers without asking the billing API", async () => {
    const res = health();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(upstream.calls).toHaveLength(0);
  });

  it("/api/ready is ready when the billing API answers, an unknown host included", async () => {
    upstream.on("GET", "/v1/portalConfiguration", fail(404, "not_found"));
    const res = await ready(bffRequest("/api/ready", { method: "GET" }));
    expect([res.status, await res.json()]).toEqual([200, { status: "ready" }]);
    expect(upstream.callsTo("GET", "/v1/portalConfiguration")[0]?.query.get("host")).toBe(
      "localhost",
    );
  });

  it("/api/ready answers 503 when the billing API fails", async () => {
    upstream.on("GET", "/v1/portalConfiguration", fail(502, "upstream_error"));
    const res = await ready(bffRequest("/api/ready", { method: "GET" }));
    expect([res.status, await res.json()]).toEqual([503, { status: "unavailable" }]);
  });

  it("/api/ready answers 503 from SIGTERM on, without asking the billing API", async () => {
    markDraining();
    const res = await ready(bffRequest("/api/ready", { method: "GET" }));
    expect([res.status, await res.json()]).toEqual([503, { status: "draining" }]);
    expect(upstream.calls).toHaveLength(0);
  });
});

/**
 * Runs `code` in a child Node with the default logger as `logger`; resolves with its stdout lines,
 * each with the milliseconds from the start at which it arrived.
 */
function childLogs(code: string): Promise<{ line: string; atMs: number }[]> {
  const script = `import { createLogger } from ${JSON.stringify(
    new URL("../../server/request-log.mjs", import.meta.url).href,
  )};\nconst logger = createLogger();\n${code}`;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
      stdio: ["ignore", "pipe", "ignore"],
      env: { ...process.env, PORTAL_LOG_LEVEL: "info" },
    });
    const lines: { line: string; atMs: number }[] = [];
    let rest = "";
    child.stdout.on("data", (chunk: Buffer) => {
      const parts = (rest + chunk.toString("utf8")).split("\n");
      rest = parts.pop() ?? "";
      for (const line of parts) lines.push({ line, atMs: performance.now() - started });
    });
    child.on("error", reject);
    child.on("close", () => resolve(lines));
  });
}

describe("the default log destination (batched standard output)", () => {
  it("writes a line out within a second or so while the process keeps running", async () => {
    // The child logs once, then lives on for 4 s: the line must not wait for the exit.
    const lines = await childLogs(`logger.info("first"); setTimeout(() => process.exit(0), 4000);`);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!.line)).toMatchObject({ msg: "first" });
    expect(lines[0]!.atMs).toBeLessThan(3000);
  });

  it("loses no line when the process crashes right after logging", async () => {
    const lines = await childLogs(
      `for (let i = 0; i < 50; i++) logger.info({ i }, "line"); setImmediate(() => { throw new Error("crash"); });`,
    );
    expect(lines.map(({ line }) => (JSON.parse(line) as { i: number }).i)).toEqual(
      Array.from({ length: 50 }, (_, i) => i),
    );
  });

  it("loses no line when the process exits right after logging", async () => {
    const lines = await childLogs(
      `for (let i = 0; i < 50; i++) logger.info({ i }, "line"); process.exit(0);`,
    );
    expect(lines.map(({ line }) => (JSON.parse(line) as { i: number }).i)).toEqual(
      Array.from({ length: 50 }, (_, i) => i),
    );
  });
});
