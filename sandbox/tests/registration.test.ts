import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { lastSegment, startHarness, type Harness } from "./support/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness("registration");
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.reset();
});

const PASSWORD = "Welcome#2030";

type Invitation = { tokenId: string; link: string };
async function invite(email: string, company = "acme", customerId?: string): Promise<Invitation> {
  const res = await h.request<Invitation>("POST", "/__sandbox/invitations", {
    body: { email, company, customerId },
  });
  expect(res.status).toBe(200);
  return res.body;
}

const register = (body: Record<string, unknown>) =>
  h.api<{ success: boolean }>("POST", "/v1/auth/register", { body });
const verifyEmail = (token: string) =>
  h.api<{ success: boolean; email: string }>("GET", `/v1/auth/verify-email?token=${token}`);

describe("POST /__sandbox/invitations", () => {
  it("mails an invitation link to /portal/register/<tokenId> on the company's domain", async () => {
    const inv = await invite("new.person@example.com");
    expect(inv.link).toBe(`http://localhost:3000/portal/register/${inv.tokenId}`);
    const mails = await h.mailbox("new.person@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]?.links).toEqual([inv.link]);
    expect(mails[0]?.subject).toContain("Acme Water");
  });

  it("names the company by id, name or domain", async () => {
    expect((await invite("a@example.com", "Globex Energy")).link).toMatch(
      /^http:\/\/127\.0\.0\.1:3000\//,
    );
    expect((await invite("b@example.com", "127.0.0.1")).link).toMatch(
      /^http:\/\/127\.0\.0\.1:3000\//,
    );
    expect((await invite("c@example.com", "localhost")).link).toMatch(/^http:\/\/localhost:3000\//);
  });

  it("answers 404 for an unknown company", async () => {
    const res = await h.request("POST", "/__sandbox/invitations", {
      body: { email: "x@example.com", company: "initech" },
    });
    expect(res.status).toBe(404);
  });
});

describe("GET /v1/register/{tokenId}", () => {
  it("answers the invitation with status pending", async () => {
    const inv = await invite("new.person@example.com");
    const res = await h.api("GET", `/v1/register/${inv.tokenId}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      email: "new.person@example.com",
      company: "Acme Water",
      companyId: "acme",
      status: "pending",
    });
  });

  it("answers 400 token_invalid for an unknown token", async () => {
    const res = await h.api("GET", `/v1/register/${"Q".repeat(43)}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, data: null, errorCode: "token_invalid" });
  });

  it("answers 400 token_invalid for an expired, unused invitation", async () => {
    const inv = await invite("late@example.com");
    h.advance(86_400_000);
    expect((await h.api("GET", `/v1/register/${inv.tokenId}`)).status).toBe(400);
  });

  it("answers status granted for an invitation of an address already registered", async () => {
    const inv = await invite("ada@acme.test");
    const res = await h.api<{ status: string }>("GET", `/v1/register/${inv.tokenId}`);
    expect(res.body.data.status).toBe("granted");
  });
});

describe("POST /v1/auth/register", () => {
  it("creates the user: invitation → register → granted → verification mail → verify-email", async () => {
    const inv = await invite("new.person@example.com");
    const res = await register({
      email: "new.person@example.com",
      password: PASSWORD,
      tokenId: inv.tokenId,
      companyId: "acme",
      company: "Acme Water",
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ success: true });

    const status = await h.api<{ status: string }>("GET", `/v1/register/${inv.tokenId}`);
    expect(status.status).toBe(200);
    expect(status.body.data.status).toBe("granted");

    const mails = await h.mailbox("new.person@example.com");
    expect(mails).toHaveLength(2);
    const verifyLink = mails[1]!.links[0]!;
    expect(verifyLink).toMatch(
      /^http:\/\/localhost:3000\/portal\/verify-email\/[A-Za-z0-9_-]{43}$/,
    );

    const login = await h.login("new.person@example.com", PASSWORD, "acme");
    const customers = await h.api<{ id: string; customer_id: string; name: string }[]>(
      "GET",
      "/v1/user/portalUserCustomer",
      {
        token: login.accessToken,
      },
    );
    // A new customer named after the e-mail's local part, selected.
    expect(customers.body.data).toEqual([
      { id: login.user.customer_id, customer_id: "CUST-1006", name: "new.person" },
    ]);
    expect(login.user.selected_customer_id).toBe(login.user.customer_id);

    const verifiedFlag = async () =>
      (
        await h.sandbox.db.query<{ email_verified: boolean }>(
          "SELECT email_verified FROM users WHERE id = $1",
          [login.user.id],
        )
      )[0]?.email_verified;
    expect(await verifiedFlag()).toBe(false);
    const verified = await verifyEmail(lastSegment(verifyLink));
    expect(verified.status).toBe(200);
    expect(verified.body.data).toEqual({ success: true, email: "new.person@example.com" });
    expect(await verifiedFlag()).toBe(true);

    // Still granted after the token's lifetime: the login page shows.
    h.advance(2 * 86_400_000);
    expect(
      (await h.api<{ status: string }>("GET", `/v1/register/${inv.tokenId}`)).body.data.status,
    ).toBe("granted");
  });

  it("links the new user to an existing customer when the invitation names one", async () => {
    const inv = await invite("second.user@example.com", "acme", "CUST-1003");
    expect(
      (
        await register({
          email: "second.user@example.com",
          password: PASSWORD,
          tokenId: inv.tokenId,
          companyId: "acme",
        })
      ).status,
    ).toBe(200);
    const login = await h.login("second.user@example.com", PASSWORD, "acme");
    expect(login.user.customer_id).toBe("cus_acme_1003");
  });

  it("refuses an invitation used twice", async () => {
    const inv = await invite("new.person@example.com");
    const body = {
      email: "new.person@example.com",
      password: PASSWORD,
      tokenId: inv.tokenId,
      companyId: "acme",
      company: "Acme Water",
    };
    expect((await register(body)).status).toBe(200);
    const again = await register(body);
    expect(again.status).toBe(400);
    expect(again.body.errorCode).toBe("token_invalid");
  });

  it("refuses an e-mail other than the invited one", async () => {
    const inv = await invite("new.person@example.com");
    const res = await register({
      email: "someone.else@example.com",
      password: PASSWORD,
      tokenId: inv.tokenId,
      companyId: "acme",
    });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe("token_invalid");
    expect(
      (await h.api<{ status: string }>("GET", `/v1/register/${inv.tokenId}`)).body.data.status,
    ).toBe("pending");
  });

  it("refuses another company", async () => {
    const inv = await invite("new.person@example.com");
    const wrongId = await register({
      email: "new.person@example.com",
      password: PASSWORD,
      tokenId: inv.tokenId,
      companyId: "globex",
    });
    expect(wrongId.status).toBe(400);
    const wrongName = await register({
      email: "new.person@example.com",
      password: PASSWORD,
      tokenId: inv.tokenId,
      companyId: "acme",
      company: "Globex Energy",
    });
    expect(wrongName.status).toBe(400);
  });

  it("refuses an expired invitation", async () => {
    const inv = await invite("new.person@example.com");
    h.advance(86_400_000 + 1);
    const res = await register({
      email: "new.person@example.com",
      password: PASSWORD,
      tokenId: inv.tokenId,
      companyId: "acme",
    });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe("token_invalid");
  });

  it.each([
    ["Sh0rt!", /at least 8 characters/],
    ["nouppercase1!", /Password Conditions not met/],
    ["NOLOWERCASE1!", /Password Conditions not met/],
    ["NoNumbers!!", /Password Conditions not met/],
    ["NoSpecial123", /Password Conditions not met/],
    ["Has\tTab1!", /Password Conditions not met/],
  ])("refuses the password %s with 422 validation", async (password, message) => {
    const inv = await invite("new.person@example.com");
    const res = await register({
      email: "new.person@example.com",
      password,
      tokenId: inv.tokenId,
      companyId: "acme",
    });
    expect(res.status).toBe(422);
    expect(res.body.errorCode).toBe("validation");
    expect(res.body.error).toMatch(message);
  });

  it("answers 409 already_registered for an address that already has an account", async () => {
    const inv = await invite("ADA@acme.test");
    const res = await register({
      email: "ada@acme.test",
      password: PASSWORD,
      tokenId: inv.tokenId,
      companyId: "acme",
    });
    expect(res.status).toBe(409);
    expect(res.body.errorCode).toBe("already_registered");
  });
});

describe("GET /v1/auth/verify-email", () => {
  async function registered(): Promise<string> {
    const inv = await invite("verify.me@example.com");
    await register({
      email: "verify.me@example.com",
      password: PASSWORD,
      tokenId: inv.tokenId,
      companyId: "acme",
    });
    const mails = await h.mailbox("verify.me@example.com");
    return lastSegment(mails.at(-1)!.links[0]!);
  }

  it("accepts a verification token only once", async () => {
    const token = await registered();
    expect((await verifyEmail(token)).status).toBe(200);
    const again = await verifyEmail(token);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 400, data: null, errorCode: "token_invalid" });
  });

  it("refuses an expired verification token", async () => {
    const token = await registered();
    h.advance(86_400_000);
    expect((await verifyEmail(token)).status).toBe(400);
  });

  it("refuses an unknown token and a missing one", async () => {
    expect((await verifyEmail("W".repeat(43))).status).toBe(400);
    expect((await h.api("GET", "/v1/auth/verify-email")).status).toBe(422);
  });

  it("does not accept a reset or invitation token", async () => {
    const inv = await invite("x@example.com");
    expect((await verifyEmail(inv.tokenId)).status).toBe(400);
  });
});
