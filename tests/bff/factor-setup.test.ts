// A second factor the company requires (issue 34 §1, docs/SECURITY.md §1.1): a password sign-in of
// a user without one seals no session; the tokens wait in the setup's own cookie, which opens the
// setup's two routes and nothing else. The first code seals the session and ends the step.
import { describe, expect, it } from "vitest";
import { POST as confirmSetup } from "@/app/api/auth/factor-setup/confirm/route";
import { POST as startSetup } from "@/app/api/auth/factor-setup/route";
import { POST as login } from "@/app/api/auth/login/route";
import { factorSetupCookie } from "@/lib/session/factor-setup";
import { unsealSession } from "@/lib/session/seal";
import { itRefusesEveryRoute } from "./route-walk";
import {
  ACME_CONFIG,
  ADA,
  bffRequest,
  cookieSet,
  fail,
  noParams,
  ok,
  passwordStepTo,
  setSessionCookie,
  setUpSignedInRoutes,
  tokensDto,
} from "./support";

const { upstream } = setUpSignedInRoutes(
  ok({ ...ACME_CONFIG, signIn: { secondFactor: "required" } }),
);

const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const codes = Array.from({ length: 10 }, (_, i) => `abcd-efgh-${String(i).padStart(4, "0")}`);

async function passwordStep(returnTo?: string) {
  upstream.on("POST", "/v1/auth/login", ok({ ...tokensDto(5), user: ADA }));
  return passwordStepTo(login, "portal_factor_setup", returnTo);
}

describe("the password step where the company requires a second factor", () => {
  it("seals no session: the tokens wait in an HttpOnly setup cookie, and the page is the setup", async () => {
    const { res, cookie } = await passwordStep("/portal/account");
    expect(await res.json()).toEqual({ redirectTo: "/portal/login/set-up-second-factor" });
    expect(setSessionCookie(res)).toBeUndefined();
    expect(cookie.attributes).toMatch(/HttpOnly/i);
    expect(cookie.attributes).toMatch(/SameSite=lax/i);
    expect(cookie.value).not.toContain("access-5");
    const step = await factorSetupCookie.read(cookie.value, "localhost");
    expect(step).toMatchObject({
      returnTo: "/portal/account",
      session: { accessToken: "access-5" },
    });
    // Another company's host cannot use it.
    expect(await factorSetupCookie.read(cookie.value, "127.0.0.1")).toBeNull();
  });

  it("a user with a factor still gets the second step, not the setup", async () => {
    upstream.on(
      "POST",
      "/v1/auth/login",
      ok({
        second_factor: {
          challenge: "challenge-0123456789-abcdefghij",
          methods: ["totp"],
          expires_at: new Date(Date.now() + 300_000).toISOString(),
        },
      }),
    );
    const res = await login(
      bffRequest("/api/auth/login", { body: { email: "ada@acme.test", password: "Portal!2345" } }),
      noParams(),
    );
    expect(await res.json()).toEqual({ redirectTo: "/portal/login/second-factor" });
    expect(cookieSet(res, "portal_factor_setup")).toBeNull();
  });
});

describe("the setup's routes", () => {
  it("begin with the waiting token, then the first code seals the session and ends the step", async () => {
    const { cookie } = await passwordStep("/portal/account");
    upstream.on(
      "POST",
      "/v1/user/me/factors/totp",
      ok({
        factor_id: "fac_9",
        secret: SECRET,
        otpauth_uri: `otpauth://totp/A:a?secret=${SECRET}`,
      }),
    );
    const started = await startSetup(
      bffRequest("/api/auth/factor-setup", { body: {}, cookie: cookie.header }),
      noParams(),
    );
    expect(started.status).toBe(200);
    expect(await started.json()).toMatchObject({ factorId: "fac_9", secret: SECRET });
    expect(upstream.callsTo("POST", "/v1/user/me/factors/totp")[0]?.headers.authorization).toBe(
      "Bearer access-5",
    );
    expect(upstream.callsTo("POST", "/v1/user/me/factors/totp")[0]?.body).toEqual({
      name: "Authenticator app",
    });

    upstream.on(
      "POST",
      "/v1/user/me/factors/fac_9/confirm",
      ok({
        factor: {
          id: "fac_9",
          kind: "totp",
          name: "Authenticator app",
          created_at: "2030-01-01T00:00:00.000Z",
          last_used_at: null,
        },
        recovery_codes: codes,
      }),
    );
    const done = await confirmSetup(
      bffRequest("/api/auth/factor-setup/confirm", {
        body: { factorId: "fac_9", code: "123 456" },
        cookie: cookie.header,
      }),
      noParams(),
    );
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ recoveryCodes: codes, redirectTo: "/portal/account" });
    expect(upstream.callsTo("POST", "/v1/user/me/factors/fac_9/confirm")[0]?.body).toEqual({
      code: "123456",
    });
    const session = await unsealSession(setSessionCookie(done)?.value);
    expect(session).toMatchObject({ accessToken: "access-5", userId: "u-ada" });
    expect(cookieSet(done, "portal_factor_setup")?.value).toBe("");
  });

  it("a wrong code is said under the field and seals nothing", async () => {
    const { cookie } = await passwordStep();
    upstream.on(
      "POST",
      "/v1/user/me/factors/fac_9/confirm",
      fail(400, "invalid_code", "That code is not right"),
    );
    const res = await confirmSetup(
      bffRequest("/api/auth/factor-setup/confirm", {
        body: { factorId: "fac_9", code: "000000" },
        cookie: cookie.header,
      }),
      noParams(),
    );
    expect(res.status).toBe(422);
    expect((await res.json()).error.fields).toEqual({ code: "errors.auth.invalidCode" });
    expect(setSessionCookie(res)).toBeUndefined();
    expect(cookieSet(res, "portal_factor_setup")).toBeNull();
  });

  it("without the setup cookie, or once the token is refused: sign in again", async () => {
    const none = await startSetup(bffRequest("/api/auth/factor-setup", { body: {} }), noParams());
    expect(none.status).toBe(401);
    expect((await none.json()).error.code).toBe("second_step_expired");
    const { cookie } = await passwordStep();
    upstream.on("POST", "/v1/user/me/factors/totp", fail(401, "unauthorized", "expired"));
    const refused = await startSetup(
      bffRequest("/api/auth/factor-setup", { body: {}, cookie: cookie.header }),
      noParams(),
    );
    expect(refused.status).toBe(401);
    expect((await refused.json()).error.code).toBe("second_step_expired");
  });

  it("refuse a cross-site request", async () => {
    const { cookie } = await passwordStep();
    const res = await startSetup(
      bffRequest("/api/auth/factor-setup", {
        body: {},
        cookie: cookie.header,
        headers: { origin: "https://evil.example" },
      }),
      noParams(),
    );
    expect(res.status).toBe(403);
    expect(upstream.callsTo("POST", "/v1/user/me/factors/totp")).toEqual([]);
  });
});

// ——— Every other BFF route with the step's cookie alone ———

describe("every BFF route, called with the setup's cookie alone", async () => {
  await itRefusesEveryRoute(async () => (await passwordStep()).cookie.header, upstream);
});
