import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./support/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness("customers");
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.reset();
});

type Customer = { id: string; customer_id: string; name: string };
type User = { id: string; selected_customer_id: string | null; customer_id: string };

describe("GET /v1/user/portalUserCustomer", () => {
  it("lists the three customers of multi@acme.test", async () => {
    const login = await h.login("multi@acme.test");
    const res = await h.api<Customer[]>("GET", "/v1/user/portalUserCustomer", {
      token: login.accessToken,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: "cus_acme_1002", customer_id: "CUST-1002", name: "Northwind Traders" },
      { id: "cus_acme_1003", customer_id: "CUST-1003", name: "Contoso Pharmacy" },
      { id: "cus_acme_1004", customer_id: "CUST-1004", name: "Fabrikam Farms" },
    ]);
  });

  it.each([
    ["ada@acme.test", "Ada Lovelace Engineering"],
    ["zero@acme.test", "Zero Balance Bakery"],
    ["gina@globex.test", "Gina's Garden Supplies"],
  ])("lists the one customer of %s", async (email, name) => {
    const login = await h.login(email);
    const res = await h.api<Customer[]>("GET", "/v1/user/portalUserCustomer", {
      token: login.accessToken,
    });
    expect(res.body.data.map((c) => c.name)).toEqual([name]);
  });

  it("answers 401 without a bearer token", async () => {
    expect((await h.api("GET", "/v1/user/portalUserCustomer")).status).toBe(401);
  });
});

describe("POST /v1/user/portalUserCustomer", () => {
  it("selects a linked customer and answers the user", async () => {
    const login = await h.login("multi@acme.test");
    expect(login.user.selected_customer_id).toBe("cus_acme_1002");
    const res = await h.api<User>("POST", "/v1/user/portalUserCustomer", {
      token: login.accessToken,
      body: { customer_id: "cus_acme_1004" },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: login.user.id,
      selected_customer_id: "cus_acme_1004",
      customer_id: "cus_acme_1002",
    });
    const me = await h.api<User>("GET", "/v1/user/me", { token: login.accessToken });
    expect(me.body.data.selected_customer_id).toBe("cus_acme_1004");
  });

  it("accepts the account number as customer_id", async () => {
    const login = await h.login("multi@acme.test");
    const res = await h.api<User>("POST", "/v1/user/portalUserCustomer", {
      token: login.accessToken,
      body: { customer_id: "CUST-1003" },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.selected_customer_id).toBe("cus_acme_1003");
  });

  it("refuses a customer of the same company that is not linked to the user with 403", async () => {
    const login = await h.login("multi@acme.test");
    const res = await h.api("POST", "/v1/user/portalUserCustomer", {
      token: login.accessToken,
      body: { customer_id: "cus_acme_1001" },
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 403, data: null, errorCode: "forbidden" });
    const me = await h.api<User>("GET", "/v1/user/me", { token: login.accessToken });
    expect(me.body.data.selected_customer_id).toBe("cus_acme_1002");
  });

  it("refuses a customer of another company with 404", async () => {
    const login = await h.login("multi@acme.test");
    const res = await h.api("POST", "/v1/user/portalUserCustomer", {
      token: login.accessToken,
      body: { customer_id: "cus_globex_2001" },
    });
    expect(res.status).toBe(404);
    expect(res.body.errorCode).toBe("not_found");
  });

  it("answers 422 without customer_id", async () => {
    const login = await h.login("multi@acme.test");
    const res = await h.api("POST", "/v1/user/portalUserCustomer", {
      token: login.accessToken,
      body: {},
    });
    expect(res.status).toBe(422);
  });
});

describe("POST /v1/auth/generate_portal_logs", () => {
  it("writes an audit entry read back by GET /__sandbox/audit", async () => {
    const res = await h.api(
      "POST",
      "/v1/auth/generate_portal_logs?companyId=acme&action=logout&email=ada%40acme.test",
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ success: true });
    const audit = await h.request<unknown[]>("GET", "/__sandbox/audit");
    expect(audit.status).toBe(200);
    expect(audit.body).toEqual([
      {
        companyId: "acme",
        action: "logout",
        email: "ada@acme.test",
        at: new Date(h.now()).toISOString(),
      },
    ]);
  });

  it("answers 422 without companyId or action", async () => {
    expect((await h.api("POST", "/v1/auth/generate_portal_logs?action=logout")).status).toBe(422);
    expect((await h.api("POST", "/v1/auth/generate_portal_logs?companyId=acme")).status).toBe(422);
  });

  it("is cleared by reset", async () => {
    await h.api("POST", "/v1/auth/generate_portal_logs?companyId=acme&action=logout");
    await h.request("POST", "/__sandbox/reset");
    expect((await h.request("GET", "/__sandbox/audit")).body).toEqual([]);
  });
});

describe("GET /__sandbox/mailbox", () => {
  it("lists mail oldest first, filtered by recipient (case-insensitive)", async () => {
    await h.request("POST", "/__sandbox/invitations", {
      body: { email: "one@example.com", company: "acme" },
    });
    await h.request("POST", "/__sandbox/invitations", {
      body: { email: "two@example.com", company: "acme" },
    });
    await h.request("POST", "/__sandbox/invitations", {
      body: { email: "One@Example.com", company: "globex" },
    });
    const mine = await h.mailbox("ONE@example.com");
    expect(mine.map((m) => m.links[0]?.startsWith("http://localhost:3000/") ?? false)).toEqual([
      true,
      false,
    ]);
    for (const m of mine)
      expect(Object.keys(m).sort()).toEqual(["attachments", "links", "subject", "text", "to"]);
    const all = await h.request<unknown[]>("GET", "/__sandbox/mailbox");
    expect(all.body).toHaveLength(3);
  });
});

describe("POST /__sandbox/faults", () => {
  const fault = (body: Record<string, unknown>) => h.request("POST", "/__sandbox/faults", { body });

  it("answers the next `times` matching calls with the given status and an error envelope", async () => {
    expect(
      (await fault({ method: "get", path: "/v1/portalConfiguration", status: 503, times: 2 }))
        .status,
    ).toBe(200);
    for (let i = 0; i < 2; i++) {
      const res = await h.api("GET", "/v1/portalConfiguration?host=localhost");
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ code: 503, data: null, error: expect.any(String) });
    }
    expect((await h.api("GET", "/v1/portalConfiguration?host=localhost")).status).toBe(200);
  });

  it("matches the method and the path without query only", async () => {
    await fault({ method: "POST", path: "/v1/portalConfiguration", status: 500, times: 1 });
    expect((await h.api("GET", "/v1/portalConfiguration?host=localhost")).status).toBe(200);
    await fault({ method: "GET", path: "/v1/user/me", status: 401, times: 1 });
    const res = await h.api("GET", "/v1/user/me?x=1");
    expect(res.status).toBe(401);
    expect(res.body.errorCode).toBe("unauthorized");
  });

  it("fails only the named user's calls when the fault names an e-mail", async () => {
    const ada = (await h.login("ada@acme.test")).accessToken;
    const zero = (await h.login("zero@acme.test")).accessToken;
    await fault({
      method: "GET",
      path: "/v1/user/me",
      status: 409,
      times: 1,
      email: "Zero@acme.test",
    });
    expect((await h.api("GET", "/v1/user/me", { token: ada })).status).toBe(200);
    expect((await h.api("GET", "/v1/user/me")).status).toBe(401);
    expect((await h.api("GET", "/v1/user/me", { token: zero })).status).toBe(409);
    expect((await h.api("GET", "/v1/user/me", { token: zero })).status).toBe(200);
  });

  it("answers an injected 429 with Retry-After and retryAfter", async () => {
    await fault({ method: "POST", path: "/v1/auth/login", status: 429, times: 1 });
    const res = await h.api("POST", "/v1/auth/login", {
      body: { email: "ada@acme.test", password: "x", companyId: "acme" },
    });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("1");
    expect(res.body).toMatchObject({
      code: 429,
      data: { retryAfter: 1 },
      errorCode: "rate_limited",
    });
  });

  it("delays matching calls before handling them normally", async () => {
    await fault({ method: "GET", path: "/v1/portalConfiguration", delayMs: 300, times: 1 });
    const started = performance.now();
    const res = await h.api("GET", "/v1/portalConfiguration?host=localhost");
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(res.status).toBe(200);
    const t = performance.now();
    await h.api("GET", "/v1/portalConfiguration?host=localhost");
    expect(performance.now() - t).toBeLessThan(290);
  });

  it("answers a malformed (non-JSON) body", async () => {
    await fault({ method: "GET", path: "/v1/portalConfiguration", malformed: true, times: 1 });
    const res = await h.request("GET", "/v1/portalConfiguration?host=localhost");
    expect(res.status).toBe(200);
    expect(() => JSON.parse(res.text) as unknown).toThrow();
    expect((await h.api("GET", "/v1/portalConfiguration?host=localhost")).body.code).toBe(200);
  });

  it("combines delay and status", async () => {
    await fault({ method: "GET", path: "/v1/user/me", delayMs: 150, status: 502, times: 1 });
    const started = performance.now();
    const res = await h.api("GET", "/v1/user/me");
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(res.status).toBe(502);
  });

  it("refuses a fault without an effect or outside /v1 with 422", async () => {
    expect((await fault({ method: "GET", path: "/v1/user/me", times: 1 })).status).toBe(422);
    expect(
      (await fault({ method: "GET", path: "/__sandbox/reset", status: 500, times: 1 })).status,
    ).toBe(422);
  });

  it("clears one user's faults and leaves the others'", async () => {
    await fault({ method: "GET", path: "/v1/user/me", status: 500, times: 5, email: "A@x.test" });
    await fault({ method: "GET", path: "/v1/user/me", status: 500, times: 5, email: "b@x.test" });
    await h.request("DELETE", "/__sandbox/faults?email=a@x.test");
    const left = (await h.request("GET", "/__sandbox/faults")).body as {
      fault: { email: string };
    }[];
    expect(left.map((f) => f.fault.email)).toEqual(["b@x.test"]);
  });

  it("answers an error with the given errorCode and message (a refusal the customer reads)", async () => {
    const ada = (await h.login("ada@acme.test")).accessToken;
    const message = `<img src=x onerror="window.__xss='refusal'"> cannot be cancelled today`;
    await fault({
      method: "PUT",
      path: "/v1/subscriptions/SUB-1001-01/cancel",
      status: 400,
      errorCode: "invalid_request",
      message,
      email: "ada@acme.test",
    });
    const res = await h.api("PUT", "/v1/subscriptions/SUB-1001-01/cancel", {
      token: ada,
      body: { cancellation_date: "2099-01-01" },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 400,
      data: null,
      error: message,
      errorCode: "invalid_request",
    });
    // Consumed: the subscription itself was never touched.
    const list = await h.api<{
      subscriptions: { id: { value: string }; status: { value: string } }[];
    }>("GET", "/v1/subscriptions?customer_id=cus_acme_1001", { token: ada });
    const sub = list.body.data.subscriptions.find((s) => s.id.value === "SUB-1001-01");
    expect(sub?.status.value).toBe("active");
  });

  it("keeps the status's own code when only a message is given, and Retry-After on 429", async () => {
    await fault({ method: "GET", path: "/v1/user/me", status: 409, message: "Busy", times: 1 });
    expect((await h.api("GET", "/v1/user/me")).body).toMatchObject({
      code: 409,
      error: "Busy",
      errorCode: "conflict",
    });
    await fault({ method: "GET", path: "/v1/user/me", status: 429, message: "Slow down" });
    const limited = await h.api("GET", "/v1/user/me");
    expect(limited.headers.get("retry-after")).toBe("1");
    expect(limited.body).toMatchObject({ error: "Slow down", errorCode: "rate_limited" });
  });

  it("answers `data` in the success envelope instead of the route's answer", async () => {
    const ada = (await h.login("ada@acme.test")).accessToken;
    const data = { pdf_url: "javascript:window.__xss='pdf'" };
    await fault({ method: "GET", path: "/v1/invoices/getPdfUrl", data, email: "ada@acme.test" });
    const planted = await h.api("GET", "/v1/invoices/getPdfUrl?invoice_id=INV-000001", {
      token: ada,
    });
    expect(planted.status).toBe(200);
    expect(planted.body).toEqual({ code: 200, data, error: null });
    // The next call is the route's own again (a signed link of the sandbox).
    const real = await h.api<{ pdf_url: string }>(
      "GET",
      "/v1/invoices/getPdfUrl?invoice_id=INV-000001",
      { token: ada },
    );
    expect(real.body.data.pdf_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\//);
    // Any JSON value, with an explicit 200, and before authentication (the fault comes first).
    await fault({ method: "GET", path: "/v1/portalConfiguration", status: 200, data: null });
    expect((await h.api("GET", "/v1/portalConfiguration?host=localhost")).body).toEqual({
      code: 200,
      data: null,
      error: null,
    });
  });

  it.each([
    ["data with an error status", { status: 500, data: { a: 1 } }],
    ["data with malformed", { malformed: true, data: { a: 1 } }],
    ["data with reset", { reset: true, data: { a: 1 } }],
    ["a message without an error status", { delayMs: 10, message: "x" }],
    ["an errorCode with a success status", { status: 200, errorCode: "invalid_request" }],
    ["an errorCode that is not a code", { status: 400, errorCode: "Bad Code!" }],
    ["an empty message", { status: 400, message: "" }],
  ])("refuses %s with 422", async (_, extra) => {
    const res = await fault({ method: "GET", path: "/v1/user/me", ...extra });
    expect(res.status).toBe(422);
    expect((await h.request<unknown[]>("GET", "/__sandbox/faults")).body).toEqual([]);
  });

  it("is cleared by reset", async () => {
    await fault({ method: "GET", path: "/v1/portalConfiguration", status: 500, times: 5 });
    await h.request("POST", "/__sandbox/reset");
    expect((await h.api("GET", "/v1/portalConfiguration?host=localhost")).status).toBe(200);
  });
});
