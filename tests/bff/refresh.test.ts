import { beforeEach, describe, expect, it } from "vitest";
import { callWithSession, PROACTIVE_REFRESH_MS } from "@/lib/billing/authed";
import { billingRequest } from "@/lib/billing/client";
import { BillingApiError, SessionEndedError } from "@/lib/billing/errors";
import {
  forgetRotations,
  latestTokens,
  refreshTokens,
  resetRefreshState,
} from "@/lib/billing/refresh";
import { resolveProxySession } from "@/lib/session/proactive";
import { sealSession, unsealSession } from "@/lib/session/seal";
import { fail, makeSession, ok, setUpFakeUpstream, tokensDto } from "./support";

const upstream = setUpFakeUpstream();
beforeEach(() => {
  resetRefreshState();
});

/** GET /v1/user/me answers 200 only to the current access token. */
function meAcceptsOnly(accessToken: string): void {
  upstream.on("GET", "/v1/user/me", (call) =>
    call.headers.authorization === `Bearer ${accessToken}`
      ? ok({ id: "u-ada" })
      : fail(401, "unauthorized", "expired"),
  );
}

const me = (accessToken: string) => billingRequest<{ id: string }>("/v1/user/me", { accessToken });

describe("single-flight refresh", () => {
  it("makes exactly one refresh call for ten parallel requests with an expired token", async () => {
    upstream.on("POST", "/v1/auth/refresh-tokens", { ...ok(tokensDto(1)), delayMs: 50 });
    meAcceptsOnly("access-1");
    const expired = makeSession({ accessTokenExpiresAt: Date.now() - 1000 });

    const results = await Promise.all(
      Array.from({ length: 10 }, () => callWithSession(expired, me)),
    );

    expect(upstream.callsTo("POST", "/v1/auth/refresh-tokens")).toHaveLength(1);
    expect(upstream.callsTo("POST", "/v1/auth/refresh-tokens")[0]?.body).toEqual({
      refreshToken: "refresh-0",
    });
    expect(upstream.callsTo("GET", "/v1/user/me")).toHaveLength(10);
    for (const r of results) {
      expect(r.result).toEqual({ id: "u-ada" });
      expect(r.refreshed).toBe(true);
      expect(r.session).toMatchObject({ accessToken: "access-1", refreshToken: "refresh-1" });
    }
  });

  it("hands requests that arrive just after the refresh the same new tokens", async () => {
    upstream.on("POST", "/v1/auth/refresh-tokens", ok(tokensDto(1)));
    const first = await refreshTokens("refresh-0");
    const second = await refreshTokens("refresh-0");
    expect(second).toEqual(first);
    expect(upstream.callsTo("POST", "/v1/auth/refresh-tokens")).toHaveLength(1);
  });

  it("refreshes separately for different sessions", async () => {
    let n = 0;
    upstream.on("POST", "/v1/auth/refresh-tokens", () => ok(tokensDto(++n)));
    await Promise.all([refreshTokens("refresh-a"), refreshTokens("refresh-b")]);
    expect(upstream.callsTo("POST", "/v1/auth/refresh-tokens")).toHaveLength(2);
  });

  it("does not remember a failed refresh", async () => {
    upstream.on("POST", "/v1/auth/refresh-tokens", fail(503, "upstream_error", "down"));
    await expect(refreshTokens("refresh-0")).rejects.toBeInstanceOf(BillingApiError);
    upstream.on("POST", "/v1/auth/refresh-tokens", ok(tokensDto(2)));
    await expect(refreshTokens("refresh-0")).resolves.toMatchObject({ accessToken: "access-2" });
    expect(upstream.callsTo("POST", "/v1/auth/refresh-tokens")).toHaveLength(2);
  });
});

describe("callWithSession", () => {
  it("uses a valid token without refreshing", async () => {
    meAcceptsOnly("access-0");
    const r = await callWithSession(makeSession(), me);
    expect(r.refreshed).toBe(false);
    expect(upstream.callsTo("POST", "/v1/auth/refresh-tokens")).toHaveLength(0);
  });

  it("refreshes proactively when the token expires within 30 s", async () => {
    upstream.on("POST", "/v1/auth/refresh-tokens", ok(tokensDto(1)));
    meAcceptsOnly("access-1");
    const r = await callWithSession(
      makeSession({ accessTokenExpiresAt: Date.now() + PROACTIVE_REFRESH_MS - 5_000 }),
      me,
    );
    expect(r.refreshed).toBe(true);
    expect(upstream.callsTo("GET", "/v1/user/me")).toHaveLength(1);
  });

  it("refreshes a short-lived token only in the last sixth of its lifetime, not on every call", async () => {
    // A billing API with 30-second tokens: 20 s left is not yet time (30 s of margin would be).
    meAcceptsOnly("access-0");
    const fresh = makeSession({
      accessTokenExpiresAt: Date.now() + 20_000,
      accessTokenLifetimeMs: 30_000,
    });
    expect((await callWithSession(fresh, me)).refreshed).toBe(false);
    expect(upstream.callsTo("POST", "/v1/auth/refresh-tokens")).toHaveLength(0);

    upstream.on("POST", "/v1/auth/refresh-tokens", ok(tokensDto(1, 30_000)));
    meAcceptsOnly("access-1");
    const late = makeSession({
      accessTokenExpiresAt: Date.now() + 4_000,
      accessTokenLifetimeMs: 30_000,
    });
    const r = await callWithSession(late, me);
    expect(r.refreshed).toBe(true);
    // The new tokens carry their own lifetime, for the next call's margin.
    expect(r.session.accessTokenLifetimeMs).toBeGreaterThan(29_000);
    expect(r.session.accessTokenLifetimeMs).toBeLessThanOrEqual(30_000);
  });

  it("answers a 401 with one refresh and one retry", async () => {
    upstream.on("POST", "/v1/auth/refresh-tokens", ok(tokensDto(1)));
    meAcceptsOnly("access-1");
    const r = await callWithSession(makeSession(), me);
    expect(r.result).toEqual({ id: "u-ada" });
    expect(r.session.accessToken).toBe("access-1");
    expect(upstream.callsTo("POST", "/v1/auth/refresh-tokens")).toHaveLength(1);
    expect(upstream.callsTo("GET", "/v1/user/me")).toHaveLength(2);
  });

  it("never loops: a 401 after the refresh ends the session", async () => {
    upstream.on("POST", "/v1/auth/refresh-tokens", ok(tokensDto(1)));
    meAcceptsOnly("nobody");
    await expect(callWithSession(makeSession(), me)).rejects.toBeInstanceOf(SessionEndedError);
    expect(upstream.callsTo("POST", "/v1/auth/refresh-tokens")).toHaveLength(1);
    expect(upstream.callsTo("GET", "/v1/user/me")).toHaveLength(2);
  });

  it("never loops after a proactive refresh either: a 401 then ends the session", async () => {
    upstream.on("POST", "/v1/auth/refresh-tokens", ok(tokensDto(1)));
    meAcceptsOnly("nobody");
    await expect(
      callWithSession(makeSession({ accessTokenExpiresAt: 0 }), me),
    ).rejects.toBeInstanceOf(SessionEndedError);
    expect(upstream.callsTo("POST", "/v1/auth/refresh-tokens")).toHaveLength(1);
    expect(upstream.callsTo("GET", "/v1/user/me")).toHaveLength(1);
  });

  it("ends the session when the refresh is refused", async () => {
    upstream.on("POST", "/v1/auth/refresh-tokens", fail(401, "token_invalid", "revoked"));
    meAcceptsOnly("nobody");
    await expect(callWithSession(makeSession(), me)).rejects.toBeInstanceOf(SessionEndedError);
    await expect(
      callWithSession(makeSession({ refreshToken: "r2", accessTokenExpiresAt: 0 }), me),
    ).rejects.toBeInstanceOf(SessionEndedError);
  });

  it("passes an upstream outage during refresh on as a BillingApiError, not as the end of the session", async () => {
    upstream.on("POST", "/v1/auth/refresh-tokens", fail(503, "upstream_error", "maintenance"));
    const err = await callWithSession(makeSession({ accessTokenExpiresAt: 0 }), me).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(BillingApiError);
    expect(err).not.toBeInstanceOf(SessionEndedError);
  });

  it("passes other upstream errors through without refreshing", async () => {
    upstream.on("GET", "/v1/user/me", fail(500, "upstream_error", "boom"));
    await expect(callWithSession(makeSession(), me)).rejects.toMatchObject({ status: 500 });
    expect(upstream.callsTo("POST", "/v1/auth/refresh-tokens")).toHaveLength(0);
  });

  it("treats a malformed refresh answer as an outage (502), not a crash", async () => {
    upstream.on("POST", "/v1/auth/refresh-tokens", ok({ accessToken: "x" }));
    await expect(
      callWithSession(makeSession({ accessTokenExpiresAt: 0 }), me),
    ).rejects.toMatchObject({
      status: 502,
      code: "upstream_malformed",
    });
  });
});

describe("rotations made where cookies are read-only", () => {
  it("are adopted and sealed by the next request's proxy, without another refresh", async () => {
    upstream.on("POST", "/v1/auth/refresh-tokens", ok(tokensDto(1)));
    meAcceptsOnly("access-1");
    const stale = makeSession();
    // A server component heals a 401 with a refresh it cannot save…
    await callWithSession(stale, me);
    // …and the next request still presents the old cookie.
    const state = await resolveProxySession(await sealSession(stale), {
      host: "localhost",
      clientIp: "local",
    });
    expect(state.state).toBe("ok");
    expect(await unsealSession(state.cookie?.value)).toMatchObject({
      accessToken: "access-1",
      refreshToken: "refresh-1",
    });
    expect(upstream.callsTo("POST", "/v1/auth/refresh-tokens")).toHaveLength(1);
  });

  it("are used by later calls with the stale session instead of the rotated-out token", async () => {
    upstream.on("POST", "/v1/auth/refresh-tokens", ok(tokensDto(1)));
    meAcceptsOnly("access-1");
    await callWithSession(makeSession(), me);
    const again = await callWithSession(makeSession(), me);
    expect(again.refreshed).toBe(true);
    expect(again.session.refreshToken).toBe("refresh-1");
    expect(upstream.callsTo("GET", "/v1/user/me")).toHaveLength(3);
    expect(upstream.callsTo("POST", "/v1/auth/refresh-tokens")).toHaveLength(1);
  });

  it("follow a chain of rotations and are forgotten at logout", async () => {
    let n = 0;
    upstream.on("POST", "/v1/auth/refresh-tokens", () => ok(tokensDto(++n)));
    await refreshTokens("refresh-0");
    await refreshTokens("refresh-1");
    expect(latestTokens("refresh-0")).toMatchObject({ refreshToken: "refresh-2" });
    forgetRotations("refresh-0");
    expect(latestTokens("refresh-0")).toBeNull();
    expect(latestTokens("refresh-1")).toBeNull();
  });
});
