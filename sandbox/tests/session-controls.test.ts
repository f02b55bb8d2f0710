import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./support/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness("session_controls");
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.reset();
});

describe("POST /__sandbox/sessions/expire", () => {
  it("makes the user's access token answer 401 while the refresh token still works", async () => {
    const login = await h.login("ada@acme.test");
    const other = await h.login("zero@acme.test");
    const res = await h.request("POST", "/__sandbox/sessions/expire", {
      body: { email: "ada@acme.test" },
    });
    expect(res.status).toBe(200);

    expect((await h.api("GET", "/v1/user/me", { token: login.accessToken })).status).toBe(401);
    expect((await h.api("GET", "/v1/user/me", { token: other.accessToken })).status).toBe(200);
    const refreshed = await h.api<{ accessToken: string }>("POST", "/v1/auth/refresh-tokens", {
      body: { refreshToken: login.refreshToken },
    });
    expect(refreshed.status).toBe(200);
    expect(
      (await h.api("GET", "/v1/user/me", { token: refreshed.body.data.accessToken })).status,
    ).toBe(200);
  });

  it("answers 404 for an unknown user", async () => {
    const res = await h.request("POST", "/__sandbox/sessions/expire", {
      body: { email: "nobody@acme.test" },
    });
    expect(res.status).toBe(404);
  });
});

describe("POST /__sandbox/sessions/revoke", () => {
  it("ends both tokens of the user", async () => {
    const login = await h.login("ada@acme.test");
    const res = await h.request("POST", "/__sandbox/sessions/revoke", {
      body: { email: "ada@acme.test" },
    });
    expect(res.status).toBe(200);
    expect((await h.api("GET", "/v1/user/me", { token: login.accessToken })).status).toBe(401);
    const refreshed = await h.api("POST", "/v1/auth/refresh-tokens", {
      body: { refreshToken: login.refreshToken },
    });
    expect(refreshed.status).toBe(401);
  });
});

describe("LOGIN_MAX_FAILURES_PER_CLIENT", () => {
  it("defaults to 20 failures a client", () => {
    expect(h.config.loginMaxFailuresPerClient).toBe(20);
  });
});
