// The sign-in's second step in the BFF (issue 34 §1, docs/SECURITY.md §1): a password sign-in of a
// user with a second factor seals no session, only the billing API's challenge in a cookie of its
// own; that cookie opens the second step and nothing else: every BFF route called with it alone
// answers as to a visitor without a session, and no call reaches the billing API with a token.
import { readdirSync } from "node:fs";
import path from "node:path";
import type { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as secondFactor } from "@/app/api/auth/second-factor/route";
import { FORWARD_ROUTES } from "@/lib/billing/forward-table";
import { unsealSession } from "@/lib/session/seal";
import { readSecondStep } from "@/lib/session/second-step";
import {
  ADA,
  bffRequest,
  fail,
  noParams,
  ok,
  setSessionCookie,
  setUpSignedInRoutes,
  tokensDto,
} from "./support";

const routes = setUpSignedInRoutes();
const { upstream } = routes;

const CHALLENGE = "challenge-0123456789-abcdefghij";
const challengeAnswer = () =>
  ok({
    second_factor: {
      challenge: CHALLENGE,
      methods: ["totp", "recovery_code"],
      expires_at: new Date(Date.now() + 5 * 60_000).toISOString(),
    },
  });

/** The second-step cookie a response sets: its Cookie header and attributes. */
function stepCookie(res: Response): { header: string; value: string; attributes: string } | null {
  const line = res.headers.getSetCookie().find((c) => c.startsWith("portal_second_step="));
  if (!line) return null;
  const [pair = "", ...attrs] = line.split(";");
  return { header: pair, value: pair.slice(pair.indexOf("=") + 1), attributes: attrs.join(";") };
}

async function passwordStep(returnTo?: string) {
  upstream.on("POST", "/v1/auth/login", challengeAnswer());
  const res = await login(
    bffRequest("/api/auth/login", {
      body: { email: "ada@acme.test", password: "Portal!2345", ...(returnTo && { returnTo }) },
    }),
    noParams(),
  );
  expect(res.status).toBe(200);
  const cookie = stepCookie(res);
  expect(cookie).not.toBeNull();
  return { res, cookie: cookie! };
}

describe("the password step of a user with a second factor", () => {
  it("seals no session: only the challenge, HttpOnly, and sends the browser to the second step", async () => {
    const { res, cookie } = await passwordStep("/portal/account");
    expect(await res.json()).toEqual({ redirectTo: "/portal/login/second-factor" });
    expect(setSessionCookie(res)).toBeUndefined();
    expect(cookie.attributes).toMatch(/HttpOnly/i);
    expect(cookie.attributes).toMatch(/SameSite=lax/i);
    const step = await readSecondStep(cookie.value, "localhost");
    expect(step).toMatchObject({ challenge: CHALLENGE, returnTo: "/portal/account" });
    expect(JSON.stringify(step)).not.toMatch(/access|refresh/i);
    // Another host's portal cannot use it.
    expect(await readSecondStep(cookie.value, "127.0.0.1")).toBeNull();
  });
});

describe("POST /api/auth/second-factor", () => {
  it("sends the challenge and the code; signs in, ends the step, goes where the sign-in was going", async () => {
    const { cookie } = await passwordStep("/portal/account");
    upstream.on("POST", "/v1/auth/second-factor", ok({ ...tokensDto(7), user: ADA }));
    const res = await secondFactor(
      bffRequest("/api/auth/second-factor", { body: { code: "123 456" }, cookie: cookie.header }),
      noParams(),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ redirectTo: "/portal/account" });
    const [call] = upstream.callsTo("POST", "/v1/auth/second-factor");
    expect(call?.body).toEqual({ challenge: CHALLENGE, code: "123456" });
    const session = await unsealSession(setSessionCookie(res)?.value);
    expect(session).toMatchObject({ accessToken: "access-7", userId: "u-ada" });
    expect(stepCookie(res)?.value).toBe("");
  });

  it("passes a recovery code as the billing API names it", async () => {
    const { cookie } = await passwordStep();
    upstream.on("POST", "/v1/auth/second-factor", ok({ ...tokensDto(8), user: ADA }));
    const res = await secondFactor(
      bffRequest("/api/auth/second-factor", {
        body: { recoveryCode: "abcd-efgh-jk" },
        cookie: cookie.header,
      }),
      noParams(),
    );
    expect(res.status).toBe(200);
    expect(upstream.callsTo("POST", "/v1/auth/second-factor")[0]?.body).toEqual({
      challenge: CHALLENGE,
      recovery_code: "abcd-efgh-jk",
    });
  });

  it("a wrong code: 400 invalid_code, the step stays; a spent one: 401, sign in again", async () => {
    const { cookie } = await passwordStep();
    upstream.on(
      "POST",
      "/v1/auth/second-factor",
      fail(400, "invalid_code", "That code is not right. Check it and try again."),
    );
    const wrong = await secondFactor(
      bffRequest("/api/auth/second-factor", { body: { code: "000000" }, cookie: cookie.header }),
      noParams(),
    );
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error).toMatchObject({
      code: "invalid_code",
      message: "errors.auth.invalidCode",
    });
    expect(setSessionCookie(wrong)).toBeUndefined();
    upstream.on("POST", "/v1/auth/second-factor", fail(401, "challenge_invalid", "expired"));
    const spent = await secondFactor(
      bffRequest("/api/auth/second-factor", { body: { code: "111111" }, cookie: cookie.header }),
      noParams(),
    );
    expect(spent.status).toBe(401);
    expect((await spent.json()).error.code).toBe("second_step_expired");
  });

  it("without a step, or with a malformed code: refused before the billing API", async () => {
    const none = await secondFactor(
      bffRequest("/api/auth/second-factor", { body: { code: "123456" } }),
      noParams(),
    );
    expect(none.status).toBe(401);
    expect((await none.json()).error.code).toBe("second_step_expired");
    const { cookie } = await passwordStep();
    for (const body of [
      { code: "12345" },
      { code: "abcdef" },
      {},
      { code: "123456", recoveryCode: "x" },
    ]) {
      const res = await secondFactor(
        bffRequest("/api/auth/second-factor", { body, cookie: cookie.header }),
        noParams(),
      );
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect(upstream.callsTo("POST", "/v1/auth/second-factor")).toEqual([]);
  });
});

// ——— Every BFF route with the second step's cookie alone ———

const API_DIR = path.resolve(import.meta.dirname, "../../app/api");
type Handler = (req: NextRequest, ctx: { params: Promise<unknown> }) => Promise<Response>;

/** Routes a visitor without a session may call (signing in and its links, the language). */
const OPEN = new Set([
  "auth/login/route.ts",
  "auth/second-factor/route.ts",
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

const cases = (
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

describe("every BFF route, called with the second step's cookie alone", () => {
  it("finds the routes", () => {
    expect(cases.length).toBeGreaterThan(60);
  });

  it.each(cases.filter((c) => !OPEN.has(c.file)))(
    "$method $url: 401, and no call with a token",
    async ({ file, url, method, params, handler }) => {
      const { cookie } = await passwordStep();
      upstream.calls.length = 0;
      const res = await handler(bffRequest(url, { method, body: {}, cookie: cookie.header }), {
        params: Promise.resolve(params),
      });
      const tableHas = FORWARD_ROUTES.some((r) => r.method === method);
      expect(res.status).toBe(file === FORWARDER && !tableHas ? 405 : 401);
      expect(upstream.calls.filter((c) => c.headers.authorization)).toEqual([]);
    },
  );
});
