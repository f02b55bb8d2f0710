import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { NextRequest } from "next/server";
import { beforeEach, describe, expect, it } from "vitest";
import { config, proxy } from "@/proxy";
import { resetRefreshState } from "@/lib/billing/refresh";
import { unsealSession } from "@/lib/session/seal";
import {
  fail,
  makeSession,
  ok,
  sessionCookieHeader,
  setSessionCookie,
  setUpFakeUpstream,
  tokensDto,
} from "./support";

const upstream = setUpFakeUpstream();
beforeEach(() => {
  resetRefreshState();
});

function page(
  path: string,
  { cookie, host = "localhost:3000" }: { cookie?: string; host?: string } = {},
): NextRequest {
  return new NextRequest(`http://${host}${path}`, {
    headers: { host, ...(cookie ? { cookie } : {}) },
  });
}

const location = (res: Response) => {
  const value = res.headers.get("location");
  return value
    ? new URL(value, "http://localhost:3000").pathname +
        new URL(value, "http://localhost:3000").search
    : null;
};
/** The request headers Next.js hands on to the page (NextResponse.next({ request: { headers } })). */
const forwarded = (res: Response, name: string) => res.headers.get(`x-middleware-request-${name}`);

describe("proxy: security headers", () => {
  it("puts a fresh nonce into the response CSP and the request headers Next.js reads", async () => {
    const a = await proxy(page("/portal/login"));
    const b = await proxy(page("/portal/login"));
    const csp = a.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(forwarded(a, "content-security-policy")).toBe(csp);
    expect(forwarded(a, "x-nonce")).toBe(nonce);
    expect(b.headers.get("content-security-policy")).not.toBe(csp);
  });

  it("sets the other security headers and no-store on portal pages", async () => {
    const res = await proxy(page("/portal/login"));
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("sends no-referrer on pages with a token in the path", async () => {
    for (const path of [
      "/portal/reset-password/tok",
      "/portal/login/tok/enc",
      "/portal/register/tok",
      "/portal/verify-email/tok",
    ]) {
      expect((await proxy(page(path))).headers.get("referrer-policy")).toBe("no-referrer");
    }
  });
});

describe("proxy: redirects", () => {
  it.each(["/portal", "/portal/dashboard?tab=payments", "/portal/account"])(
    "lets a visitor without session through to %s (its layout asks for sign-in) and tells it where it was",
    async (path) => {
      const res = await proxy(page(path));
      expect(res.headers.get("location")).toBeNull();
      expect(forwarded(res, "x-portal-path")).toBe(path);
      expect(forwarded(res, "x-portal-session-ended")).toBeNull();
    },
  );

  it("overwrites path and session-ended headers a browser sends", async () => {
    const res = await proxy(
      new NextRequest("http://localhost:3000/portal/account", {
        headers: {
          host: "localhost:3000",
          "x-portal-path": "/portal/evil",
          "x-portal-session-ended": "1",
        },
      }),
    );
    expect(forwarded(res, "x-portal-path")).toBe("/portal/account");
    expect(forwarded(res, "x-portal-session-ended")).toBeNull();
  });

  it("lets a visitor without session see the sign-in pages", async () => {
    for (const path of [
      "/portal/login",
      "/portal/forgot-password",
      "/portal/register/tok",
      "/portal/verify-email/tok",
    ]) {
      expect((await proxy(page(path))).headers.get("location")).toBeNull();
    }
  });

  it("sends a signed-in visitor from /portal/login to the sanitised returnTo", async () => {
    const cookie = await sessionCookieHeader(makeSession());
    expect(
      location(await proxy(page("/portal/login?returnTo=%2Fportal%2Faccount", { cookie }))),
    ).toBe("/portal/account");
    expect(location(await proxy(page("/portal/login?returnTo=//evil.example", { cookie })))).toBe(
      "/portal/dashboard",
    );
    expect(location(await proxy(page("/portal/login", { cookie })))).toBe("/portal/dashboard");
  });

  it("sends a signed-in visitor away from register and verify-email", async () => {
    const cookie = await sessionCookieHeader(makeSession());
    expect(location(await proxy(page("/portal/register/tok", { cookie })))).toBe(
      "/portal/dashboard",
    );
    expect(location(await proxy(page("/portal/verify-email/tok", { cookie })))).toBe(
      "/portal/dashboard",
    );
  });

  it("lets a punch-out link through even with a session (it replaces the session)", async () => {
    const cookie = await sessionCookieHeader(makeSession());
    expect(
      (await proxy(page("/portal/login/tok/enc", { cookie }))).headers.get("location"),
    ).toBeNull();
  });

  it("treats an idle session as none (no loop between login and dashboard) and clears it", async () => {
    const cookie = await sessionCookieHeader(makeSession({ lastSeenAt: Date.now() - 60 * 60_000 }));
    const onLogin = await proxy(page("/portal/login", { cookie }));
    expect(onLogin.headers.get("location")).toBeNull();
    expect(setSessionCookie(onLogin)?.value).toBe("");
    const onDashboard = await proxy(page("/portal/dashboard", { cookie }));
    expect(onDashboard.headers.get("location")).toBeNull();
    expect(forwarded(onDashboard, "x-portal-session-ended")).toBe("1");
    expect(setSessionCookie(onDashboard)?.value).toBe("");
  });

  it("treats a session sealed for another host as none", async () => {
    const cookie = await sessionCookieHeader(makeSession({ host: "localhost" }));
    const res = await proxy(page("/portal/login", { cookie, host: "127.0.0.1:3000" }));
    expect(res.headers.get("location")).toBeNull();
  });
});

describe("proxy: proactive refresh", () => {
  it("refreshes a token that expires within a minute and hands the new session to this request's pages", async () => {
    upstream.on("POST", "/v1/auth/refresh-tokens", ok(tokensDto(3)));
    const cookie = `theme=dark; ${await sessionCookieHeader(makeSession({ accessTokenExpiresAt: Date.now() + 30_000 }))}`;
    const res = await proxy(page("/portal/dashboard", { cookie }));
    expect(res.headers.get("location")).toBeNull();
    expect(upstream.callsTo("POST", "/v1/auth/refresh-tokens")).toHaveLength(1);

    const sealed = setSessionCookie(res)?.value;
    expect(await unsealSession(sealed)).toMatchObject({
      accessToken: "access-3",
      refreshToken: "refresh-3",
    });
    expect(forwarded(res, "cookie")).toBe(`theme=dark; portal_session=${sealed}`);
  });

  it("makes one refresh call for parallel requests with the same expiring session", async () => {
    upstream.on("POST", "/v1/auth/refresh-tokens", { ...ok(tokensDto(4)), delayMs: 30 });
    const cookie = await sessionCookieHeader(
      makeSession({ accessTokenExpiresAt: Date.now() + 10_000 }),
    );
    await Promise.all(
      Array.from({ length: 10 }, () => proxy(page("/portal/dashboard", { cookie }))),
    );
    expect(upstream.callsTo("POST", "/v1/auth/refresh-tokens")).toHaveLength(1);
  });

  it("does not refresh a token with time left", async () => {
    const cookie = await sessionCookieHeader(makeSession());
    const res = await proxy(page("/portal/dashboard", { cookie }));
    expect(upstream.calls).toHaveLength(0);
    expect(setSessionCookie(res)).toBeUndefined();
  });

  it("scales the minute down to a third of a short token lifetime (30-second tokens)", async () => {
    const early = await sessionCookieHeader(
      makeSession({ accessTokenExpiresAt: Date.now() + 20_000, accessTokenLifetimeMs: 30_000 }),
    );
    await proxy(page("/portal/dashboard", { cookie: early }));
    expect(upstream.callsTo("POST", "/v1/auth/refresh-tokens")).toHaveLength(0);

    upstream.on("POST", "/v1/auth/refresh-tokens", ok(tokensDto(5, 30_000)));
    const late = await sessionCookieHeader(
      makeSession({ accessTokenExpiresAt: Date.now() + 8_000, accessTokenLifetimeMs: 30_000 }),
    );
    const res = await proxy(page("/portal/dashboard", { cookie: late }));
    expect(upstream.callsTo("POST", "/v1/auth/refresh-tokens")).toHaveLength(1);
    expect(await unsealSession(setSessionCookie(res)?.value)).toMatchObject({
      accessToken: "access-5",
    });
  });

  it("clears the session and tells the page it ended when the refresh is refused", async () => {
    upstream.on("POST", "/v1/auth/refresh-tokens", fail(401, "token_invalid", "revoked"));
    const cookie = await sessionCookieHeader(
      makeSession({ accessTokenExpiresAt: Date.now() - 1000 }),
    );
    const res = await proxy(page("/portal/account", { cookie }));
    expect(forwarded(res, "x-portal-session-ended")).toBe("1");
    expect(forwarded(res, "cookie")).toBeNull();
    expect(setSessionCookie(res)?.value).toBe("");
  });

  it("keeps the session when the billing API is unreachable", async () => {
    upstream.on("POST", "/v1/auth/refresh-tokens", fail(503, "upstream_error", "down"));
    const cookie = await sessionCookieHeader(
      makeSession({ accessTokenExpiresAt: Date.now() + 10_000 }),
    );
    const res = await proxy(page("/portal/dashboard", { cookie }));
    expect(res.headers.get("location")).toBeNull();
    expect(setSessionCookie(res)).toBeUndefined();
  });

  it("leaves the punch-out handler to manage the session itself", async () => {
    upstream.on("POST", "/v1/auth/refresh-tokens", ok(tokensDto(5)));
    const cookie = await sessionCookieHeader(
      makeSession({ accessTokenExpiresAt: Date.now() - 1000 }),
    );
    for (const path of ["/portal/login/tok/enc"]) {
      const res = await proxy(page(path, { cookie }));
      expect(setSessionCookie(res)).toBeUndefined();
      expect(res.headers.get("content-security-policy")).toContain("'nonce-");
    }
    expect(upstream.calls).toHaveLength(0);
  });

  it("slides the idle lifetime at most once a minute", async () => {
    const old = makeSession({ lastSeenAt: Date.now() - 2 * 60_000 });
    const res = await proxy(page("/portal/dashboard", { cookie: await sessionCookieHeader(old) }));
    expect((await unsealSession(setSessionCookie(res)?.value))?.lastSeenAt).toBeGreaterThan(
      old.lastSeenAt,
    );
    expect(upstream.calls).toHaveLength(0);
  });
});

describe("proxy: matcher", () => {
  const matches = (url: string) => unstable_doesMiddlewareMatch({ config, url });

  it("runs on pages", () => {
    for (const url of ["/portal/login", "/portal/dashboard", "/portal/login/tok/enc", "/"])
      expect(matches(url)).toBe(true);
  });

  it("leaves the BFF alone: withRoute sets its headers and handles its session", () => {
    for (const url of ["/api/session", "/api/v1/user/me", "/api/lists/usages?page=2"])
      expect(matches(url)).toBe(false);
  });

  it("skips build assets, the favicon and static brand and font files", () => {
    for (const url of [
      "/_next/static/chunks/app.js",
      "/_next/image?url=x",
      "/favicon.ico",
      "/brand/acme-logo.svg",
      "/fonts/inter.woff2",
    ]) {
      expect(matches(url)).toBe(false);
    }
  });
});
