import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as logout } from "@/app/api/auth/logout/route";
import { GET as expired } from "@/app/api/auth/expired/route";
import { POST as forgot } from "@/app/api/auth/forgot-password/route";
import { POST as register } from "@/app/api/auth/register/route";
import { POST as reset } from "@/app/api/auth/reset-password/route";
import { POST as verifyEmail } from "@/app/api/auth/verify-email/route";
import { POST as selectCustomer } from "@/app/api/customers/select/route";
import { POST as setLocale } from "@/app/api/locale/route";
import { GET as getSessionRoute } from "@/app/api/session/route";
import { GET as unknownApiGet, POST as unknownApiPost } from "@/app/api/[...path]/route";
import {
  DELETE as forwardDelete,
  GET as forwardGet,
  POST as forwardPost,
} from "@/app/api/v1/[...path]/route";
import { GET as punchOut } from "@/app/portal/login/[tokenId]/[encryptedEmail]/route";
import { resetRefreshState } from "@/lib/billing/refresh";
import { clearPortalConfigCache } from "@/lib/portal-config";
import { unsealSession } from "@/lib/session/seal";
import {
  ACME_CONFIG,
  ADA,
  bffRequest,
  fail,
  makeSession,
  noParams,
  ok,
  sessionCookieHeader,
  setSessionCookie,
  setUpFakeUpstream,
  tokensDto,
} from "./support";

const upstream = setUpFakeUpstream();

beforeAll(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterAll(() => {
  vi.restoreAllMocks();
});
beforeEach(() => {
  clearPortalConfigCache();
  resetRefreshState();
  upstream.on("GET", "/v1/portalConfiguration", (call) => {
    if (call.query.get("host") === "localhost") return ok(ACME_CONFIG);
    if (call.query.get("host") === "127.0.0.1")
      return ok({ ...ACME_CONFIG, companyId: "globex", name: "Globex Energy" });
    return fail(404, "not_found", "no portal");
  });
});

type ErrorJson = {
  error: { code: string; message: string; fields?: Record<string, string>; retryAfter?: number };
};
const errorOf = async (res: Response) => ((await res.json()) as ErrorJson).error;
const forwardCtx = (...path: string[]) => ({ params: Promise.resolve({ path }) });

describe("POST /api/auth/login", () => {
  const credentials = { email: "ada@acme.test", password: "Portal!2345" };

  it("signs in, seals an HttpOnly SameSite=Lax session cookie and returns only the redirect", async () => {
    upstream.on("POST", "/v1/auth/login", ok({ ...tokensDto(1), user: ADA }));
    const res = await login(
      bffRequest("/api/auth/login", { body: { ...credentials, returnTo: "/portal/account" } }),
      noParams(),
    );
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ redirectTo: "/portal/account" });
    expect(text).not.toMatch(/access-1|refresh-1/);
    expect(res.headers.get("cache-control")).toBe("no-store");

    const cookie = setSessionCookie(res);
    expect(cookie?.attributes).toMatch(/HttpOnly/i);
    expect(cookie?.attributes).toMatch(/SameSite=lax/i);
    expect(cookie?.attributes).toMatch(/Path=\//);
    expect(cookie?.attributes).not.toMatch(/Domain/i);
    const session = await unsealSession(cookie?.value);
    expect(session).toMatchObject({
      accessToken: "access-1",
      refreshToken: "refresh-1",
      userId: "u-ada",
      companyId: "acme",
      host: "localhost",
    });
  });

  it("sends the e-mail, the password and the company of the request's host upstream, with X-Client-IP", async () => {
    upstream.on("POST", "/v1/auth/login", ok({ ...tokensDto(1), user: ADA }));
    await login(
      bffRequest("/api/auth/login", {
        body: { ...credentials, companyId: "globex" },
        headers: { "x-portal-client-ip": "192.0.2.5" },
      }),
      noParams(),
    );
    const [call] = upstream.callsTo("POST", "/v1/auth/login");
    expect(call?.body).toEqual({
      email: "ada@acme.test",
      password: "Portal!2345",
      companyId: "acme",
    });
    expect(call?.headers["x-client-ip"]).toBe("192.0.2.5");
    expect(call?.headers.cookie).toBeUndefined();
  });

  it("sanitises returnTo", async () => {
    upstream.on("POST", "/v1/auth/login", ok({ ...tokensDto(1), user: ADA }));
    const res = await login(
      bffRequest("/api/auth/login", { body: { ...credentials, returnTo: "//evil.example" } }),
      noParams(),
    );
    expect(await res.json()).toEqual({ redirectTo: "/portal/dashboard" });
  });

  it("seals a brand-new session at every sign-in, carrying nothing over", async () => {
    upstream.on(
      "POST",
      "/v1/auth/login",
      ok({ ...tokensDto(2), user: { ...ADA, selected_customer_id: null } }),
    );
    const old = await sessionCookieHeader(
      makeSession({
        userId: "someone-else",
        selectedCustomerId: "c-9",
        issuedAt: Date.now() - 3_600_000,
      }),
    );
    const res = await login(
      bffRequest("/api/auth/login", { body: credentials, cookie: old }),
      noParams(),
    );
    const session = await unsealSession(setSessionCookie(res)?.value);
    expect(session).toMatchObject({
      userId: "u-ada",
      selectedCustomerId: null,
      accessToken: "access-2",
    });
    expect(Date.now() - (session?.issuedAt ?? 0)).toBeLessThan(5_000);
  });

  it("answers 401 errors.auth.invalidCredentials to wrong credentials", async () => {
    upstream.on(
      "POST",
      "/v1/auth/login",
      fail(401, "invalid_credentials", "Invalid e-mail or password"),
    );
    const res = await login(bffRequest("/api/auth/login", { body: credentials }), noParams());
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toEqual({
      code: "invalid_credentials",
      message: "errors.auth.invalidCredentials",
    });
    expect(setSessionCookie(res)).toBeUndefined();
  });

  it("passes 429 on with Retry-After and retryAfter", async () => {
    upstream.on(
      "POST",
      "/v1/auth/login",
      fail(429, "rate_limited", "Too many", { "Retry-After": "840" }, { retryAfter: 840 }),
    );
    const res = await login(bffRequest("/api/auth/login", { body: credentials }), noParams());
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("840");
    expect(await errorOf(res)).toEqual({
      code: "rate_limited",
      message: "errors.auth.tooManyAttempts",
      retryAfter: 840,
    });
  });

  it("asks for the bot check the billing API wants, and sends the solved one upstream", async () => {
    upstream.on("POST", "/v1/auth/login", fail(400, "captcha_required", "Confirm"));
    const asked = await login(bffRequest("/api/auth/login", { body: credentials }), noParams());
    expect(asked.status).toBe(400);
    expect(await errorOf(asked)).toEqual({
      code: "captcha_required",
      message: "errors.auth.captchaRequired",
    });

    upstream.on("POST", "/v1/auth/login", ok({ ...tokensDto(1), user: ADA }));
    const solved = await login(
      bffRequest("/api/auth/login", { body: { ...credentials, captchaToken: "solved-1" } }),
      noParams(),
    );
    expect(solved.status).toBe(200);
    expect(upstream.callsTo("POST", "/v1/auth/login").map((c) => c.body)).toEqual([
      { ...credentials, companyId: "acme" },
      { ...credentials, companyId: "acme", captchaToken: "solved-1" },
    ]);
  });

  it("refuses a user of another company", async () => {
    upstream.on(
      "POST",
      "/v1/auth/login",
      ok({ ...tokensDto(1), user: { ...ADA, company_id: "globex" } }),
    );
    const res = await login(bffRequest("/api/auth/login", { body: credentials }), noParams());
    expect(res.status).toBe(401);
    expect(setSessionCookie(res)).toBeUndefined();
  });

  it("answers 404 errors.noPortal on a host without a portal", async () => {
    const res = await login(
      bffRequest("/api/auth/login", {
        body: credentials,
        headers: { host: "nowhere.example", origin: "http://nowhere.example" },
      }),
      noParams(),
    );
    expect(res.status).toBe(404);
    expect((await errorOf(res)).message).toBe("errors.noPortal");
    expect(upstream.callsTo("POST", "/v1/auth/login")).toHaveLength(0);
  });

  it("answers 422 with field keys to an invalid form", async () => {
    const res = await login(bffRequest("/api/auth/login", { body: { email: "x" } }), noParams());
    expect(res.status).toBe(422);
    expect((await errorOf(res)).fields).toEqual({
      email: "validation.email",
      password: "validation.required",
    });
  });

  it("answers 403 to a foreign origin without calling upstream", async () => {
    const res = await login(
      bffRequest("/api/auth/login", {
        body: credentials,
        headers: { origin: "https://evil.example" },
      }),
      noParams(),
    );
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toEqual({ code: "forbidden", message: "errors.forbidden" });
    // Only the host's portal was looked up (cached per host), nothing was sent.
    expect(upstream.calls.map((c) => c.path)).toEqual(["/v1/portalConfiguration"]);
  });

  it("answers 502 errors.upstream when the billing API is down", async () => {
    upstream.on("POST", "/v1/auth/login", { raw: "not json", status: 200 });
    const res = await login(bffRequest("/api/auth/login", { body: credentials }), noParams());
    expect(res.status).toBe(502);
    expect((await errorOf(res)).message).toBe("errors.upstream");
  });

  it("uses the __Host- cookie with Secure when COOKIE_SECURE=true", async () => {
    process.env.COOKIE_SECURE = "true";
    upstream.on("POST", "/v1/auth/login", ok({ ...tokensDto(1), user: ADA }));
    const res = await login(bffRequest("/api/auth/login", { body: credentials }), noParams());
    const line = res.headers.getSetCookie().find((c) => c.startsWith("__Host-portal_session="));
    expect(line).toMatch(/; Secure/i);
    expect(line).toMatch(/Path=\//);
  });
});

describe("GET /portal/login/:tokenId/:encryptedEmail (punch-out)", () => {
  const ctx = (tokenId: string, encryptedEmail: string) => ({
    params: Promise.resolve({ tokenId, encryptedEmail }),
  });

  it("signs in with the token and 303s to a clean /portal/dashboard with no-referrer", async () => {
    upstream.on("POST", "/v1/auth/login", ok({ ...tokensDto(5), user: ADA }));
    const res = await punchOut(
      bffRequest("/portal/login/tok123/enc456", { method: "GET" }),
      ctx("tok123", "enc456"),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/portal/dashboard");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(upstream.callsTo("POST", "/v1/auth/login")[0]?.body).toEqual({
      token: "tok123",
      encryptedEmail: "enc456",
      companyId: "acme",
    });
    expect(await unsealSession(setSessionCookie(res)?.value)).toMatchObject({
      accessToken: "access-5",
    });
  });

  it("303s to /portal/login?error=punchout and clears any session on failure", async () => {
    upstream.on("POST", "/v1/auth/login", fail(400, "token_invalid", "bad token"));
    const cookie = await sessionCookieHeader(makeSession());
    const res = await punchOut(
      bffRequest("/portal/login/tok123/enc456", { method: "GET", cookie }),
      ctx("tok123", "enc456"),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/portal/login?error=punchout");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(setSessionCookie(res)?.value).toBe("");
  });

  it("never calls upstream with malformed segments", async () => {
    const res = await punchOut(
      bffRequest("/portal/login/x/y", { method: "GET" }),
      ctx("<script>", "enc"),
    );
    expect(res.headers.get("location")).toBe("/portal/login?error=punchout");
    expect(upstream.callsTo("POST", "/v1/auth/login")).toHaveLength(0);
  });
});

describe("POST /api/auth/logout", () => {
  it("revokes the refresh token, writes the audit entry and clears the cookie", async () => {
    upstream.on("POST", "/v1/auth/logout", ok({ success: true }));
    upstream.on("POST", "/v1/auth/generate_portal_logs", ok({ success: true }));
    const cookie = await sessionCookieHeader(makeSession());
    const res = await logout(bffRequest("/api/auth/logout", { body: {}, cookie }), noParams());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ redirectTo: "/portal/login" });
    expect(setSessionCookie(res)?.value).toBe("");

    const [revoke] = upstream.callsTo("POST", "/v1/auth/logout");
    expect(revoke?.headers.authorization).toBe("Bearer access-0");
    expect(revoke?.body).toEqual({ refreshToken: "refresh-0" });
    const [audit] = upstream.callsTo("POST", "/v1/auth/generate_portal_logs");
    expect(Object.fromEntries(audit?.query ?? [])).toEqual({
      companyId: "acme",
      action: "logout",
      email: "ada@acme.test",
    });
  });

  it("still signs the browser out when the upstream fails", async () => {
    upstream.on("POST", "/v1/auth/logout", fail(500, "upstream_error"));
    upstream.on("POST", "/v1/auth/generate_portal_logs", fail(500, "upstream_error"));
    const res = await logout(
      bffRequest("/api/auth/logout", {
        body: {},
        cookie: await sessionCookieHeader(makeSession()),
      }),
      noParams(),
    );
    expect(res.status).toBe(200);
    expect(setSessionCookie(res)?.value).toBe("");
  });

  it("needs the CSRF header like every mutation", async () => {
    const res = await logout(
      bffRequest("/api/auth/logout", {
        body: {},
        headers: { "x-csrf": "" },
        cookie: await sessionCookieHeader(makeSession()),
      }),
      noParams(),
    );
    expect(res.status).toBe(403);
    expect(upstream.callsTo("POST", "/v1/auth/logout")).toHaveLength(0);
  });
});

describe("POST /api/auth/forgot-password", () => {
  it("sends the e-mail, the host's company and the captcha response", async () => {
    upstream.on("POST", "/v1/auth/forgot-password", ok({ success: true }));
    const res = await forgot(
      bffRequest("/api/auth/forgot-password", {
        body: { email: "ada@acme.test", captchaToken: "cap" },
      }),
      noParams(),
    );
    expect(await res.json()).toEqual({ ok: true });
    expect(upstream.callsTo("POST", "/v1/auth/forgot-password")[0]?.body).toEqual({
      email: "ada@acme.test",
      companyId: "acme",
      captchaToken: "cap",
    });
  });

  it("answers 400 forgotPassword.humanError to a failed captcha", async () => {
    upstream.on("POST", "/v1/auth/forgot-password", fail(400, "captcha_failed", "bad captcha"));
    const res = await forgot(
      bffRequest("/api/auth/forgot-password", {
        body: { email: "ada@acme.test", captchaToken: "x" },
      }),
      noParams(),
    );
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe("forgotPassword.humanError");
  });

  it("answers 422 forgotPassword.humanError without a captcha response", async () => {
    const res = await forgot(
      bffRequest("/api/auth/forgot-password", {
        body: { email: "ada@acme.test", captchaToken: "" },
      }),
      noParams(),
    );
    expect(res.status).toBe(422);
    expect((await errorOf(res)).fields).toEqual({ captchaToken: "forgotPassword.humanError" });
  });
});

describe("POST /api/auth/register", () => {
  const body = { tokenId: "inv1", email: "attacker@evil.example", password: "Str0ng!pass" };

  it("takes the e-mail and company from the verified invitation, the companyId from the host", async () => {
    upstream.on(
      "GET",
      "/v1/register/inv1",
      ok({ email: "new@acme.test", company: "Acme Water", companyId: "acme", status: "pending" }),
    );
    upstream.on("POST", "/v1/auth/register", ok({ success: true }));
    const res = await register(bffRequest("/api/auth/register", { body }), noParams());
    expect(await res.json()).toEqual({ redirectTo: "/portal/login?message=registered" });
    expect(upstream.callsTo("POST", "/v1/auth/register")[0]?.body).toEqual({
      email: "new@acme.test",
      password: "Str0ng!pass",
      tokenId: "inv1",
      companyId: "acme",
      company: "Acme Water",
    });
  });

  it("answers 400 errors.token.invalid to an unknown token or another company's invitation", async () => {
    upstream.on(
      "GET",
      "/v1/register/inv1",
      ok({ email: "new@globex.test", company: "Globex", companyId: "globex", status: "pending" }),
    );
    const res = await register(bffRequest("/api/auth/register", { body }), noParams());
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe("errors.token.invalid");
    upstream.on("GET", "/v1/register/inv1", fail(400, "token_invalid", "expired"));
    expect((await register(bffRequest("/api/auth/register", { body }), noParams())).status).toBe(
      400,
    );
    expect(upstream.callsTo("POST", "/v1/auth/register")).toHaveLength(0);
  });
});

describe("POST /api/auth/reset-password", () => {
  it("resets with the host's company and redirects to the login message", async () => {
    upstream.on("POST", "/v1/auth/reset-password", ok({ success: true }));
    const res = await reset(
      bffRequest("/api/auth/reset-password", {
        body: { tokenId: "rst1", password: "Str0ng!pass", passwordConfirmation: "Str0ng!pass" },
      }),
      noParams(),
    );
    expect(await res.json()).toEqual({ redirectTo: "/portal/login?message=passwordChanged" });
    expect(upstream.callsTo("POST", "/v1/auth/reset-password")[0]?.body).toEqual({
      password: "Str0ng!pass",
      passwordConfirmation: "Str0ng!pass",
      tokenId: "rst1",
      companyId: "acme",
    });
  });

  it("answers 422 when the confirmation differs", async () => {
    const res = await reset(
      bffRequest("/api/auth/reset-password", {
        body: { tokenId: "rst1", password: "Str0ng!pass", passwordConfirmation: "other" },
      }),
      noParams(),
    );
    expect(res.status).toBe(422);
    expect((await errorOf(res)).fields).toEqual({
      passwordConfirmation: "validation.passwordMismatch",
    });
  });
});

describe("POST /api/auth/verify-email", () => {
  it("verifies the token upstream", async () => {
    upstream.on("GET", "/v1/auth/verify-email", (call) =>
      call.query.get("token") === "vt1"
        ? ok({ success: true, email: "ada@acme.test" })
        : fail(400, "token_invalid"),
    );
    expect(
      await (
        await verifyEmail(
          bffRequest("/api/auth/verify-email", { body: { token: "vt1" } }),
          noParams(),
        )
      ).json(),
    ).toEqual({ ok: true });
    const bad = await verifyEmail(
      bffRequest("/api/auth/verify-email", { body: { token: "nope" } }),
      noParams(),
    );
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toBe("errors.token.invalid");
  });
});

describe("GET /api/auth/expired", () => {
  it("clears the session and 303s to the login page with a sanitised returnTo", async () => {
    upstream.on("GET", "/v1/user/me", fail(401, "unauthorized", "revoked"));
    upstream.on("POST", "/v1/auth/refresh-tokens", fail(401, "unauthorized", "revoked"));
    const req = bffRequest("/api/auth/expired?returnTo=%2Fportal%2Faccount", {
      method: "GET",
      cookie: await sessionCookieHeader(makeSession()),
    });
    const res = await expired(req, noParams());
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(
      "/portal/login?returnTo=%2Fportal%2Faccount&error=sessionExpired",
    );
    expect(setSessionCookie(res)?.value).toBe("");
  });

  it("keeps a session that still works and goes back to returnTo (a foreign link cannot sign anyone out)", async () => {
    upstream.on("GET", "/v1/user/me", ok(ADA));
    const res = await expired(
      bffRequest("/api/auth/expired?returnTo=%2Fportal%2Faccount", {
        method: "GET",
        cookie: await sessionCookieHeader(makeSession()),
      }),
      noParams(),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/portal/account");
    expect(setSessionCookie(res)?.value ?? "unchanged").not.toBe("");
  });

  it("never redirects off-site", async () => {
    const res = await expired(
      bffRequest("/api/auth/expired?returnTo=https://evil.example", { method: "GET" }),
      noParams(),
    );
    expect(res.headers.get("location")).toBe(
      "/portal/login?returnTo=%2Fportal%2Fdashboard&error=sessionExpired",
    );
  });
});

describe("BFF answers: security headers (proxy.ts does not run on /api/)", () => {
  const expectApiHeaders = (res: Response) => {
    expect(res.headers.get("content-security-policy")).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("cache-control")).toBe("no-store");
  };

  it("on a success, a refusal and the forwarder's early 404", async () => {
    const cookie = await sessionCookieHeader(makeSession());
    expectApiHeaders(
      await getSessionRoute(bffRequest("/api/session", { method: "GET", cookie }), noParams()),
    );
    expectApiHeaders(
      await getSessionRoute(bffRequest("/api/session", { method: "GET" }), noParams()),
    );
    const unknown = await forwardGet(
      bffRequest("/api/v1/nope", { method: "GET", cookie }),
      forwardCtx("nope"),
    );
    expect(unknown.status).toBe(404);
    expectApiHeaders(unknown);
  });

  it("answers an unknown /api/ path with a JSON 404, whatever the method", async () => {
    for (const res of [await unknownApiGet(), await unknownApiPost()]) {
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expectApiHeaders(res);
    }
    expect(upstream.calls).toHaveLength(0);
  });
});

describe("GET /api/session", () => {
  it("returns the safe projection, never the tokens", async () => {
    upstream.on("GET", "/v1/user/me", ok(ADA));
    const res = await getSessionRoute(
      bffRequest("/api/session", {
        method: "GET",
        cookie: await sessionCookieHeader(makeSession()),
      }),
      noParams(),
    );
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      user: { id: "u-ada", email: "ada@acme.test" },
      companyId: "acme",
      selectedCustomerId: "c-1",
    });
    expect(text).not.toMatch(/access-0|refresh-0/);
  });

  it("answers 401 for a cookie whose tokens the billing API has revoked (a copy kept after logout)", async () => {
    upstream.on("GET", "/v1/user/me", fail(401, "unauthorized"));
    upstream.on("POST", "/v1/auth/refresh-tokens", fail(401, "token_invalid"));
    const res = await getSessionRoute(
      bffRequest("/api/session", {
        method: "GET",
        cookie: await sessionCookieHeader(makeSession()),
      }),
      noParams(),
    );
    expect(res.status).toBe(401);
    expect(await res.text()).not.toContain("ada@acme.test");
    expect(setSessionCookie(res)?.value).toBe("");
  });

  it("answers 401 without a session", async () => {
    const res = await getSessionRoute(bffRequest("/api/session", { method: "GET" }), noParams());
    expect(res.status).toBe(401);
  });

  it("refuses a session presented on another company's host and clears it", async () => {
    const cookie = await sessionCookieHeader(makeSession({ host: "localhost" }));
    const res = await getSessionRoute(
      bffRequest("/api/session", { method: "GET", cookie, headers: { host: "127.0.0.1:3000" } }),
      noParams(),
    );
    expect(res.status).toBe(401);
    expect(setSessionCookie(res)?.value).toBe("");
  });

  it("refuses a session whose company no longer owns the host", async () => {
    const cookie = await sessionCookieHeader(makeSession({ host: "127.0.0.1", companyId: "acme" }));
    const res = await getSessionRoute(
      bffRequest("/api/session", { method: "GET", cookie, headers: { host: "127.0.0.1:3000" } }),
      noParams(),
    );
    expect(res.status).toBe(401);
  });

  it("refuses an idle session", async () => {
    const cookie = await sessionCookieHeader(makeSession({ lastSeenAt: Date.now() - 31 * 60_000 }));
    const res = await getSessionRoute(
      bffRequest("/api/session", { method: "GET", cookie }),
      noParams(),
    );
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe("session_expired");
  });

  it("slides the idle lifetime at most once a minute", async () => {
    const fresh = await getSessionRoute(
      bffRequest("/api/session", {
        method: "GET",
        cookie: await sessionCookieHeader(makeSession()),
      }),
      noParams(),
    );
    expect(setSessionCookie(fresh)).toBeUndefined();
    const old = makeSession({ lastSeenAt: Date.now() - 5 * 60_000 });
    const res = await getSessionRoute(
      bffRequest("/api/session", { method: "GET", cookie: await sessionCookieHeader(old) }),
      noParams(),
    );
    const slid = await unsealSession(setSessionCookie(res)?.value);
    expect(slid?.lastSeenAt).toBeGreaterThan(old.lastSeenAt);
    expect(slid?.issuedAt).toBe(old.issuedAt);
  });
});

describe("POST /api/customers/select", () => {
  it("selects the customer upstream and stores it in the session", async () => {
    upstream.on("POST", "/v1/user/portalUserCustomer", (call) =>
      ok({ ...ADA, selected_customer_id: (call.body as { customer_id: string }).customer_id }),
    );
    const res = await selectCustomer(
      bffRequest("/api/customers/select", {
        body: { customerId: "c-2" },
        cookie: await sessionCookieHeader(makeSession()),
      }),
      noParams(),
    );
    expect(await res.json()).toEqual({ ok: true });
    const [call] = upstream.callsTo("POST", "/v1/user/portalUserCustomer");
    expect(call?.body).toEqual({ customer_id: "c-2" });
    expect(call?.headers.authorization).toBe("Bearer access-0");
    expect((await unsealSession(setSessionCookie(res)?.value))?.selectedCustomerId).toBe("c-2");
  });

  it("refuses a NUL in the body (raw or escaped) with a 400, calling nothing upstream", async () => {
    const cookie = await sessionCookieHeader(makeSession());
    for (const body of ['{"customerId":"\\u0000"}', '{"customerId":"c-2","\\u0000":1}']) {
      const res = await selectCustomer(
        bffRequest("/api/customers/select", { body, cookie }),
        noParams(),
      );
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe("bad_request");
    }
    expect(upstream.callsTo("POST", "/v1/user/portalUserCustomer")).toHaveLength(0);
  });

  it("answers 401 without a session", async () => {
    const res = await selectCustomer(
      bffRequest("/api/customers/select", { body: { customerId: "c-2" } }),
      noParams(),
    );
    expect(res.status).toBe(401);
    expect(upstream.calls.filter((c) => c.path !== "/v1/portalConfiguration")).toHaveLength(0);
  });
});

describe("POST /api/locale", () => {
  it("sets NEXT_LOCALE for a year with SameSite=Lax", async () => {
    const res = await setLocale(bffRequest("/api/locale", { body: { locale: "es" } }), noParams());
    expect(res.status).toBe(200);
    const line = res.headers.getSetCookie().find((c) => c.startsWith("NEXT_LOCALE="));
    expect(line).toMatch(/^NEXT_LOCALE=es;/);
    expect(line).toMatch(/Max-Age=31536000/);
    expect(line).toMatch(/SameSite=lax/i);
  });

  it("refuses other locales and cross-site posts", async () => {
    expect(
      (await setLocale(bffRequest("/api/locale", { body: { locale: "sv" } }), noParams())).status,
    ).toBe(422);
    expect(
      (
        await setLocale(
          bffRequest("/api/locale", { body: { locale: "es" }, headers: { origin: "null" } }),
          noParams(),
        )
      ).status,
    ).toBe(403);
  });
});

describe("ANY /api/v1/[...path] (allow-listed forwarder)", () => {
  it("forwards an allow-listed GET with the bearer token and answers {data}", async () => {
    upstream.on("GET", "/v1/user/me", ok(ADA));
    const cookie = await sessionCookieHeader(makeSession());
    const res = await forwardGet(
      bffRequest("/api/v1/user/me", {
        method: "GET",
        cookie,
        headers: { authorization: "Bearer from-browser" },
      }),
      forwardCtx("user", "me"),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: ADA });
    expect(res.headers.get("cache-control")).toBe("no-store");
    const [call] = upstream.callsTo("GET", "/v1/user/me");
    expect(call?.headers.authorization).toBe("Bearer access-0");
    expect(call?.headers.cookie).toBeUndefined();
    expect(call?.headers.origin).toBeUndefined();
  });

  it("answers 404 to an unknown path without calling upstream", async () => {
    const cookie = await sessionCookieHeader(makeSession());
    for (const path of [
      ["user", "secret"],
      ["..", "__sandbox", "reset"],
      ["user", "me", "x"],
      ["auth", "refresh-tokens"],
    ]) {
      const res = await forwardGet(
        bffRequest(`/api/v1/${path.join("/")}`, { method: "GET", cookie }),
        forwardCtx(...path),
      );
      expect(res.status).toBe(404);
    }
    expect(upstream.calls).toHaveLength(0);
  });

  it("answers 405 with Allow to a known path with the wrong method, without calling upstream", async () => {
    const cookie = await sessionCookieHeader(makeSession());
    const res = await forwardPost(
      bffRequest("/api/v1/user/me", { body: {}, cookie }),
      forwardCtx("user", "me"),
    );
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
    const del = await forwardDelete(
      bffRequest("/api/v1/user/me", { method: "DELETE", cookie }),
      forwardCtx("user", "me"),
    );
    expect(del.status).toBe(405);
    expect(upstream.calls).toHaveLength(0);
  });

  it("answers 401 without a session", async () => {
    const res = await forwardGet(
      bffRequest("/api/v1/user/me", { method: "GET" }),
      forwardCtx("user", "me"),
    );
    expect(res.status).toBe(401);
    expect(upstream.callsTo("GET", "/v1/user/me")).toHaveLength(0);
  });

  it("refreshes an expired token once and re-seals the cookie", async () => {
    upstream.on("POST", "/v1/auth/refresh-tokens", ok(tokensDto(7)));
    upstream.on("GET", "/v1/user/portalUserCustomer", (call) =>
      call.headers.authorization === "Bearer access-7"
        ? ok([{ id: "1", customer_id: "c-1", name: "Ada" }])
        : fail(401, "unauthorized"),
    );
    const cookie = await sessionCookieHeader(
      makeSession({ accessTokenExpiresAt: Date.now() - 1000 }),
    );
    const res = await forwardGet(
      bffRequest("/api/v1/user/portalUserCustomer", { method: "GET", cookie }),
      forwardCtx("user", "portalUserCustomer"),
    );
    expect(res.status).toBe(200);
    expect(upstream.callsTo("POST", "/v1/auth/refresh-tokens")).toHaveLength(1);
    expect(await unsealSession(setSessionCookie(res)?.value)).toMatchObject({
      accessToken: "access-7",
      refreshToken: "refresh-7",
    });
  });

  it("clears the session when the refresh is refused (401 session_expired)", async () => {
    upstream.on("POST", "/v1/auth/refresh-tokens", fail(401, "token_invalid"));
    const cookie = await sessionCookieHeader(
      makeSession({ accessTokenExpiresAt: Date.now() - 1000 }),
    );
    const res = await forwardGet(
      bffRequest("/api/v1/user/me", { method: "GET", cookie }),
      forwardCtx("user", "me"),
    );
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe("session_expired");
    expect(setSessionCookie(res)?.value).toBe("");
  });
});
