import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sessionCookieSettings, sessionPassword } from "@/lib/session/config";
import {
  checkSession,
  clearedSessionCookie,
  newSession,
  sealSession,
  sessionCookie,
  toSessionView,
  unsealSession,
} from "@/lib/session/seal";
import { makeSession, useTestEnv } from "./support";

const saved = { ...process.env };

beforeEach(() => {
  useTestEnv("http://127.0.0.1:1");
});
afterEach(() => {
  process.env = { ...saved };
});

function setEnv(values: Record<string, string | undefined>): void {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
}

describe("session cookie settings", () => {
  it("uses portal_session without Secure for plain-http local runs (COOKIE_SECURE=false)", () => {
    expect(sessionCookieSettings()).toMatchObject({ name: "portal_session", secure: false });
  });

  it("uses the __Host- name and Secure when COOKIE_SECURE=true", () => {
    setEnv({ COOKIE_SECURE: "true" });
    expect(sessionCookieSettings()).toMatchObject({ name: "__Host-portal_session", secure: true });
  });

  it("defaults to Secure in production", () => {
    setEnv({ COOKIE_SECURE: undefined, NODE_ENV: "production" });
    expect(sessionCookieSettings().secure).toBe(true);
  });

  it("has a 30-minute idle and a 12-hour absolute lifetime by default, configurable", () => {
    expect(sessionCookieSettings()).toMatchObject({
      idleMs: 30 * 60_000,
      absoluteMs: 12 * 3_600_000,
    });
    setEnv({ SESSION_IDLE_MINUTES: "5", SESSION_ABSOLUTE_HOURS: "1" });
    expect(sessionCookieSettings()).toMatchObject({ idleMs: 5 * 60_000, absoluteMs: 3_600_000 });
  });

  it("refuses to run in production without SESSION_SECRET", () => {
    setEnv({ SESSION_SECRET: undefined, NODE_ENV: "production" });
    expect(() => sessionPassword()).toThrowError(/SESSION_SECRET/);
  });

  it("refuses a SESSION_SECRET shorter than 32 characters", () => {
    setEnv({ SESSION_SECRET: "short" });
    expect(() => sessionPassword()).toThrowError(/32/);
  });

  it("has a development default outside production", () => {
    setEnv({ SESSION_SECRET: undefined, NODE_ENV: "test" });
    expect(sessionPassword().length).toBeGreaterThanOrEqual(32);
  });
});

describe("sealed session", () => {
  it("round-trips and stays well under 4 KB", async () => {
    const session = makeSession({ accessToken: "a".repeat(256), refreshToken: "r".repeat(256) });
    const sealed = await sealSession(session);
    expect(sealed.length).toBeLessThan(3500);
    expect(sealed).not.toContain("aaaa");
    await expect(unsealSession(sealed)).resolves.toEqual(session);
  });

  it("is unreadable when tampered with or sealed with another secret", async () => {
    const sealed = await sealSession(makeSession());
    // Read once under the right secret first: what was read is not served under another one.
    expect(await unsealSession(sealed)).not.toBeNull();
    expect(await unsealSession(sealed.slice(0, -4) + "AAAA")).toBeNull();
    setEnv({ SESSION_SECRET: "another-secret-another-secret-another-secret" });
    expect(await unsealSession(sealed)).toBeNull();
    expect(await unsealSession("garbage")).toBeNull();
    expect(await unsealSession(undefined)).toBeNull();
  });

  it("reads the same value to equal, independent sessions: a change to one is not seen by the next read", async () => {
    const session = makeSession();
    const sealed = await sealSession(session);
    const first = await unsealSession(sealed);
    expect(first).toEqual(session);
    if (first) first.selectedCustomerId = "cus_changed";
    expect(await unsealSession(sealed)).toEqual(session);
  });

  it("sets HttpOnly, SameSite=Lax, Path=/, no Domain and a Max-Age ending with the absolute lifetime", () => {
    const now = Date.now();
    const cookie = sessionCookie("v", makeSession({ issuedAt: now - 3_600_000 }), now);
    expect(cookie).toMatchObject({
      name: "portal_session",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: false,
    });
    expect(cookie).not.toHaveProperty("domain");
    expect(cookie.maxAge).toBe(11 * 3600);
  });

  it("clears with the same attributes (a __Host- cookie is only replaced by one like it)", () => {
    setEnv({ COOKIE_SECURE: "true" });
    expect(clearedSessionCookie()).toMatchObject({
      name: "__Host-portal_session",
      value: "",
      secure: true,
      path: "/",
      maxAge: 0,
    });
  });

  it("is expired after the idle lifetime", () => {
    const now = Date.now();
    expect(
      checkSession(makeSession({ lastSeenAt: now - 29 * 60_000 }), { host: "localhost", now }),
    ).toBe("ok");
    expect(
      checkSession(makeSession({ lastSeenAt: now - 31 * 60_000 }), { host: "localhost", now }),
    ).toBe("expired");
  });

  it("is expired after the absolute lifetime, however active", () => {
    const now = Date.now();
    expect(
      checkSession(makeSession({ issuedAt: now - 13 * 3_600_000, lastSeenAt: now }), {
        host: "localhost",
        now,
      }),
    ).toBe("expired");
  });

  it("is refused on another company's host", () => {
    expect(checkSession(makeSession({ host: "localhost" }), { host: "127.0.0.1" })).toBe("foreign");
    expect(checkSession(makeSession({ host: "localhost" }), { host: "" })).toBe("foreign");
  });

  it("is built from scratch at sign-in", () => {
    const now = Date.now();
    const session = newSession({
      tokens: {
        accessToken: "a1",
        refreshToken: "r1",
        accessTokenExpiresAt: now + 1000,
        accessTokenLifetimeMs: 1000,
      },
      user: {
        id: "u",
        email: "e@x.test",
        companyId: "acme",
        customerId: "c",
        selectedCustomerId: null,
      },
      host: "localhost",
      companyId: "acme",
      now,
    });
    expect(session).toEqual({
      accessToken: "a1",
      refreshToken: "r1",
      accessTokenExpiresAt: now + 1000,
      accessTokenLifetimeMs: 1000,
      userId: "u",
      email: "e@x.test",
      companyId: "acme",
      host: "localhost",
      selectedCustomerId: null,
      issuedAt: now,
      lastSeenAt: now,
    });
  });

  it("projects to a view without tokens", () => {
    const view = toSessionView(makeSession());
    expect(view).toEqual({
      user: { id: "u-ada", email: "ada@acme.test" },
      companyId: "acme",
      selectedCustomerId: "c-1",
    });
    expect(JSON.stringify(view)).not.toMatch(/access|refresh/);
  });
});
