import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HCAPTCHA_TEST_RESPONSE } from "../src/captcha";
import { encryptEmail } from "../src/crypto";
import { LoginRateLimiter } from "../src/rate-limit";
import { SEED_PASSWORD } from "../src/seed";
import { startHarness, type Envelope, type Harness, type LoginData } from "./support/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness("login");
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.reset();
});

const login = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  h.api<LoginData & { retryAfter?: number }>("POST", "/v1/auth/login", { body, headers });

type PunchoutLink = {
  path: string;
  url: string;
  tokenId: string;
  encryptedEmail: string;
  companyId: string;
};
async function punchout(email: string, company?: string): Promise<PunchoutLink> {
  const res = await h.request<PunchoutLink>("POST", "/__sandbox/punchout", {
    body: { email, company },
  });
  expect(res.status).toBe(200);
  return res.body;
}

describe("POST /v1/auth/login", () => {
  it("answers tokens and the user for a correct password", async () => {
    const res = await login({ email: "ada@acme.test", password: SEED_PASSWORD, companyId: "acme" });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.refreshToken).not.toBe(data.accessToken);
    expect(Date.parse(data.accessTokenExpiresAt)).toBe(h.now() + 900_000);
    expect(data.user).toEqual({
      id: expect.any(String),
      email: "ada@acme.test",
      company_id: "acme",
      customer_id: "cus_acme_1001",
      selected_customer_id: "cus_acme_1001",
    });
  });

  it("accepts the e-mail in any case", async () => {
    const res = await login({
      email: "  ADA@Acme.Test ",
      password: SEED_PASSWORD,
      companyId: "acme",
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user.email).toBe("ada@acme.test");
  });

  it("answers 401 invalid_credentials for a wrong password", async () => {
    const res = await login({ email: "ada@acme.test", password: "Portal!2346", companyId: "acme" });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      code: 401,
      data: null,
      error: expect.any(String),
      errorCode: "invalid_credentials",
    });
  });

  it("answers the same 401 invalid_credentials for an unknown e-mail", async () => {
    const wrong = await login({ email: "ada@acme.test", password: "wrong", companyId: "acme" });
    const unknown = await login({
      email: "nobody@acme.test",
      password: "wrong",
      companyId: "acme",
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });

  it("answers 401 invalid_credentials for a user of another company", async () => {
    const res = await login({
      email: "gina@globex.test",
      password: SEED_PASSWORD,
      companyId: "acme",
    });
    expect(res.status).toBe(401);
    expect(res.body.errorCode).toBe("invalid_credentials");
  });

  it("takes similar time for unknown e-mails and wrong passwords", async () => {
    const time = async (email: string) => {
      const t = performance.now();
      await login(
        { email, password: "Wrong!2345", companyId: "acme" },
        { "X-Client-IP": `timing-${email}` },
      );
      return performance.now() - t;
    };
    await time("warmup@acme.test");
    const unknown = await time("nobody@acme.test");
    const known = await time("zero@acme.test");
    // Both pay for one scrypt verification (tens of ms); neither answers instantly.
    expect(unknown).toBeGreaterThan(known / 4);
    expect(known).toBeGreaterThan(unknown / 4);
  });

  it("answers 422 validation when a field is missing", async () => {
    const res = await login({ email: "ada@acme.test", companyId: "acme" });
    expect(res.status).toBe(422);
    expect(res.body.errorCode).toBe("validation");
    expect(res.body.error).toMatch(/password/);
  });
});

describe("POST /v1/auth/login rate limits", () => {
  const wrong = (email = "ada@acme.test", ip = "203.0.113.7") =>
    login({ email, password: "Wrong!2345", companyId: "acme" }, { "X-Client-IP": ip });
  const right = (email = "ada@acme.test", ip = "203.0.113.7") =>
    login({ email, password: SEED_PASSWORD, companyId: "acme" }, { "X-Client-IP": ip });

  it("answers 429 rate_limited with Retry-After after 5 failures for one e-mail from one client", async () => {
    for (let i = 0; i < 5; i++) expect((await wrong()).status).toBe(401);
    const res = await wrong();
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      code: 429,
      data: { retryAfter: 900 },
      error: expect.any(String),
      errorCode: "rate_limited",
    });
    expect(res.headers.get("retry-after")).toBe("900");
    // Even the right password is refused while the limit holds, from that client.
    expect((await right()).status).toBe(429);
  });

  it("does not lock the e-mail out for everyone: other clients need a bot check", async () => {
    for (let i = 0; i < 5; i++)
      expect((await wrong("ada@acme.test", `198.51.100.${i}`)).status).toBe(401);
    // The customer, from anywhere else: asked for a captcha, not refused.
    const asked = await right("ada@acme.test", "198.51.100.99");
    expect(asked.status).toBe(400);
    expect(asked.body.errorCode).toBe("captcha_required");
    const withCaptcha = (captchaToken: string, password = SEED_PASSWORD) =>
      login(
        { email: "ada@acme.test", password, companyId: "acme", captchaToken },
        { "X-Client-IP": "198.51.100.99" },
      );
    expect((await withCaptcha("not-solved")).body.errorCode).toBe("captcha_failed");
    // A guess with a solved captcha still counts as a failure.
    expect((await withCaptcha(HCAPTCHA_TEST_RESPONSE, "Wrong!2345")).status).toBe(401);
    expect((await withCaptcha(HCAPTCHA_TEST_RESPONSE)).status).toBe(200);
    // Signing in clears the e-mail's window: no captcha next time.
    expect((await right("ada@acme.test", "198.51.100.98")).status).toBe(200);
    // Other accounts were never affected.
    expect((await right("zero@acme.test", "198.51.100.0")).status).toBe(200);
  });

  it("frees up when the oldest failure leaves the 15-minute window", async () => {
    for (let i = 0; i < 5; i++) {
      await wrong();
      h.advance(60_000);
    }
    const blocked = await wrong();
    expect(blocked.status).toBe(429);
    // The first failure was 5 minutes ago: it leaves the window in 10 minutes.
    expect(blocked.body.data).toEqual({ retryAfter: 600 });
    h.advance(600_000);
    expect((await right()).status).toBe(200);
  });

  it("is reset for the e-mail by a successful login", async () => {
    for (let i = 0; i < 4; i++) await wrong();
    expect((await right()).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await wrong()).status).toBe(401);
    expect((await right()).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await wrong()).status).toBe(401);
    expect((await wrong()).status).toBe(429);
  });

  it("answers 429 after 20 failures from one client (X-Client-IP) across e-mails", async () => {
    for (let i = 0; i < 20; i++) {
      const res = await wrong(`user${i}@acme.test`, "192.0.2.1");
      expect(res.status).toBe(401);
    }
    const res = await right("ada@acme.test", "192.0.2.1");
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another client may still sign in.
    expect((await right("ada@acme.test", "192.0.2.2")).status).toBe(200);
  });

  it("is cleared by POST /__sandbox/reset", async () => {
    for (let i = 0; i < 5; i++) await wrong();
    expect((await right()).status).toBe(429);
    await h.request("POST", "/__sandbox/reset");
    expect((await right()).status).toBe(200);
  });
});

describe("POST /v1/auth/login (punch-out)", () => {
  it("signs in with a punch-out link from /__sandbox/punchout", async () => {
    const link = await punchout("multi@acme.test");
    expect(link.path).toBe(`/portal/login/${link.tokenId}/${link.encryptedEmail}`);
    expect(link.path).toMatch(/^\/portal\/login\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+$/);
    const res = await login({
      token: link.tokenId,
      encryptedEmail: link.encryptedEmail,
      companyId: "acme",
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user.email).toBe("multi@acme.test");
    expect(res.body.data.accessToken).toBeTruthy();
    const me = await h.api<{ email: string }>("GET", "/v1/user/me", {
      token: res.body.data.accessToken,
    });
    expect(me.body.data.email).toBe("multi@acme.test");
  });

  it("refuses a punch-out token used twice", async () => {
    const link = await punchout("ada@acme.test");
    const body = { token: link.tokenId, encryptedEmail: link.encryptedEmail, companyId: "acme" };
    expect((await login(body)).status).toBe(200);
    const again = await login(body);
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ code: 401, data: null, errorCode: "token_invalid" });
  });

  it("refuses a punch-out token whose encrypted e-mail is another user's", async () => {
    const link = await punchout("ada@acme.test");
    const other = encryptEmail("multi@acme.test", h.config.punchoutKey);
    const res = await login({ token: link.tokenId, encryptedEmail: other, companyId: "acme" });
    expect(res.status).toBe(401);
    expect(res.body.errorCode).toBe("token_invalid");
    // The token is burnt by the attempt.
    expect(
      (await login({ token: link.tokenId, encryptedEmail: link.encryptedEmail, companyId: "acme" }))
        .status,
    ).toBe(401);
  });

  it("refuses an encrypted e-mail made with another key or tampered with", async () => {
    const link = await punchout("ada@acme.test");
    const foreign = encryptEmail("ada@acme.test", Buffer.alloc(32, 7));
    expect(
      (await login({ token: link.tokenId, encryptedEmail: foreign, companyId: "acme" })).status,
    ).toBe(401);
    const link2 = await punchout("ada@acme.test");
    const tampered =
      link2.encryptedEmail.slice(0, -2) + (link2.encryptedEmail.endsWith("AA") ? "BB" : "AA");
    expect(
      (await login({ token: link2.tokenId, encryptedEmail: tampered, companyId: "acme" })).status,
    ).toBe(401);
  });

  it("refuses a punch-out token after 5 minutes", async () => {
    const link = await punchout("ada@acme.test");
    h.advance(5 * 60_000 + 1);
    const res = await login({
      token: link.tokenId,
      encryptedEmail: link.encryptedEmail,
      companyId: "acme",
    });
    expect(res.status).toBe(401);
    expect(res.body.errorCode).toBe("token_invalid");
  });

  it("refuses a punch-out token presented for another company", async () => {
    const link = await punchout("ada@acme.test");
    const res = await login({
      token: link.tokenId,
      encryptedEmail: link.encryptedEmail,
      companyId: "globex",
    });
    expect(res.status).toBe(401);
  });

  it("refuses an unknown punch-out token", async () => {
    const res = await login({
      token: "x".repeat(43),
      encryptedEmail: encryptEmail("ada@acme.test", h.config.punchoutKey),
      companyId: "acme",
    });
    expect(res.status).toBe(401);
    expect(res.body.errorCode).toBe("token_invalid");
  });
});

describe("POST /__sandbox/punchout", () => {
  it("answers 404 for an unknown e-mail", async () => {
    const res = await h.request<Envelope>("POST", "/__sandbox/punchout", {
      body: { email: "nobody@acme.test" },
    });
    expect(res.status).toBe(404);
  });

  it("uses the given company", async () => {
    const link = await punchout("gina@globex.test", "Globex Energy");
    expect(link.companyId).toBe("globex");
    expect(link.url).toBe(`http://127.0.0.1:3000${link.path}`);
  });
});

describe("LoginRateLimiter", () => {
  it("asks for a captcha after 5 failures for an e-mail from anywhere, for 15 minutes", () => {
    const limiter = new LoginRateLimiter();
    const key = LoginRateLimiter.accountKey("acme", "zero@acme.test");
    for (let i = 0; i < 5; i++) {
      expect(limiter.captchaRequired(key, i * 60_000)).toBe(false);
      limiter.recordFailure(key, `client-${i}`, i * 60_000);
    }
    expect(limiter.captchaRequired(key, 5 * 60_000)).toBe(true);
    // Nobody is blocked: every client made one failure.
    expect(limiter.blockedFor(key, "client-0", 5 * 60_000)).toBe(0);
    // The first failure leaves the window 15 minutes after it was made.
    expect(limiter.captchaRequired(key, 15 * 60_000 + 1)).toBe(false);
  });

  it("blocks one client for one e-mail, not the e-mail", () => {
    const limiter = new LoginRateLimiter();
    const key = LoginRateLimiter.accountKey("acme", "zero@acme.test");
    for (let i = 0; i < 5; i++) limiter.recordFailure(key, "guesser", i);
    expect(limiter.blockedFor(key, "guesser", 10)).toBe(15 * 60_000 - 10);
    expect(limiter.blockedFor(key, "customer", 10)).toBe(0);
    limiter.recordSuccess(key, "customer");
    expect(limiter.captchaRequired(key, 11)).toBe(false);
    expect(limiter.blockedFor(key, "guesser", 11)).toBe(15 * 60_000 - 11);
  });

  it("does not count punch-out failures against an account", () => {
    const limiter = new LoginRateLimiter();
    for (let i = 0; i < 19; i++) limiter.recordFailure(null, "c", i);
    expect(limiter.blockedFor(null, "c", 100)).toBe(0);
    limiter.recordFailure(null, "c", 100);
    expect(limiter.blockedFor(null, "c", 101)).toBe(15 * 60_000 - 101);
  });
});
