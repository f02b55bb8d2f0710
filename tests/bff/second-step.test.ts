// The sign-in's second step in the BFF (issue 34 §1, docs/SECURITY.md §1): a password sign-in of a
// user with a second factor seals no session, only the billing API's challenge in a cookie of its
// own; that cookie opens the second step and nothing else: every BFF route called with it alone
// answers as to a visitor without a session, and no call reaches the billing API with a token.
import { describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as passkeyOptions } from "@/app/api/auth/second-factor/passkey-options/route";
import { POST as secondFactor } from "@/app/api/auth/second-factor/route";
import { itRefusesEveryRoute } from "./route-walk";
import { unsealSession } from "@/lib/session/seal";
import { readSecondStep } from "@/lib/session/second-step";
import {
  ADA,
  bffRequest,
  cookieSet,
  fail,
  noParams,
  ok,
  PASSKEY_ASSERTION,
  passwordStepTo,
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

async function passwordStep(returnTo?: string) {
  upstream.on("POST", "/v1/auth/login", challengeAnswer());
  return passwordStepTo(login, "portal_second_step", returnTo);
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
    expect(cookieSet(res, "portal_second_step")?.value).toBe("");
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

describe("the second step by passkey", () => {
  const assertion = PASSKEY_ASSERTION;

  it("asks for options of the step's challenge, then passes the assertion with it", async () => {
    const { cookie } = await passwordStep("/portal/account");
    upstream.on(
      "POST",
      "/v1/auth/second-factor/passkey_options",
      ok({ options: { challenge: "Y2hhbGxlbmdlLTAxMjM0NTY3ODlhYmNkZWY" } }),
    );
    const options = await passkeyOptions(
      bffRequest("/api/auth/second-factor/passkey-options", { body: {}, cookie: cookie.header }),
      noParams(),
    );
    expect(options.status).toBe(200);
    expect(upstream.callsTo("POST", "/v1/auth/second-factor/passkey_options")[0]?.body).toEqual({
      challenge: CHALLENGE,
    });
    upstream.on("POST", "/v1/auth/second-factor", ok({ ...tokensDto(9), user: ADA }));
    const res = await secondFactor(
      bffRequest("/api/auth/second-factor", {
        body: { passkey: assertion },
        cookie: cookie.header,
      }),
      noParams(),
    );
    expect(res.status).toBe(200);
    expect(upstream.callsTo("POST", "/v1/auth/second-factor")[0]?.body).toEqual({
      challenge: CHALLENGE,
      passkey: assertion,
    });
  });

  it("without the step cookie: sign in again; a refused assertion keeps the step", async () => {
    const none = await passkeyOptions(
      bffRequest("/api/auth/second-factor/passkey-options", { body: {} }),
      noParams(),
    );
    expect(none.status).toBe(401);
    const { cookie } = await passwordStep();
    upstream.on("POST", "/v1/auth/second-factor", fail(400, "invalid_code", "not right"));
    const refused = await secondFactor(
      bffRequest("/api/auth/second-factor", {
        body: { passkey: assertion },
        cookie: cookie.header,
      }),
      noParams(),
    );
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.code).toBe("invalid_passkey");
    expect(setSessionCookie(refused)).toBeUndefined();
  });
});

// ——— Every other BFF route with the step's cookie alone ———

describe("every BFF route, called with the second step's cookie alone", async () => {
  await itRefusesEveryRoute(async () => (await passwordStep()).cookie.header, upstream);
});
