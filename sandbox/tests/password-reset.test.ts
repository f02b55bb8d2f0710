import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HCAPTCHA_TEST_RESPONSE } from "../src/captcha";
import { createCaptchaVerifier } from "../src/captcha";
import { SEED_PASSWORD } from "../src/seed";
import { lastSegment, startHarness, type Harness } from "./support/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness("reset");
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.reset();
});

const NEW_PASSWORD = "Better#Pass9";

const forgot = (email: string, captchaToken: string = HCAPTCHA_TEST_RESPONSE, companyId = "acme") =>
  h.api<{ success: boolean }>("POST", "/v1/auth/forgot-password", {
    body: { email, companyId, captchaToken },
  });

const resetPassword = (
  tokenId: string,
  password = NEW_PASSWORD,
  passwordConfirmation = password,
  companyId = "acme",
) =>
  h.api<{ success: boolean }>("POST", "/v1/auth/reset-password", {
    body: { password, passwordConfirmation, tokenId, companyId },
  });

async function resetTokenFor(email: string): Promise<string> {
  expect((await forgot(email)).status).toBe(200);
  const mails = await h.mailbox(email);
  const link = mails.at(-1)?.links[0];
  if (!link) throw new Error("no reset mail");
  return lastSegment(link);
}

describe("POST /v1/auth/forgot-password", () => {
  it("mails a reset link to a known user and answers success", async () => {
    const res = await forgot("ada@acme.test");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, data: { success: true }, error: null });
    const mails = await h.mailbox("ada@acme.test");
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toBe("ada@acme.test");
    expect(mail.subject).toMatch(/reset/i);
    expect(mail.attachments).toEqual([]);
    expect(mail.links).toHaveLength(1);
    expect(mail.links[0]).toMatch(
      /^http:\/\/localhost:3000\/portal\/reset-password\/[A-Za-z0-9_-]{43}$/,
    );
    expect(mail.text).toContain(mail.links[0]);
  });

  it("uses the company's domain in the link", async () => {
    await h.api("POST", "/v1/auth/forgot-password", {
      body: {
        email: "gina@globex.test",
        companyId: "globex",
        captchaToken: HCAPTCHA_TEST_RESPONSE,
      },
    });
    const [mail] = await h.mailbox("gina@globex.test");
    expect(mail?.links[0]).toMatch(/^http:\/\/127\.0\.0\.1:3000\/portal\/reset-password\//);
  });

  it("answers the same success for an unknown e-mail and sends nothing", async () => {
    const known = await forgot("ada@acme.test");
    const unknown = await forgot("nobody@acme.test");
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(await h.mailbox("nobody@acme.test")).toEqual([]);
  });

  it("sends nothing for a user of another company", async () => {
    expect((await forgot("gina@globex.test")).status).toBe(200);
    expect(await h.mailbox("gina@globex.test")).toEqual([]);
  });

  it("answers 400 captcha_failed for a wrong captcha response", async () => {
    const res = await forgot("ada@acme.test", "20000000-aaaa-bbbb-cccc-000000000002");
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, data: null, errorCode: "captcha_failed" });
    expect(await h.mailbox("ada@acme.test")).toEqual([]);
  });

  it("answers 400 captcha_failed without a captcha response", async () => {
    const res = await h.api("POST", "/v1/auth/forgot-password", {
      body: { email: "ada@acme.test", companyId: "acme" },
    });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe("captcha_failed");
  });

  it("answers 422 validation for an invalid e-mail", async () => {
    const res = await forgot("not-an-email");
    expect(res.status).toBe(422);
  });
});

describe("hCaptcha live mode", () => {
  it("posts the secret and response to siteverify and trusts its success flag", async () => {
    const calls: { url: string; body: string }[] = [];
    const verify = createCaptchaVerifier(
      { hcaptchaMode: "live", hcaptchaSecret: "0xSECRET" },
      async (url, init) => {
        calls.push({ url, body: init.body });
        return {
          ok: true,
          json: async () => ({
            success: new URLSearchParams(init.body).get("response") === "good",
          }),
        };
      },
    );
    expect(await verify("good", "203.0.113.5")).toBe(true);
    expect(await verify("bad", undefined)).toBe(false);
    expect(calls[0]?.url).toBe("https://api.hcaptcha.com/siteverify");
    expect(Object.fromEntries(new URLSearchParams(calls[0]?.body))).toEqual({
      secret: "0xSECRET",
      response: "good",
      remoteip: "203.0.113.5",
    });
  });

  it("counts a network failure as not verified", async () => {
    const verify = createCaptchaVerifier(
      { hcaptchaMode: "live", hcaptchaSecret: "s" },
      async () => {
        throw new Error("offline");
      },
    );
    expect(await verify("anything", undefined)).toBe(false);
  });

  it("test mode accepts exactly the test response", async () => {
    const verify = createCaptchaVerifier({ hcaptchaMode: "test", hcaptchaSecret: undefined });
    expect(await verify(HCAPTCHA_TEST_RESPONSE, undefined)).toBe(true);
    expect(await verify(`${HCAPTCHA_TEST_RESPONSE} `, undefined)).toBe(false);
    expect(await verify("", undefined)).toBe(false);
  });
});

describe("GET /v1/token/reset-password/{tokenId}", () => {
  it("answers the e-mail of a valid reset token without consuming it", async () => {
    const token = await resetTokenFor("ada@acme.test");
    const res = await h.api("GET", `/v1/token/reset-password/${token}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ email: "ada@acme.test" });
    expect((await h.api("GET", `/v1/token/reset-password/${token}`)).status).toBe(200);
  });

  it("answers 400 token_invalid for an unknown token", async () => {
    const res = await h.api("GET", `/v1/token/reset-password/${"Z".repeat(43)}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, data: null, errorCode: "token_invalid" });
  });

  it("answers 400 token_invalid after EMAIL_TOKEN_TTL_SECONDS", async () => {
    const token = await resetTokenFor("ada@acme.test");
    h.advance(86_400_000);
    expect((await h.api("GET", `/v1/token/reset-password/${token}`)).status).toBe(400);
  });
});

describe("POST /v1/auth/reset-password", () => {
  it("sets the new password: forgot → mailbox → verify → reset → login", async () => {
    const token = await resetTokenFor("ada@acme.test");
    expect((await h.api("GET", `/v1/token/reset-password/${token}`)).status).toBe(200);
    const res = await resetPassword(token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ success: true });
    await h.login("ada@acme.test", NEW_PASSWORD);
    const old = await h.api("POST", "/v1/auth/login", {
      body: { email: "ada@acme.test", password: SEED_PASSWORD, companyId: "acme" },
    });
    expect(old.status).toBe(401);
  });

  it("ends the user's sessions", async () => {
    const session = await h.login("ada@acme.test");
    const token = await resetTokenFor("ada@acme.test");
    await resetPassword(token);
    expect(
      (
        await h.api("POST", "/v1/auth/refresh-tokens", {
          body: { refreshToken: session.refreshToken },
        })
      ).status,
    ).toBe(401);
    expect((await h.api("GET", "/v1/user/me", { token: session.accessToken })).status).toBe(401);
  });

  it("accepts a reset token only once", async () => {
    const token = await resetTokenFor("ada@acme.test");
    expect((await resetPassword(token)).status).toBe(200);
    const again = await resetPassword(token, "Another#Pass7");
    expect(again.status).toBe(400);
    expect(again.body.errorCode).toBe("token_invalid");
    expect((await h.api("GET", `/v1/token/reset-password/${token}`)).status).toBe(400);
    await h.login("ada@acme.test", NEW_PASSWORD);
  });

  it("refuses an expired reset token", async () => {
    const token = await resetTokenFor("ada@acme.test");
    h.advance(86_400_000 + 1);
    const res = await resetPassword(token);
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe("token_invalid");
    await h.login("ada@acme.test");
  });

  it("refuses a token of another company", async () => {
    const token = await resetTokenFor("ada@acme.test");
    const res = await resetPassword(token, NEW_PASSWORD, NEW_PASSWORD, "globex");
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe("token_invalid");
  });

  it.each([
    ["Sh0rt!", /at least 8 characters/],
    ["alllower1!", /Password Conditions not met/],
    ["ALLUPPER1!", /Password Conditions not met/],
    ["NoDigits!!", /Password Conditions not met/],
    ["NoSpecial12", /Password Conditions not met/],
    ["With Space1!", /Password Conditions not met/],
  ])("refuses the password %s with 422 validation", async (password, message) => {
    const token = await resetTokenFor("ada@acme.test");
    const res = await resetPassword(token, password);
    expect(res.status).toBe(422);
    expect(res.body.errorCode).toBe("validation");
    expect(res.body.error).toMatch(message);
    // The token survives a refused attempt.
    expect((await h.api("GET", `/v1/token/reset-password/${token}`)).status).toBe(200);
  });

  it("refuses a confirmation that differs", async () => {
    const token = await resetTokenFor("ada@acme.test");
    const res = await resetPassword(token, NEW_PASSWORD, "Better#Pass8");
    expect(res.status).toBe(422);
    expect(res.body.error).toMatch(/confirmation does not match/);
  });
});
