// server/fast-routes.mjs: the list page answered without Next.js's router, from the bundle that
// `next build` makes of the route module. Built here into a temporary folder and served by a plain
// Node server, as server.mjs does; the signed-in answer (gzip, rows) is e2e/security.spec.ts's.
import { AsyncLocalStorage } from "node:async_hooks";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFastRoutes } from "@/server/build-fast-routes.mjs";
import { acceptsGzip, loadFastRoutes, requestBase } from "@/server/fast-routes.mjs";
import { rawRequest } from "../support/raw-http";

const root = path.resolve(import.meta.dirname, "../..");

describe("acceptsGzip", () => {
  it.each([
    ["gzip, deflate, br", true],
    ["br;q=1.0, gzip;q=0.8", true],
    ["*", true],
    ["br", false],
    ["gzip;q=0", false],
    ["identity", false],
    [undefined, false],
  ])("%s → %s", (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});

describe("requestBase", () => {
  it.each([
    ["localhost:3000", "http://localhost:3000"],
    ["acme.example", "http://acme.example"],
    ["[::1]:3000", "http://[::1]:3000"],
    ["bad host", "http://host.invalid"],
    ["x:99999", "http://host.invalid"],
    ["[::1", "http://host.invalid"],
    ["", "http://host.invalid"],
    [undefined, "http://host.invalid"],
  ])("%j → %s", (host, base) => {
    expect(requestBase(host)).toBe(base);
  });
});

describe("loadFastRoutes", () => {
  let distDir: string;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    // Inside the project, as .next is: the bundle finds next, zod… in node_modules from there.
    await mkdir(path.join(root, ".data"), { recursive: true });
    distDir = await mkdtemp(path.join(root, ".data", "fast-routes-"));
    await buildFastRoutes({ projectDir: root, distDir });
    // What Next.js installs as it starts (server.mjs loads the routes after app.prepare()).
    (globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage ??= AsyncLocalStorage;
    const serve = loadFastRoutes(distDir);
    if (!serve) throw new Error("no bundle built");
    server = createServer((req, res) => {
      if (serve(req, res)) return;
      res.writeHead(418).end("next.js");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 60_000);

  afterAll(async () => {
    if (server) await new Promise((resolve) => server.close(resolve));
    if (distDir) await rm(distDir, { recursive: true, force: true });
  });

  it("answers GET of a list page with the route's own handling: no session, a 401 in the BFF's shape", async () => {
    const res = await fetch(`${base}/api/lists/invoices?page=1&size=25`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { code: "unauthorized" } });
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });

  it("refuses a NUL in the query as the route does", async () => {
    const res = await fetch(`${base}/api/lists/invoices?sort=%00`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: "bad_request" } });
  });

  it.each(["", "bad host", "x:99999", "[::1"])(
    "answers a Host that is no host name (%j) with the BFF's 400, not a crash",
    async (host) => {
      const res = await rawRequest({
        port: new URL(base).port,
        path: "/api/lists/invoices?page=1&size=25",
        headers: { Host: host },
      });
      expect(res.status).toBe(400);
      expect(res.headers["content-type"]).toContain("application/json");
      expect(res.headers["cache-control"]).toContain("no-store");
      expect(res.headers["content-security-policy"]).toContain("default-src 'none'");
      expect(JSON.parse(res.body)).toMatchObject({ error: { code: "bad_request" } });
    },
  );

  it.each([
    ["POST", "/api/lists/invoices"],
    ["HEAD", "/api/lists/invoices"],
    ["GET", "/api/lists/invoices/"],
    ["GET", "/api/lists/invoices/exports"],
    ["GET", "/api/lists/invoices/options?column=status"],
    ["GET", "/api/lists"],
    ["GET", "/api/session"],
    ["GET", "/portal/dashboard"],
    ["GET", "/api/lists/%E0%A4%A"],
  ])("leaves %s %s to Next.js", async (method, target) => {
    const res = await fetch(`${base}${target}`, { method });
    expect(res.status).toBe(418);
  });

  it("is absent for a build without the bundle: Next.js answers everything", async () => {
    const empty = await mkdtemp(path.join(tmpdir(), "fast-routes-none-"));
    try {
      expect(loadFastRoutes(empty)).toBeNull();
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
