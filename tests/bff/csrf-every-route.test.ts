// CSRF on every mutating BFF route (issue 12 §4, docs/SECURITY.md §3). The routes are read from
// app/api, so a route added later is covered without anyone listing it here. Each request carries
// Ada's valid session, so a route that forgot its origin check would act (and call the billing API).
import { readdirSync } from "node:fs";
import path from "node:path";
import type { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { FORWARD_ROUTES } from "@/lib/billing/forward-table";
import { bffRequest, ORIGIN, setUpSignedInRoutes } from "./support";

const routes = setUpSignedInRoutes();

const API_DIR = path.resolve(import.meta.dirname, "../../app/api");
const MUTATING = ["POST", "PUT", "PATCH", "DELETE"] as const;

type Handler = (req: NextRequest, ctx: { params: Promise<unknown> }) => Promise<Response>;

/** The /v1 forwarder is probed on a path its table knows (an unknown one is a 404 before anything). */
const REST_PARAMS: Record<string, string[]> = {
  [path.join("v1", "[...path]")]: FORWARD_ROUTES[0]!.pattern.split("/"),
};

/** Every route file under app/api with its URL path (dynamic segments filled in) and params. */
const routeFiles = readdirSync(API_DIR, { recursive: true, encoding: "utf8" })
  .filter((f) => f === "route.ts" || f.endsWith(`${path.sep}route.ts`))
  .sort()
  .map((file) => {
    const segments = path.dirname(file) === "." ? [] : path.dirname(file).split(path.sep);
    const params: Record<string, string | string[]> = {};
    const urlPath = segments.map((s) => {
      const rest = /^\[\.\.\.(\w+)\]$/.exec(s);
      if (rest)
        return (params[rest[1]!] = REST_PARAMS[path.dirname(file)] ?? ["probe", "x"]).join("/");
      const one = /^\[(\w+)\]$/.exec(s);
      if (one) return (params[one[1]!] = one[1] === "list" ? "invoices" : "probe-1");
      return s;
    });
    return { file, url: `/api/${urlPath.join("/")}`, params };
  });

/**
 * Routes that refuse every request whatever its headers, so they never act: the unknown-path
 * catch-all (404), where server.mjs sends targets it refuses (400), and the /v1 forwarder, whose
 * table has no mutating call (405; a mutating entry added there falls under the general rule).
 */
const ALWAYS_REFUSED: Record<string, number> = {
  "[...path]/route.ts": 404,
  "bad-request/route.ts": 400,
  ...(FORWARD_ROUTES.some((r) => r.method !== "GET") ? {} : { "v1/[...path]/route.ts": 405 }),
};

const GOOD = { origin: ORIGIN, "x-csrf": "1", "content-type": "application/json" };
const VARIANTS: [string, Record<string, string>, number][] = [
  ["no Origin (and no Sec-Fetch-Site)", { ...GOOD, origin: "" }, 403],
  ["a foreign Origin", { ...GOOD, origin: "https://evil.example" }, 403],
  ["Origin null", { ...GOOD, origin: "null" }, 403],
  [
    "Sec-Fetch-Site: cross-site without Origin",
    { ...GOOD, origin: "", "sec-fetch-site": "cross-site" },
    403,
  ],
  ["no X-CSRF header", { ...GOOD, "x-csrf": "" }, 403],
  ["a form's content type", { ...GOOD, "content-type": "text/plain" }, 415],
];

// Only the methods a route exports: for the others Next.js answers 405 before any of our code.
const cases = (
  await Promise.all(
    routeFiles.map(async (route) => {
      const mod = (await import(path.join(API_DIR, route.file))) as Partial<
        Record<string, Handler>
      >;
      return MUTATING.flatMap((method) => {
        const handler = mod[method];
        return handler ? [{ ...route, method, handler }] : [];
      });
    }),
  )
).flat();

describe("the routes are read from app/api", () => {
  it("finds the mutating handlers, with their dynamic segments filled in", () => {
    expect(cases.map((c) => `${c.method} ${c.url}`)).toEqual(
      expect.arrayContaining([
        "POST /api/auth/login",
        "DELETE /api/account/payment-methods/probe-1",
        "PUT /api/lists/invoices/layout",
        "POST /api/subscriptions/probe-1/cancel",
      ]),
    );
    expect(cases.length).toBeGreaterThan(25);
  });
});

describe.each(cases)("$method $url", ({ file, url, params, method, handler }) => {
  it.each(VARIANTS)(
    "refuses %s, and nothing reaches the billing API",
    async (_, headers, status) => {
      const res = await handler(
        bffRequest(url, { method, body: {}, headers, cookie: routes.cookie() }),
        { params: Promise.resolve(params) },
      );
      expect(res.status).toBe(ALWAYS_REFUSED[file] ?? status);
      const acting = routes.upstream.calls.filter((c) => c.path !== "/v1/portalConfiguration");
      expect(acting).toEqual([]);
    },
  );
});
