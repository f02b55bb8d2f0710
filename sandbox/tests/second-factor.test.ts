/**
 * A second factor (issue 34 §1, §4; sandbox/README.md "Second factor"): an authenticator app
 * enrolled and confirmed, the sign-in's second step, recovery codes, and the abuse cases: a code
 * used twice, clock skew, wrong codes throttled like wrong passwords (never a lock-out), a removed
 * factor, a spent challenge. Codes are computed here from the secret, on the injected clock.
 */
import { TOTP, Secret } from "otpauth";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HCAPTCHA_TEST_RESPONSE } from "../src/captcha";
import { bearer } from "./support/account";
import { startHarness, type Harness } from "./support/harness";

type Enrollment = { factor_id: string; secret: string; otpauth_uri: string };
type Confirmed = {
  factor: { id: string; kind: string; name: string };
  recovery_codes: string[] | null;
};
type Challenge = { second_factor: { challenge: string; methods: string[]; expires_at: string } };
type Tokens = { accessToken: string; refreshToken: string; user: { email: string } };

let h: Harness;
let token: string;
beforeAll(async () => {
  h = await startHarness("second_factor");
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.reset();
  token = await bearer(h, "ada@acme.test");
});

const STEP_MS = 30_000;
const codeAt = (secret: string, ms: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: ms,
  });

const api = <T>(method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  h.api<T>(method, path, {
    token,
    ...(body !== undefined && { body }),
    ...(headers && { headers }),
  });

/** Ada with a confirmed authenticator app: its secret and her recovery codes. */
async function withApp(): Promise<{ secret: string; id: string; codes: string[] }> {
  const enrolled = await api<Enrollment>("POST", "/v1/user/me/factors/totp", { name: "Phone" });
  expect(enrolled.status, enrolled.text).toBe(200);
  const { factor_id: id, secret } = enrolled.body.data;
  const confirmed = await api<Confirmed>("POST", `/v1/user/me/factors/${id}/confirm`, {
    code: codeAt(secret, h.now()),
  });
  expect(confirmed.status, confirmed.text).toBe(200);
  // The confirming code's step is spent: the tests below start two steps later.
  h.advance(2 * STEP_MS);
  return { secret, id, codes: confirmed.body.data.recovery_codes ?? [] };
}

const password = (ip = "10.0.0.1", captchaToken?: string) =>
  h.request<{ data: Challenge | Tokens; errorCode?: string }>("POST", "/v1/auth/login", {
    body: { email: "ada@acme.test", password: "Portal!2345", companyId: "acme", captchaToken },
    headers: { "x-client-ip": ip },
  });

async function challenge(ip?: string, captchaToken?: string): Promise<string> {
  const res = await password(ip, captchaToken);
  expect(res.status, res.text).toBe(200);
  const data = res.body.data as Challenge;
  expect(data).not.toHaveProperty("accessToken");
  return data.second_factor.challenge;
}

const second = (body: Record<string, unknown>, ip = "10.0.0.1") =>
  h.request<{ data: Tokens; errorCode?: string }>("POST", "/v1/auth/second-factor", {
    body,
    headers: { "x-client-ip": ip },
  });

describe("enrolling an authenticator app", () => {
  it("gives the secret and its otpauth URI, and takes effect only once a first code confirms it", async () => {
    const enrolled = await api<Enrollment>("POST", "/v1/user/me/factors/totp", {});
    expect(enrolled.status).toBe(200);
    const { secret, otpauth_uri: uri, factor_id: id } = enrolled.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Acme%20Water:ada%40acme\.test\?/);
    expect(uri).toContain(`secret=${secret}`);
    // Not confirmed: not listed, and a password still signs in alone.
    const listed = await api<{ factors: unknown[] }>("GET", "/v1/user/me/factors");
    expect(listed.body.data.factors).toEqual([]);
    expect((await password()).body.data).toHaveProperty("accessToken");
    // A wrong first code is refused; the right one confirms it and brings ten recovery codes.
    const wrong = await api("POST", `/v1/user/me/factors/${id}/confirm`, { code: "000000" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errorCode).toBe("invalid_code");
    const ok = await api<Confirmed>("POST", `/v1/user/me/factors/${id}/confirm`, {
      code: codeAt(secret, h.now()),
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.data.factor).toMatchObject({ id, kind: "totp", name: "Authenticator app" });
    const codes = ok.body.data.recovery_codes!;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const after = await api<{ factors: { id: string }[]; recovery_codes_left: number }>(
      "GET",
      "/v1/user/me/factors",
    );
    expect(after.body.data.factors.map((f) => f.id)).toEqual([id]);
    expect(after.body.data.recovery_codes_left).toBe(10);
    // The secret is the billing API's: no answer about the factor carries it again.
    expect(after.text).not.toContain(secret);
  });
});

describe("signing in with a second factor", () => {
  it("answers a challenge, not tokens, to the password; the code then signs in", async () => {
    const { secret } = await withApp();
    const res = await password();
    expect(res.body.data).toEqual({
      second_factor: {
        challenge: expect.any(String),
        methods: ["totp", "recovery_code"],
        expires_at: new Date(h.now() + 5 * 60_000).toISOString(),
      },
    });
    const signedIn = await second({
      challenge: (res.body.data as Challenge).second_factor.challenge,
      code: codeAt(secret, h.now()),
    });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.body.data.user.email).toBe("ada@acme.test");
    const me = await h.api("GET", "/v1/user/me", { token: signedIn.body.data.accessToken });
    expect(me.status).toBe(200);
  });

  it("takes a code once, within one step of clock skew either way", async () => {
    const { secret } = await withApp();
    const now = h.now();
    // The step before and the step after are accepted (a phone's clock drifts)…
    expect(
      (await second({ challenge: await challenge(), code: codeAt(secret, now - STEP_MS) })).status,
    ).toBe(200);
    h.advance(1);
    const next = codeAt(secret, now + STEP_MS);
    expect((await second({ challenge: await challenge(), code: next })).status).toBe(200);
    // …but not the same code again, nor one of an earlier step than the last used.
    const again = await second({ challenge: await challenge(), code: next });
    expect(again.status).toBe(400);
    expect(again.body.errorCode).toBe("invalid_code");
    expect((await second({ challenge: await challenge(), code: codeAt(secret, now) })).status).toBe(
      400,
    );
    // Two steps away is too far.
    h.advance(4 * STEP_MS);
    const far = codeAt(secret, h.now() - 2 * STEP_MS);
    expect((await second({ challenge: await challenge(), code: far })).status).toBe(400);
  });

  it("a challenge is single use and lasts five minutes", async () => {
    const { secret } = await withApp();
    const c = await challenge();
    expect((await second({ challenge: c, code: codeAt(secret, h.now()) })).status).toBe(200);
    h.advance(STEP_MS);
    const spent = await second({ challenge: c, code: codeAt(secret, h.now()) });
    expect(spent.status).toBe(401);
    expect(spent.body.errorCode).toBe("challenge_invalid");
    const late = await challenge();
    h.advance(5 * 60_000 + 1);
    const expired = await second({ challenge: late, code: codeAt(secret, h.now()) });
    expect(expired.status).toBe(401);
    expect(
      (await second({ challenge: "made-up-challenge-0123456789", code: "123456" })).status,
    ).toBe(401);
  });

  it("a recovery code signs in once; renewed codes void the old ones", async () => {
    const { codes } = await withApp();
    // As typed: case and dashes do not matter.
    const typed = codes[0]!.toUpperCase().replace(/-/g, " ");
    expect((await second({ challenge: await challenge(), recovery_code: typed })).status).toBe(200);
    expect((await second({ challenge: await challenge(), recovery_code: codes[0] })).status).toBe(
      400,
    );
    const listed = await api<{ recovery_codes_left: number }>("GET", "/v1/user/me/factors");
    expect(listed.body.data.recovery_codes_left).toBe(9);
    const renewed = await api<{ recovery_codes: string[] }>(
      "POST",
      "/v1/user/me/factors/recovery_codes",
    );
    expect(renewed.status).toBe(200);
    expect(renewed.body.data.recovery_codes).toHaveLength(10);
    expect((await second({ challenge: await challenge(), recovery_code: codes[1] })).status).toBe(
      400,
    );
    expect(
      (
        await second({
          challenge: await challenge(),
          recovery_code: renewed.body.data.recovery_codes[0],
        })
      ).status,
    ).toBe(200);
  });

  it("a removed factor no longer signs in, and the password alone does again", async () => {
    const { secret, id } = await withApp();
    const removed = await api("DELETE", `/v1/user/me/factors/${id}`);
    expect(removed.status).toBe(200);
    const res = await password();
    expect(res.body.data).toHaveProperty("accessToken");
    const listed = await api<{ factors: unknown[]; recovery_codes_left: number }>(
      "GET",
      "/v1/user/me/factors",
    );
    expect(listed.body.data).toEqual({ factors: [], recovery_codes_left: 0 });
    // Its codes are nobody's now: a challenge cannot even be had.
    expect((await api("POST", "/v1/user/me/factors/recovery_codes")).status).toBe(400);
    void secret;
  });
});

describe("wrong codes are throttled like wrong passwords, never a lock-out", () => {
  it("five wrong codes from one client: 429; from elsewhere the customer is asked for the captcha", async () => {
    const { secret } = await withApp();
    const c = await challenge("10.0.0.9");
    for (let i = 0; i < 5; i++) {
      const wrong = await second({ challenge: c, code: "000000" }, "10.0.0.9");
      expect(wrong.status).toBe(400);
    }
    const blocked = await second({ challenge: c, code: codeAt(secret, h.now()) }, "10.0.0.9");
    expect(blocked.status).toBe(429);
    // Re-entering the password buys no more guesses: the failures stand until a code is right.
    expect((await password("10.0.0.9")).status).toBe(429);
    // The customer elsewhere: asked to prove they are human at the password, once, then signed
    // in by the app's code.
    expect((await password("192.0.2.7")).body.errorCode).toBe("captcha_required");
    const mine = await challenge("192.0.2.7", HCAPTCHA_TEST_RESPONSE);
    const ok = await second({ challenge: mine, code: codeAt(secret, h.now()) }, "192.0.2.7");
    expect(ok.status, ok.text).toBe(200);
  });
});

describe("a company's sign-in policy (portal configuration signIn.secondFactor)", () => {
  type Config = { signIn?: { secondFactor: string } };
  const config = (host: string) => h.api<Config>("GET", `/v1/portalConfiguration?host=${host}`);

  it("is optional for the seeded companies and required for the strict one, made on demand", async () => {
    expect((await config("localhost")).body.data.signIn).toEqual({
      secondFactor: "optional",
      passkeys: true,
      passkeySignIn: true,
    });
    // An IP address cannot be a relying party: no passkeys at Globex.
    expect((await config("127.0.0.1")).body.data.signIn).toEqual({
      secondFactor: "optional",
      passkeys: false,
      passkeySignIn: false,
    });
    expect((await config("strict.localhost")).status).toBe(404);
    const made = await h.request<{ companyId: string; domain: string }>(
      "POST",
      "/__sandbox/companies/strict",
      { body: {} },
    );
    expect(made.status, made.text).toBe(200);
    expect(made.body).toMatchObject({ companyId: "strict", domain: "strict.localhost" });
    // A second call finds it there.
    expect((await h.request("POST", "/__sandbox/companies/strict", { body: {} })).status).toBe(200);
    expect((await config("strict.localhost")).body.data.signIn).toEqual({
      secondFactor: "required",
      passkeys: true,
      passkeySignIn: false,
    });
    // A reset takes it away with the rest.
    await h.reset();
    expect((await config("strict.localhost")).status).toBe(404);
  });
});

describe("passkeys: options, and what is refused before any signature is checked", () => {
  type Options = { options: { challenge: string; rp?: { id: string }; rpId?: string } };
  const fakeAssertion = (challenge: string, origin: string) => ({
    id: "Y3JlZA",
    rawId: "Y3JlZA",
    type: "public-key",
    response: {
      clientDataJSON: Buffer.from(
        JSON.stringify({ type: "webauthn.get", challenge, origin }),
      ).toString("base64url"),
      authenticatorData: "AAAA",
      signature: "AAAA",
    },
  });

  it("registration options name the company's host as the relying party and exclude nothing yet", async () => {
    const res = await api<Options & { options: { excludeCredentials: unknown[] } }>(
      "POST",
      "/v1/user/me/factors/passkey/options",
      {},
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.options.rp).toMatchObject({ id: "localhost", name: "Acme Water" });
    expect(res.body.data.options.challenge.length).toBeGreaterThanOrEqual(32);
    expect(res.body.data.options.excludeCredentials).toEqual([]);
  });

  it("a portal at an IP address has no passkeys: Globex's options are 404", async () => {
    const gina = await bearer(h, "gina@globex.test");
    const res = await h.api("POST", "/v1/user/me/factors/passkey/options", {
      token: gina,
      body: {},
    });
    expect(res.status).toBe(404);
  });

  it("an answer to no open ceremony, or a garbled one, adds nothing", async () => {
    const forged = {
      id: "Y3JlZA",
      rawId: "Y3JlZA",
      type: "public-key",
      response: {
        clientDataJSON: Buffer.from(
          JSON.stringify({
            type: "webauthn.create",
            challenge: "bm9uZQ",
            origin: "http://localhost:3000",
          }),
        ).toString("base64url"),
        attestationObject: "AAAA",
      },
    };
    const res = await api("POST", "/v1/user/me/factors/passkey", {
      name: "Mine",
      response: forged,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorCode: "invalid_passkey" });
    const listed = await api<{ factors: unknown[] }>("GET", "/v1/user/me/factors");
    expect(listed.body.data.factors).toEqual([]);
  });

  it("signing in with a passkey alone: options where the company allows it; a forged or replayed answer is 401", async () => {
    const opts = await h.api<Options>("POST", "/v1/auth/passkey/options", {
      body: { companyId: "acme" },
    });
    expect(opts.status, opts.text).toBe(200);
    expect(opts.body.data.options.rpId).toBe("localhost");
    const { challenge } = opts.body.data.options;
    // From another host, even with a live challenge: refused, and the challenge is spent.
    const elsewhere = await h.api("POST", "/v1/auth/passkey", {
      body: { companyId: "acme", response: fakeAssertion(challenge, "http://evil.localhost:3000") },
    });
    expect(elsewhere.status).toBe(401);
    const replayed = await h.api("POST", "/v1/auth/passkey", {
      body: { companyId: "acme", response: fakeAssertion(challenge, "http://localhost:3000") },
    });
    expect(replayed.status).toBe(401);
    expect(replayed.body).toMatchObject({ errorCode: "invalid_passkey" });
    // Globex does not sign in with a passkey alone.
    const globex = await h.api("POST", "/v1/auth/passkey/options", {
      body: { companyId: "globex" },
    });
    expect(globex.status).toBe(404);
  });

  it("the second step's passkey options need a live challenge of a user with a passkey", async () => {
    const { secret } = await withApp();
    void secret;
    const c = await challenge("10.0.0.3");
    const res = await h.api("POST", "/v1/auth/second-factor/passkey_options", {
      body: { challenge: c },
    });
    // Ada has an app, no passkey: nothing to offer.
    expect(res.status).toBe(401);
    const gone = await h.api("POST", "/v1/auth/second-factor/passkey_options", {
      body: { challenge: "no-such-challenge-0123456789" },
    });
    expect(gone.status).toBe(401);
  });
});
