// Every BFF route under app/api, found on disk, with a URL and params to call it by: the walks
// that prove a cookie other than the session's opens none of them (tests/bff/second-step.test.ts,
// factor-setup.test.ts).
import { readdirSync } from "node:fs";
import path from "node:path";
import type { NextRequest } from "next/server";
import { expect, it } from "vitest";
import { FORWARD_ROUTES } from "@/lib/billing/forward-table";
import { bffRequest, type FakeUpstream } from "./support";

const API_DIR = path.resolve(import.meta.dirname, "../../app/api");
type Handler = (req: NextRequest, ctx: { params: Promise<unknown> }) => Promise<Response>;

/** Routes a visitor without a session may call (signing in and its links, the language). */
const OPEN_ROUTES = new Set([
  "auth/login/route.ts",
  "auth/second-factor/route.ts",
  "auth/second-factor/passkey-options/route.ts",
  "auth/passkey/route.ts",
  "auth/passkey/options/route.ts",
  "auth/factor-setup/route.ts",
  "auth/factor-setup/confirm/route.ts",
  "auth/forgot-password/route.ts",
  "auth/register/route.ts",
  "auth/reset-password/route.ts",
  "auth/verify-email/route.ts",
  "auth/logout/route.ts",
  "auth/expired/route.ts",
  "locale/route.ts",
  "session/route.ts",
  "[...path]/route.ts",
  "bad-request/route.ts",
  "alerts/confirm/route.ts",
  "health/route.ts",
  "ready/route.ts",
]);

/** The /v1 forwarder is probed on a path its table knows; its table holds no mutating call. */
const FORWARDER = "v1/[...path]/route.ts";

const files = readdirSync(API_DIR, { recursive: true, encoding: "utf8" })
  .filter((f) => f === "route.ts" || f.endsWith(`${path.sep}route.ts`))
  .map((f) => f.split(path.sep).join("/"))
  .sort();

/** Every handler under app/api, with a URL and params to call it by. */
const routeCases = async () =>
  (
    await Promise.all(
      files.map(async (file) => {
        const mod = (await import(path.join(API_DIR, file))) as Partial<Record<string, Handler>>;
        const params: Record<string, string | string[]> = {};
        const url = file
          .replace(/\/?route\.ts$/, "")
          .split("/")
          .map((s) => {
            const rest = /^\[\.\.\.(\w+)\]$/.exec(s);
            if (rest)
              return (params[rest[1]!] =
                file === FORWARDER ? FORWARD_ROUTES[0]!.pattern.split("/") : ["probe", "x"]).join(
                "/",
              );
            const one = /^\[(\w+)\]$/.exec(s);
            if (one) return (params[one[1]!] = one[1] === "list" ? "invoices" : "probe-1");
            return s;
          })
          .join("/");
        return (["GET", "POST", "PUT", "PATCH", "DELETE"] as const).flatMap((method) =>
          mod[method] ? [{ file, url: `/api/${url}`, method, params, handler: mod[method]! }] : [],
        );
      }),
    )
  ).flat();

/**
 * Every route but the open ones, called with a step's cookie alone (`cookie` makes a fresh one):
 * 401 as to a visitor without a session, and no call reaches the billing API with a token.
 */
export async function itRefusesEveryRoute(cookie: () => Promise<string>, upstream: FakeUpstream) {
  const cases = await routeCases();
  it("finds the routes", () => {
    expect(cases.length).toBeGreaterThan(60);
  });
  it.each(cases.filter((c) => !OPEN_ROUTES.has(c.file)))(
    "$method $url: 401, and no call with a token",
    async ({ file, url, method, params, handler }) => {
      const header = await cookie();
      upstream.calls.length = 0;
      const res = await handler(bffRequest(url, { method, body: {}, cookie: header }), {
        params: Promise.resolve(params),
      });
      const tableHas = FORWARD_ROUTES.some((r) => r.method === method);
      expect(res.status).toBe(file === FORWARDER && !tableHas ? 405 : 401);
      expect(upstream.calls.filter((c) => c.headers.authorization)).toEqual([]);
    },
  );
}
