import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SEED_PASSWORD } from "../src/seed";
import { startHarness, type Harness } from "./support/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness("account_password");
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.reset();
});

const NEW_PASSWORD = "Fresh!Start9";

const change = (token: string, body: Record<string, unknown>) =>
  h.api<{ success: true }>("POST", "/v1/user/me/changePassword", { token, body });

const valid = {
  currentPassword: SEED_PASSWORD,
  password: NEW_PASSWORD,
  passwordConfirmation: NEW_PASSWORD,
};

const loginStatus = async (password: string) =>
  (
    await h.api("POST", "/v1/auth/login", {
      body: { email: "ada@acme.test", password, companyId: "acme" },
    })
  ).status;

describe("POST /v1/user/me/changePassword", () => {
  it("sets the new password: it signs in, the old one no longer does", async () => {
    const { accessToken } = await h.login("ada@acme.test");
    const res = await change(accessToken, valid);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ success: true });
    expect(await loginStatus(NEW_PASSWORD)).toBe(200);
    expect(await loginStatus(SEED_PASSWORD)).toBe(401);
  });

  it("keeps the caller signed in and ends the user's other sessions", async () => {
    const mine = await h.login("ada@acme.test");
    const other = await h.login("ada@acme.test");
    const someoneElse = await h.login("zero@acme.test");
    expect((await change(mine.accessToken, valid)).status).toBe(200);

    expect((await h.api("GET", "/v1/user/me", { token: mine.accessToken })).status).toBe(200);
    const refreshed = await h.api("POST", "/v1/auth/refresh-tokens", {
      body: { refreshToken: mine.refreshToken },
    });
    expect(refreshed.status).toBe(200);

    expect((await h.api("GET", "/v1/user/me", { token: other.accessToken })).status).toBe(401);
    const otherRefresh = await h.api("POST", "/v1/auth/refresh-tokens", {
      body: { refreshToken: other.refreshToken },
    });
    expect(otherRefresh.status).toBe(401);
    expect((await h.api("GET", "/v1/user/me", { token: someoneElse.accessToken })).status).toBe(
      200,
    );
  });

  it("tells the user by e-mail", async () => {
    const { accessToken } = await h.login("ada@acme.test");
    await change(accessToken, valid);
    const mails = await h.mailbox("ada@acme.test");
    expect(mails.at(-1)?.subject).toBe("Your Acme Water portal password was changed");
  });

  it("answers 400 invalid_current_password (not 401) to a wrong current password and keeps everything", async () => {
    const mine = await h.login("ada@acme.test");
    const other = await h.login("ada@acme.test");
    const res = await change(mine.accessToken, { ...valid, currentPassword: "Wrong!Pass1" });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe("invalid_current_password");
    expect(res.body.error).toBe("The current password is not correct");
    expect((await h.api("GET", "/v1/user/me", { token: mine.accessToken })).status).toBe(200);
    expect((await h.api("GET", "/v1/user/me", { token: other.accessToken })).status).toBe(200);
    expect(await loginStatus(SEED_PASSWORD)).toBe(200);
  });

  it.each([
    ["Short1!", "password: password must be at least 8 characters"],
    ["alllowercase1!", "password: Password Conditions not met."],
    ["NoDigits!!", "password: Password Conditions not met."],
    ["NoSpecial12", "password: Password Conditions not met."],
    ["Has Space1!", "password: Password Conditions not met."],
  ])("answers 422 to the weak new password %j", async (password, message) => {
    const { accessToken } = await h.login("ada@acme.test");
    const res = await change(accessToken, { ...valid, password, passwordConfirmation: password });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe(message);
    expect(await loginStatus(SEED_PASSWORD)).toBe(200);
  });

  it("answers 422 when the confirmation does not match", async () => {
    const { accessToken } = await h.login("ada@acme.test");
    const res = await change(accessToken, { ...valid, passwordConfirmation: "Fresh!Start8" });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe("passwordConfirmation: Password confirmation does not match");
  });

  it("answers 422 when the current password is missing", async () => {
    const { accessToken } = await h.login("ada@acme.test");
    const res = await change(accessToken, {
      password: NEW_PASSWORD,
      passwordConfirmation: NEW_PASSWORD,
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe("currentPassword: currentPassword is required");
  });

  it("counts wrong current passwords as failed logins: the sixth attempt is refused with 429", async () => {
    const { accessToken } = await h.login("ada@acme.test");
    for (let i = 0; i < 5; i++) {
      expect(
        (await change(accessToken, { ...valid, currentPassword: `Wrong!Pass${i}` })).status,
      ).toBe(400);
    }
    const res = await change(accessToken, valid);
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("answers 401 without a bearer token", async () => {
    const res = await h.api("POST", "/v1/user/me/changePassword", { body: valid });
    expect(res.status).toBe(401);
  });
});
