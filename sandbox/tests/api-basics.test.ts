import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../src/server";
import { startHarness, type Harness } from "./support/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness("basics");
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.reset();
});

describe("the /v1 envelope", () => {
  it("answers {code, data, error} with the HTTP status equal to code", async () => {
    const res = await h.api("GET", "/v1/portalConfiguration?host=localhost");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["code", "data", "error"]);
    expect(res.body.code).toBe(200);
    expect(res.body.error).toBeNull();
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("answers errors with data null, a message and an errorCode", async () => {
    const res = await h.api("GET", "/v1/user/me");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      code: 401,
      data: null,
      error: expect.any(String),
      errorCode: "unauthorized",
    });
  });

  it("answers 404 not_found for an unknown /v1 route", async () => {
    const res = await h.api("GET", "/v1/does/not/exist");
    expect(res.status).toBe(404);
    expect(res.body.errorCode).toBe("not_found");
    expect(res.body.code).toBe(404);
  });

  it("answers 405 for a known path with the wrong method", async () => {
    const res = await h.api("DELETE", "/v1/auth/login");
    expect(res.status).toBe(405);
    expect(res.body.errorCode).toBe("method_not_allowed");
    expect(res.headers.get("allow")).toBe("POST");
  });

  it("answers 404 for paths outside /v1", async () => {
    const res = await h.api("GET", "/somewhere");
    expect(res.status).toBe(404);
    expect(res.body.errorCode).toBe("not_found");
  });

  it("answers 400 invalid_json for a body that is not JSON", async () => {
    const res = await h.request("POST", "/v1/auth/login", {
      rawBody: "{nope",
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, data: null, errorCode: "invalid_json" });
  });

  it("answers 422 validation with a message for a body that fails validation", async () => {
    const res = await h.api("POST", "/v1/auth/login", {
      body: { email: "not-an-email", password: "x", companyId: "acme" },
    });
    expect(res.status).toBe(422);
    expect(res.body.errorCode).toBe("validation");
    expect(res.body.error).toMatch(/email/i);
  });

  it("answers 413 for a body over 1 MB", async () => {
    const res = await h.request("POST", "/v1/auth/login", {
      rawBody: JSON.stringify({
        email: "a@b.c",
        password: "x".repeat(1_100_000),
        companyId: "acme",
      }),
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 413, errorCode: "payload_too_large" });
  });

  it("logs one line per request without query, tokens or bodies", async () => {
    const login = await h.login("ada@acme.test");
    await h.api("GET", "/v1/user/me?secret=1", { token: login.accessToken });
    await h.api("GET", `/v1/token/reset-password/${"x".repeat(43)}`);
    const lines = h.logs.join("\n");
    const routes = h.logs.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(routes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ method: "POST", route: "/v1/auth/login", status: 200 }),
        expect.objectContaining({ method: "GET", route: "/v1/user/me", status: 200 }),
        expect.objectContaining({
          method: "GET",
          route: "/v1/token/reset-password/:tokenId",
          status: 400,
        }),
      ]),
    );
    expect(lines).not.toContain(login.accessToken);
    expect(lines).not.toContain("secret");
    expect(lines).not.toContain("Portal!2345");
    expect(lines).not.toContain("x".repeat(43));
  });
});

describe("GET /v1/portalConfiguration", () => {
  it("answers Acme Water for host localhost", async () => {
    const res = await h.api("GET", "/v1/portalConfiguration?host=localhost");
    expect(res.body.data).toEqual({
      companyId: "acme",
      name: "Acme Water",
      domain: "localhost",
      primaryColor: "#0f766e",
      logoUrl: "/brand/acme-logo.svg",
      bannerUrl: "/brand/acme-banner.svg",
      tncUrl: "https://acme.example/terms",
      privacyUrl: "https://acme.example/privacy",
      displayTncPrivacyUrl: true,
      enabledTabs: ["invoices", "payments", "usages", "credits", "statements", "subscriptions"],
      gateway: "stripe",
      payments: { partialAllowed: true, partialMinimum: 5 },
      documents: { zips: true, exportDownloads: true },
      // Passkeys where the host is a domain name, alone too where the company allows it.
      signIn: { secondFactor: "optional", passkeys: true, passkeySignIn: true },
      subscriptions: {
        cancelReasons: [
          "too_expensive",
          "not_using_enough",
          "missing_features",
          "switching_provider",
          "temporary_need",
          "other",
        ],
        pause: { maxCycles: 3 },
        offers: ["pause", "cheaper_plan", "discount"],
      },
    });
  });

  it("answers Globex Energy for host 127.0.0.1", async () => {
    const res = await h.api("GET", "/v1/portalConfiguration?host=127.0.0.1");
    expect(res.body.data).toEqual({
      companyId: "globex",
      name: "Globex Energy",
      domain: "127.0.0.1",
      primaryColor: "#7c3aed",
      logoUrl: "/brand/globex-logo.svg",
      bannerUrl: null,
      tncUrl: null,
      privacyUrl: null,
      displayTncPrivacyUrl: false,
      enabledTabs: ["invoices", "payments", "statements"],
      gateway: "cardconnect-test",
      payments: { partialAllowed: false, partialMinimum: null },
      documents: { zips: true, exportDownloads: true },
      // An IP address cannot be a WebAuthn relying party: no passkeys.
      signIn: { secondFactor: "optional", passkeys: false, passkeySignIn: false },
      subscriptions: {
        cancelReasons: ["too_expensive", "switching_provider", "other"],
        pause: null,
        offers: [],
      },
    });
  });

  it("ignores case and a port", async () => {
    const res = await h.api<{ companyId: string }>(
      "GET",
      "/v1/portalConfiguration?host=LocalHost:3000",
    );
    expect(res.status).toBe(200);
    expect(res.body.data.companyId).toBe("acme");
  });

  it("answers 404 not_found for an unknown host", async () => {
    const res = await h.api("GET", "/v1/portalConfiguration?host=portal.unknown.example");
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 404, data: null, errorCode: "not_found" });
  });

  it("answers 422 validation without a host", async () => {
    const res = await h.api("GET", "/v1/portalConfiguration");
    expect(res.status).toBe(422);
    expect(res.body.errorCode).toBe("validation");
  });
});

describe("GET /healthz", () => {
  it("answers ok with the mode", async () => {
    const res = await h.request("GET", "/healthz");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, mode: "test" });
  });
});

describe("control endpoints in production mode", () => {
  let prod: Sandbox;
  let prodUrl: string;
  beforeAll(async () => {
    // Shares the test database (the production sandbox does not own, so does not close, it).
    prod = await createSandbox(
      { ...h.config, mode: "production" },
      { db: h.sandbox.db, logger: () => undefined },
    );
    prodUrl = await prod.listen(0);
  });
  afterAll(async () => {
    await prod?.close();
  });

  it.each([
    ["POST", "/__sandbox/reset"],
    ["GET", "/__sandbox/mailbox?to=ada@acme.test"],
    ["POST", "/__sandbox/invitations"],
    ["POST", "/__sandbox/punchout"],
    ["POST", "/__sandbox/faults"],
    ["GET", "/__sandbox/audit"],
    ["GET", "/__sandbox/hcaptcha/api.js"],
  ])("answers 404 to %s %s", async (method, path) => {
    const res = await fetch(`${prodUrl}${path}`, {
      method,
      headers: { "content-type": "application/json" },
      body:
        method === "POST" ? JSON.stringify({ email: "ada@acme.test", company: "acme" }) : undefined,
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 404, errorCode: "not_found" });
  });

  it("still serves /v1", async () => {
    const res = await fetch(`${prodUrl}/v1/portalConfiguration?host=localhost`);
    expect(res.status).toBe(200);
  });
});

describe("POST /__sandbox/reset", () => {
  it("restores the seed and clears the mailbox", async () => {
    await h.request("POST", "/__sandbox/invitations", {
      body: { email: "new@acme.test", company: "acme" },
    });
    expect(await h.mailbox("new@acme.test")).toHaveLength(1);
    const res = await h.request("POST", "/__sandbox/reset");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await h.mailbox("new@acme.test")).toHaveLength(0);
    await h.login("ada@acme.test");
  });
});
