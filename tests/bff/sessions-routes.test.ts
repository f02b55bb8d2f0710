// Sessions the customer can see (issue 34 §2): the BFF's two routes, and the browser's
// User-Agent forwarded on the calls that sign in (docs/CONTRACT.md §1 "Sessions").
import { describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { GET as sessions } from "@/app/api/account/sessions/route";
import { DELETE as revokeOne } from "@/app/api/account/sessions/[id]/route";
import { POST as revokeOthers } from "@/app/api/account/sessions/revoke-others/route";
import { GET as punchOut } from "@/app/portal/login/[tokenId]/[encryptedEmail]/route";
import { ADA, bffRequest, fail, noParams, ok, setUpSignedInRoutes, tokensDto } from "./support";

const { upstream, cookie, get } = setUpSignedInRoutes();

const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1";

const sessionDto = (over: Record<string, unknown> = {}) => ({
  id: "a1b2c3",
  user_agent: CHROME_MAC,
  ip: "203.0.113.7",
  created_at: "2030-01-15T12:00:00.000Z",
  last_seen_at: "2030-01-15T12:30:00.000Z",
  current: true,
  ...over,
});

describe("GET /api/account/sessions", () => {
  it("answers the app's shape: browser and system read from the user agent, never the raw string", async () => {
    upstream.on(
      "GET",
      "/v1/user/me/sessions",
      ok({
        sessions: [
          sessionDto(),
          sessionDto({
            id: "d4e5f6",
            user_agent: SAFARI_IPHONE,
            ip: null,
            last_seen_at: "2030-01-15T12:10:00Z",
            current: false,
          }),
          sessionDto({ id: "g7", user_agent: null, current: false }),
        ],
      }),
    );
    const res = await sessions(get("/api/account/sessions"), noParams());
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const text = await res.text();
    expect(text).not.toContain("Mozilla");
    expect(JSON.parse(text)).toEqual({
      sessions: [
        {
          id: "a1b2c3",
          browser: "Chrome",
          system: "macOS",
          ip: "203.0.113.7",
          signedInAt: "2030-01-15T12:00:00.000Z",
          lastSeenAt: "2030-01-15T12:30:00.000Z",
          current: true,
        },
        {
          id: "d4e5f6",
          browser: "Safari",
          system: "iOS",
          ip: null,
          signedInAt: "2030-01-15T12:00:00.000Z",
          lastSeenAt: "2030-01-15T12:10:00.000Z",
          current: false,
        },
        {
          id: "g7",
          browser: null,
          system: null,
          ip: "203.0.113.7",
          signedInAt: "2030-01-15T12:00:00.000Z",
          lastSeenAt: "2030-01-15T12:30:00.000Z",
          current: false,
        },
      ],
    });
    const [call] = upstream.callsTo("GET", "/v1/user/me/sessions");
    expect(call?.headers.authorization).toMatch(/^Bearer /);
  });

  it("answers 502 to an answer it does not understand", async () => {
    upstream.on("GET", "/v1/user/me/sessions", ok({ sessions: [{ id: 5 }] }));
    const res = await sessions(get("/api/account/sessions"), noParams());
    expect(res.status).toBe(502);
  });

  it("answers 401 without a session, and calls nothing", async () => {
    const res = await sessions(bffRequest("/api/account/sessions", { method: "GET" }), noParams());
    expect(res.status).toBe(401);
    expect(upstream.callsTo("GET", "/v1/user/me/sessions")).toHaveLength(0);
  });
});

describe("POST /api/account/sessions/revoke-others", () => {
  const send = (body: unknown = {}, headers: Record<string, string> = {}) =>
    bffRequest("/api/account/sessions/revoke-others", { body, headers, cookie: cookie() });

  it("signs the other sessions out upstream and answers how many", async () => {
    upstream.on("POST", "/v1/user/me/sessions/revoke_others", ok({ revoked: 2 }));
    const res = await revokeOthers(send(), noParams());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ revoked: 2 });
    expect(upstream.callsTo("POST", "/v1/user/me/sessions/revoke_others")).toHaveLength(1);
  });

  it("answers 403 to a foreign origin, and calls nothing", async () => {
    const res = await revokeOthers(send({}, { origin: "http://evil.example" }), noParams());
    expect(res.status).toBe(403);
    expect(upstream.callsTo("POST", "/v1/user/me/sessions/revoke_others")).toHaveLength(0);
  });

  it("answers 422 to a body that is not empty", async () => {
    const res = await revokeOthers(send({ keep: "x" }), noParams());
    expect(res.status).toBe(422);
    expect(upstream.callsTo("POST", "/v1/user/me/sessions/revoke_others")).toHaveLength(0);
  });

  it("keeps the upstream's refusal an error", async () => {
    upstream.on(
      "POST",
      "/v1/user/me/sessions/revoke_others",
      fail(500, "internal_error", "database down"),
    );
    const res = await revokeOthers(send(), noParams());
    expect(res.status).toBeGreaterThanOrEqual(500);
  });
});

describe("DELETE /api/account/sessions/:id", () => {
  const idCtx = (id: string) => ({ params: Promise.resolve({ id }) });
  const send = (id: string) =>
    bffRequest(`/api/account/sessions/${id}`, { method: "DELETE", body: {}, cookie: cookie() });

  it("signs that session out upstream", async () => {
    upstream.on("DELETE", "/v1/user/me/sessions/d4e5f6", ok({ success: true }));
    const res = await revokeOne(send("d4e5f6"), idCtx("d4e5f6"));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(upstream.callsTo("DELETE", "/v1/user/me/sessions/d4e5f6")).toHaveLength(1);
  });

  it("answers 404 to an id that could not name a session, and calls nothing", async () => {
    const res = await revokeOne(send("x"), idCtx("../me"));
    expect(res.status).toBe(404);
    expect(upstream.calls.filter((c) => c.path.startsWith("/v1/user/me/sessions"))).toEqual([]);
  });

  it("keeps the upstream's 404 for a session that is gone", async () => {
    upstream.on("DELETE", "/v1/user/me/sessions/gone", fail(404, "not_found", "No such session"));
    const res = await revokeOne(send("gone"), idCtx("gone"));
    expect(res.status).toBe(404);
  });
});

describe("the browser's User-Agent on the calls that sign in", () => {
  it("is forwarded as X-Client-User-Agent by POST /api/auth/login", async () => {
    upstream.on("POST", "/v1/auth/login", ok({ ...tokensDto(1), user: ADA }));
    const res = await login(
      bffRequest("/api/auth/login", {
        body: { email: "ada@acme.test", password: "Portal!2345" },
        headers: { "user-agent": CHROME_MAC },
      }),
      noParams(),
    );
    expect(res.status).toBe(200);
    const [call] = upstream.callsTo("POST", "/v1/auth/login");
    expect(call?.headers["x-client-user-agent"]).toBe(CHROME_MAC);
  });

  it("is cut to 512 characters", async () => {
    upstream.on("POST", "/v1/auth/login", ok({ ...tokensDto(1), user: ADA }));
    await login(
      bffRequest("/api/auth/login", {
        body: { email: "ada@acme.test", password: "Portal!2345" },
        headers: { "user-agent": `X/${"y".repeat(700)}` },
      }),
      noParams(),
    );
    const [call] = upstream.callsTo("POST", "/v1/auth/login");
    expect(call?.headers["x-client-user-agent"]).toHaveLength(512);
  });

  it("is forwarded by the punch-out sign-in", async () => {
    upstream.on("POST", "/v1/auth/login", ok({ ...tokensDto(5), user: ADA }));
    const res = await punchOut(
      bffRequest("/portal/login/tok123/enc456", {
        method: "GET",
        headers: { "user-agent": SAFARI_IPHONE },
      }),
      { params: Promise.resolve({ tokenId: "tok123", encryptedEmail: "enc456" }) },
    );
    expect(res.status).toBe(303);
    const [call] = upstream.callsTo("POST", "/v1/auth/login");
    expect(call?.headers["x-client-user-agent"]).toBe(SAFARI_IPHONE);
  });

  it("is not sent on other calls", async () => {
    upstream.on("GET", "/v1/user/me/sessions", ok({ sessions: [] }));
    await sessions(
      bffRequest("/api/account/sessions", {
        method: "GET",
        cookie: cookie(),
        headers: { "user-agent": CHROME_MAC },
      }),
      noParams(),
    );
    const [call] = upstream.callsTo("GET", "/v1/user/me/sessions");
    expect(call?.headers["x-client-user-agent"]).toBeUndefined();
  });
});
