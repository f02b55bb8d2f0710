import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./support/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness("tokens");
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.reset();
});

type Tokens = { accessToken: string; refreshToken: string; accessTokenExpiresAt: string };
const refresh = (refreshToken: string) =>
  h.api<Tokens>("POST", "/v1/auth/refresh-tokens", { body: { refreshToken } });
const me = (token: string) => h.api<{ email: string }>("GET", "/v1/user/me", { token });

describe("GET /v1/user/me", () => {
  it("answers the user of the bearer token", async () => {
    const login = await h.login("multi@acme.test");
    const res = await me(login.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: login.user.id,
      email: "multi@acme.test",
      company_id: "acme",
      customer_id: "cus_acme_1002",
      selected_customer_id: "cus_acme_1002",
    });
  });

  it("answers 401 unauthorized without a bearer token", async () => {
    const res = await h.api("GET", "/v1/user/me");
    expect(res.status).toBe(401);
    expect(res.body.errorCode).toBe("unauthorized");
  });

  it("answers 401 unauthorized for an unknown bearer token", async () => {
    const res = await me("A".repeat(43));
    expect(res.status).toBe(401);
    expect(res.body.errorCode).toBe("unauthorized");
  });

  it("answers 401 unauthorized for a malformed Authorization header", async () => {
    const res = await h.api("GET", "/v1/user/me", { headers: { authorization: "Basic abc" } });
    expect(res.status).toBe(401);
  });

  it("answers 401 unauthorized once the access token expired (ACCESS_TOKEN_TTL_SECONDS)", async () => {
    const login = await h.login("ada@acme.test");
    h.advance(899_000);
    expect((await me(login.accessToken)).status).toBe(200);
    h.advance(1_000);
    const res = await me(login.accessToken);
    expect(res.status).toBe(401);
    expect(res.body.errorCode).toBe("unauthorized");
  });
});

describe("POST /v1/auth/refresh-tokens", () => {
  it("rotates: a new pair whose access token works", async () => {
    const login = await h.login("ada@acme.test");
    h.advance(60_000);
    const res = await refresh(login.refreshToken);
    expect(res.status).toBe(200);
    expect(res.body.data.refreshToken).not.toBe(login.refreshToken);
    expect(res.body.data.accessToken).not.toBe(login.accessToken);
    expect(Date.parse(res.body.data.accessTokenExpiresAt)).toBe(h.now() + 900_000);
    expect((await me(res.body.data.accessToken)).status).toBe(200);
    // The new refresh token rotates in turn.
    expect((await refresh(res.body.data.refreshToken)).status).toBe(200);
  });

  it("still accepts the just-rotated token within REFRESH_OVERLAP_SECONDS, with a fresh pair of the same family", async () => {
    const login = await h.login("ada@acme.test");
    const first = await refresh(login.refreshToken);
    h.advance(10_000);
    const second = await refresh(login.refreshToken);
    expect(second.status).toBe(200);
    expect(second.body.data.refreshToken).not.toBe(first.body.data.refreshToken);
    // Both branches stay valid: racing instances do not log the user out.
    expect((await refresh(first.body.data.refreshToken)).status).toBe(200);
    expect((await refresh(second.body.data.refreshToken)).status).toBe(200);
  });

  it("revokes the whole family when the rotated token is reused after the window", async () => {
    const login = await h.login("ada@acme.test");
    const first = await refresh(login.refreshToken);
    h.advance(10_001);
    const reuse = await refresh(login.refreshToken);
    expect(reuse.status).toBe(401);
    expect(reuse.body).toMatchObject({ code: 401, data: null, errorCode: "token_invalid" });
    // Everything of the family is dead: the current refresh token and the access tokens.
    expect((await refresh(first.body.data.refreshToken)).status).toBe(401);
    expect((await me(first.body.data.accessToken)).status).toBe(401);
    expect((await me(login.accessToken)).status).toBe(401);
  });

  it("leaves other sessions of the user alone when one family is revoked", async () => {
    const a = await h.login("ada@acme.test");
    const b = await h.login("ada@acme.test");
    await refresh(a.refreshToken);
    h.advance(60_000);
    expect((await refresh(a.refreshToken)).status).toBe(401);
    expect((await me(b.accessToken)).status).toBe(200);
    expect((await refresh(b.refreshToken)).status).toBe(200);
  });

  it("answers 401 token_invalid for an unknown refresh token", async () => {
    const res = await refresh("B".repeat(43));
    expect(res.status).toBe(401);
    expect(res.body.errorCode).toBe("token_invalid");
  });

  it("answers 401 token_expired after REFRESH_TOKEN_TTL_SECONDS", async () => {
    const login = await h.login("ada@acme.test");
    h.advance(2_592_000_000);
    const res = await refresh(login.refreshToken);
    expect(res.status).toBe(401);
    expect(res.body.errorCode).toBe("token_expired");
  });

  it("answers 422 validation without a refresh token", async () => {
    const res = await h.api("POST", "/v1/auth/refresh-tokens", { body: {} });
    expect(res.status).toBe(422);
  });

  it("never stores tokens in clear", async () => {
    const login = await h.login("ada@acme.test");
    const rows = await h.sandbox.db.query<{ token_hash: string }>(
      "SELECT token_hash FROM refresh_tokens UNION ALL SELECT token_hash FROM access_tokens",
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const r of rows) {
      expect(r.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect([login.accessToken, login.refreshToken]).not.toContain(r.token_hash);
    }
  });
});

describe("POST /v1/auth/logout", () => {
  it("revokes the refresh-token family and its access tokens", async () => {
    const login = await h.login("ada@acme.test");
    const other = await h.login("ada@acme.test");
    const res = await h.api("POST", "/v1/auth/logout", {
      token: login.accessToken,
      body: { refreshToken: login.refreshToken },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ success: true });
    expect((await refresh(login.refreshToken)).status).toBe(401);
    expect((await me(login.accessToken)).status).toBe(401);
    // Another session (another family) goes on.
    expect((await me(other.accessToken)).status).toBe(200);
  });

  it("answers success for an unknown refresh token", async () => {
    const login = await h.login("ada@acme.test");
    const res = await h.api("POST", "/v1/auth/logout", {
      token: login.accessToken,
      body: { refreshToken: "C".repeat(43) },
    });
    expect(res.status).toBe(200);
  });

  it("revokes the bearer's family when no refresh token is given", async () => {
    const login = await h.login("ada@acme.test");
    const res = await h.api("POST", "/v1/auth/logout", { token: login.accessToken, body: {} });
    expect(res.status).toBe(200);
    expect((await me(login.accessToken)).status).toBe(401);
    expect((await refresh(login.refreshToken)).status).toBe(401);
  });
});
