/**
 * Sessions the customer can see (issue 34 §2, docs/CONTRACT.md §1 "Sessions"): each sign-in is a
 * session with the browser's user agent and address, listed last seen first with the caller's
 * marked; signing the others out ends them at their next call and refresh, and keeps the caller's.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Envelope, type Harness, type LoginData } from "./support/harness";

type Session = {
  id: string;
  user_agent: string | null;
  ip: string | null;
  created_at: string;
  last_seen_at: string;
  current: boolean;
};

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:135.0) Gecko/20100101 Firefox/135.0";
const SAFARI =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";

let h: Harness;
beforeAll(async () => {
  h = await startHarness("sessions");
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.reset();
});

/** A password sign-in as the portal makes it: the browser's address and user agent forwarded. */
async function signIn(
  email: string,
  ip: string,
  userAgent: string,
  companyId = "acme",
): Promise<LoginData> {
  const res = await h.request<Envelope<LoginData>>("POST", "/v1/auth/login", {
    body: { email, password: "Portal!2345", companyId },
    headers: { "x-client-ip": ip, "x-client-user-agent": userAgent },
  });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

async function sessions(token: string): Promise<Session[]> {
  const res = await h.api<{ sessions: Session[] }>("GET", "/v1/user/me/sessions", { token });
  expect(res.status, res.text).toBe(200);
  return res.body.data.sessions;
}

const refresh = (refreshToken: string) =>
  h.api<LoginData>("POST", "/v1/auth/refresh-tokens", { body: { refreshToken } });

describe("GET /v1/user/me/sessions", () => {
  it("lists a sign-in with the browser's user agent and address, marked current", async () => {
    const ada = await signIn("ada@acme.test", "203.0.113.7", FIREFOX);
    const list = await sessions(ada.accessToken);
    expect(list).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{32}$/),
        user_agent: FIREFOX,
        ip: "203.0.113.7",
        created_at: new Date(h.now()).toISOString(),
        last_seen_at: new Date(h.now()).toISOString(),
        current: true,
      },
    ]);
  });

  it("keeps the caller's own User-Agent when none is forwarded, cut to 512 characters", async () => {
    const res = await h.request<Envelope<LoginData>>("POST", "/v1/auth/login", {
      body: { email: "ada@acme.test", password: "Portal!2345", companyId: "acme" },
      headers: { "user-agent": `Bot/${"x".repeat(600)}` },
    });
    expect(res.status, res.text).toBe(200);
    const [only] = await sessions(res.body.data.accessToken);
    expect(only?.user_agent).toHaveLength(512);
    expect(only?.user_agent?.startsWith("Bot/")).toBe(true);
  });

  it("lists two sign-ins, last seen first, with only the caller's current", async () => {
    const first = await signIn("ada@acme.test", "203.0.113.7", FIREFOX);
    h.advance(5 * 60_000);
    const second = await signIn("ada@acme.test", "198.51.100.4", SAFARI);

    const fromSecond = await sessions(second.accessToken);
    expect(fromSecond.map((s) => [s.user_agent, s.current])).toEqual([
      [SAFARI, true],
      [FIREFOX, false],
    ]);
    // The first browser, seen now, moves to the top and is its own current.
    h.advance(2 * 60_000);
    const fromFirst = await sessions(first.accessToken);
    expect(fromFirst.map((s) => [s.ip, s.current])).toEqual([
      ["203.0.113.7", true],
      ["198.51.100.4", false],
    ]);
    expect(new Set(fromFirst.map((s) => s.id))).toEqual(new Set(fromSecond.map((s) => s.id)));
  });

  it("moves last seen when a token is used or refreshed, at most once a minute", async () => {
    const ada = await signIn("ada@acme.test", "203.0.113.7", FIREFOX);
    const signedInAt = h.now();
    h.advance(30_000);
    const [early] = await sessions(ada.accessToken);
    expect(Date.parse(early!.last_seen_at)).toBe(signedInAt);

    h.advance(60_000);
    await sessions(ada.accessToken);
    const [seen] = await sessions(ada.accessToken);
    expect(Date.parse(seen!.last_seen_at)).toBe(signedInAt + 90_000);
    expect(Date.parse(seen!.created_at)).toBe(signedInAt);

    h.advance(10 * 60_000);
    const renewed = await refresh(ada.refreshToken);
    expect(renewed.status, renewed.text).toBe(200);
    const [afterRefresh] = await sessions(renewed.body.data.accessToken);
    expect(Date.parse(afterRefresh!.last_seen_at)).toBe(signedInAt + 690_000);
    // A refresh continues the session: still one.
    expect(await sessions(renewed.body.data.accessToken)).toHaveLength(1);
  });

  it("never lists another user's sessions, nor signed-out or expired ones", async () => {
    const ada = await signIn("ada@acme.test", "203.0.113.7", FIREFOX);
    await signIn("multi@acme.test", "198.51.100.4", SAFARI);
    await signIn("gina@globex.test", "198.51.100.9", SAFARI, "globex");
    const gone = await signIn("ada@acme.test", "198.51.100.5", SAFARI);
    const out = await h.api("POST", "/v1/auth/logout", {
      token: gone.accessToken,
      body: { refreshToken: gone.refreshToken },
    });
    expect(out.status, out.text).toBe(200);
    expect((await sessions(ada.accessToken)).map((s) => s.ip)).toEqual(["203.0.113.7"]);

    // Past the refresh token's lifetime, unused: expired, not listed.
    h.advance(h.config.refreshTokenTtlSeconds * 1000 + 1000);
    const fresh = await signIn("ada@acme.test", "198.51.100.6", SAFARI);
    expect((await sessions(fresh.accessToken)).map((s) => s.ip)).toEqual(["198.51.100.6"]);
  });

  it("answers 401 without a bearer", async () => {
    const res = await h.api("GET", "/v1/user/me/sessions");
    expect(res.status).toBe(401);
  });
});

describe("POST /v1/user/me/sessions/revoke_others", () => {
  it("ends the other sessions at their next call and refresh, and keeps the caller's", async () => {
    const other = await signIn("ada@acme.test", "203.0.113.7", FIREFOX);
    const third = await signIn("ada@acme.test", "203.0.113.8", FIREFOX);
    const mine = await signIn("ada@acme.test", "198.51.100.4", SAFARI);

    const res = await h.api<{ revoked: number }>("POST", "/v1/user/me/sessions/revoke_others", {
      token: mine.accessToken,
      body: {},
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({ revoked: 2 });

    for (const ended of [other, third]) {
      const call = await h.api("GET", "/v1/user/me", { token: ended.accessToken });
      expect(call.status).toBe(401);
      const renewed = await refresh(ended.refreshToken);
      expect(renewed.status).toBe(401);
    }
    const list = await sessions(mine.accessToken);
    expect(list.map((s) => [s.ip, s.current])).toEqual([["198.51.100.4", true]]);
    const renewed = await refresh(mine.refreshToken);
    expect(renewed.status, renewed.text).toBe(200);
    const me = await h.api("GET", "/v1/user/me", { token: renewed.body.data.accessToken });
    expect(me.status).toBe(200);

    const again = await h.api<{ revoked: number }>("POST", "/v1/user/me/sessions/revoke_others", {
      token: renewed.body.data.accessToken,
      body: {},
    });
    expect(again.body.data).toEqual({ revoked: 0 });
  });

  it("never touches another user's sessions", async () => {
    const multi = await signIn("multi@acme.test", "198.51.100.4", SAFARI);
    const ada = await signIn("ada@acme.test", "203.0.113.7", FIREFOX);
    const res = await h.api<{ revoked: number }>("POST", "/v1/user/me/sessions/revoke_others", {
      token: ada.accessToken,
      body: {},
    });
    expect(res.body.data).toEqual({ revoked: 0 });
    expect((await h.api("GET", "/v1/user/me", { token: multi.accessToken })).status).toBe(200);
    expect((await refresh(multi.refreshToken)).status).toBe(200);
  });
});

describe("DELETE /v1/user/me/sessions/:id", () => {
  it("signs out that session alone", async () => {
    const other = await signIn("ada@acme.test", "203.0.113.7", FIREFOX);
    const third = await signIn("ada@acme.test", "203.0.113.8", FIREFOX);
    const mine = await signIn("ada@acme.test", "198.51.100.4", SAFARI);
    const target = (await sessions(mine.accessToken)).find((s) => s.ip === "203.0.113.7")!;

    const res = await h.api("DELETE", `/v1/user/me/sessions/${target.id}`, {
      token: mine.accessToken,
    });
    expect(res.status, res.text).toBe(200);
    expect((await h.api("GET", "/v1/user/me", { token: other.accessToken })).status).toBe(401);
    expect((await refresh(other.refreshToken)).status).toBe(401);
    expect((await h.api("GET", "/v1/user/me", { token: third.accessToken })).status).toBe(200);
    // Signed in the same instant: the order between them is not said.
    expect((await sessions(mine.accessToken)).map((s) => s.ip).sort()).toEqual([
      "198.51.100.4",
      "203.0.113.8",
    ]);
    // Ended: a second try names nothing.
    const again = await h.api("DELETE", `/v1/user/me/sessions/${target.id}`, {
      token: mine.accessToken,
    });
    expect(again.status).toBe(404);
  });

  it("answers 409 for the caller's own session and 404 for another user's", async () => {
    const multi = await signIn("multi@acme.test", "198.51.100.4", SAFARI);
    const ada = await signIn("ada@acme.test", "203.0.113.7", FIREFOX);
    const [own] = await sessions(ada.accessToken);
    const mine = await h.api("DELETE", `/v1/user/me/sessions/${own!.id}`, {
      token: ada.accessToken,
    });
    expect(mine.status).toBe(409);
    const [theirs] = await sessions(multi.accessToken);
    const foreign = await h.api("DELETE", `/v1/user/me/sessions/${theirs!.id}`, {
      token: ada.accessToken,
    });
    expect(foreign.status).toBe(404);
    expect((await h.api("GET", "/v1/user/me", { token: multi.accessToken })).status).toBe(200);
  });
});
