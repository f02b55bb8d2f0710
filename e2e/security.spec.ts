import { expect, test, type APIResponse } from "@playwright/test";
import { unsealData } from "iron-session";
import { E2E_SESSION_SECRET } from "../playwright.config";
import { signIn, signInToDashboard } from "./support/auth";
import { expireAccessTokens, revokeSessions } from "./support/sandbox";
import { NEW_PASSWORD, registerNewUser } from "./support/users";

const json = { "Content-Type": "application/json" };
const login = { email: "ada@acme.test", password: "Portal!2345" };

test.describe("POST /api/auth/login (CSRF)", () => {
  test("answers 403 to a foreign origin", async ({ request }) => {
    const res = await request.post("/api/auth/login", {
      headers: { ...json, "X-CSRF": "1", Origin: "https://evil.example" },
      data: login,
    });
    expect(res.status()).toBe(403);
  });

  test("answers 403 to Origin: null", async ({ request }) => {
    const res = await request.post("/api/auth/login", {
      headers: { ...json, "X-CSRF": "1", Origin: "null" },
      data: login,
    });
    expect(res.status()).toBe(403);
  });

  test("answers 403 without the custom header", async ({ request, baseURL }) => {
    const res = await request.post("/api/auth/login", {
      headers: { ...json, Origin: baseURL! },
      data: login,
    });
    expect(res.status()).toBe(403);
  });

  test("answers 403 without any origin information", async ({ request }) => {
    const res = await request.post("/api/auth/login", {
      headers: { ...json, "X-CSRF": "1" },
      data: login,
    });
    expect(res.status()).toBe(403);
  });

  test("signs in with a same-origin request and never returns a token", async ({
    request,
    baseURL,
  }) => {
    const res = await request.post("/api/auth/login", {
      headers: { ...json, "X-CSRF": "1", Origin: baseURL! },
      data: login,
    });
    expect(res.status()).toBe(200);
    const body = await res.text();
    expect(body).not.toMatch(/token/i);
    const cookie = res.headers()["set-cookie"] ?? "";
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//i);
  });
});

test.describe("ANY /api/v1/[...path]", () => {
  test("answers 404 to a path outside the allow-list and 405 to a wrong method", async ({
    page,
    baseURL,
  }) => {
    await signInToDashboard(page, "ada@acme.test");
    const request = page.request;
    expect((await request.get("/api/v1/admin/users")).status()).toBe(404);
    const wrong = await request.delete("/api/v1/user/me", {
      headers: { "X-CSRF": "1", Origin: baseURL! },
    });
    expect(wrong.status()).toBe(405);
    const me = await request.get("/api/v1/user/me");
    expect(me.status()).toBe(200);
    expect((await me.json()).data.email).toBe("ada@acme.test");
  });
});

test.describe("security headers", () => {
  test("pages carry a nonce-based CSP and no-store", async ({ request }) => {
    const res = await request.get("/portal/login");
    const csp = res.headers()["content-security-policy"] ?? "";
    expect(csp).toMatch(/script-src[^;]*'nonce-[A-Za-z0-9+/=_-]+'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(res.headers()["x-content-type-options"]).toBe("nosniff");
    expect(res.headers()["x-powered-by"]).toBeUndefined();
    expect(res.headers()["cache-control"]).toContain("no-store");
  });

  test("BFF answers carry their own headers (the proxy leaves /api/ alone), unknown ones a JSON 404", async ({
    request,
  }) => {
    for (const [path, status] of [
      ["/api/session", 401],
      ["/api/no-such-route", 404],
    ] as const) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(status);
      expect(res.headers()["content-type"], path).toContain("application/json");
      expect(res.headers()["content-security-policy"], path).toContain("default-src 'none'");
      expect(res.headers()["x-content-type-options"], path).toBe("nosniff");
      expect(res.headers()["x-frame-options"], path).toBe("DENY");
      expect(res.headers()["cache-control"], path).toContain("no-store");
    }
  });

  test("a list page (answered by server.mjs without Next.js's router) is a BFF answer like any other", async ({
    page,
    request,
  }) => {
    const bffHeaders = (res: APIResponse, what: string) => {
      expect(res.headers()["content-type"], what).toContain("application/json");
      expect(res.headers()["content-security-policy"], what).toContain("default-src 'none'");
      expect(res.headers()["x-content-type-options"], what).toBe("nosniff");
      expect(res.headers()["x-frame-options"], what).toBe("DENY");
      expect(res.headers()["cache-control"], what).toContain("no-store");
    };
    const signedOut = await request.get("/api/lists/invoices?page=1&size=25");
    expect(signedOut.status()).toBe(401);
    expect((await signedOut.json()).error.code).toBe("unauthorized");
    bffHeaders(signedOut, "signed out");

    await signInToDashboard(page, "ada@acme.test");
    const url = "/api/lists/invoices?page=1&size=20";
    const zipped = await page.request.get(url, { headers: { "Accept-Encoding": "gzip" } });
    expect(zipped.status()).toBe(200);
    bffHeaders(zipped, "gzip");
    // A phone on a slow line gets the page compressed, as from any other Next.js answer.
    expect(zipped.headers()["content-encoding"]).toBe("gzip");
    expect(zipped.headers()["vary"]).toContain("Accept-Encoding");
    const page1 = await zipped.json();
    expect(page1.rows).toHaveLength(20);

    const plain = await page.request.get(url, { headers: { "Accept-Encoding": "identity" } });
    expect(plain.status()).toBe(200);
    expect(plain.headers()["content-encoding"]).toBeUndefined();
    expect(await plain.json()).toEqual(page1);
  });

  test("the tokens never reach the browser: not in HTML, RSC payloads, JSON or script-readable cookies", async ({
    page,
    context,
    baseURL,
  }) => {
    const bodies: Promise<string>[] = [];
    page.on("response", (response) => {
      if (response.url().startsWith(baseURL!) && response.request().method() !== "HEAD") {
        bodies.push(response.text().catch(() => ""));
      }
    });
    await signInToDashboard(page, "ada@acme.test");
    await page.getByRole("button", { name: "ada@acme.test" }).click();
    await page.getByRole("menuitem", { name: "My account" }).click();
    await expect(page).toHaveURL(/\/portal\/account$/);
    await page.getByRole("link", { name: "Acme Water" }).click();
    await expect(page).toHaveURL(/\/portal\/dashboard(\?tab=[a-z]+)?$/);
    await page.request.get("/api/session");

    const [cookie] = (await context.cookies()).filter((c) => c.name.endsWith("portal_session"));
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    expect(cookie!.value.length).toBeLessThan(4096);
    const session = await unsealData<{ accessToken: string; refreshToken: string }>(cookie!.value, {
      password: E2E_SESSION_SECRET,
    });
    expect(session.accessToken.length).toBeGreaterThan(20);
    expect(session.refreshToken.length).toBeGreaterThan(20);

    const seen = await Promise.all(bodies);
    expect(seen.length).toBeGreaterThan(3);
    for (const body of seen) {
      expect(body).not.toContain(session.accessToken);
      expect(body).not.toContain(session.refreshToken);
    }
    expect(await page.evaluate(() => document.cookie)).not.toContain("portal_session");
  });
});

test.describe("token refresh and session end", () => {
  test("an access token the API no longer accepts is healed by one refresh", async ({ page }) => {
    const { email } = await registerNewUser(page);
    await signIn(page, email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/portal\/dashboard(\?tab=[a-z]+)?$/);
    await expireAccessTokens(email);
    await page.reload();
    await expect(page).toHaveURL(/\/portal\/dashboard(\?tab=[a-z]+)?$/);
    await expect(page.getByRole("button", { name: email })).toBeVisible();
    await page.goto("/portal/account");
    await expect(page).toHaveURL(/\/portal\/account$/);
    await expect(page.getByRole("button", { name: email })).toBeVisible();
  });

  test("a session the API revoked ends and asks to sign in again, without a loop", async ({
    page,
  }) => {
    const { email } = await registerNewUser(page);
    await signIn(page, email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/portal\/dashboard(\?tab=[a-z]+)?$/);
    await revokeSessions(email);
    await page.goto("/portal/account");
    await expect(page).toHaveURL(/\/portal\/login\?returnTo=%2Fportal%2Faccount/);
    await expect(page.getByRole("alert").filter({ hasText: /session/i })).toBeVisible();
    await page.goto("/portal/account");
    await expect(page).toHaveURL(/\/portal\/login\?returnTo=%2Fportal%2Faccount$/);
  });
});

test.describe("forms pressed before the page hydrates", () => {
  test("send nothing, so what was typed never reaches a URL, and stay as typed", async ({
    browser,
  }, testInfo) => {
    // Without JavaScript the page is as it is before hydration on a slow phone: the browser would
    // send the form itself (as GET, the password in the URL; as POST, to a page that drops it).
    const context = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    const navigations: string[] = [];
    page.on("request", (request) => {
      if (request.isNavigationRequest()) navigations.push(`${request.method()} ${request.url()}`);
    });
    try {
      for (const [path, button] of [
        ["/portal/login", "Sign in"],
        ["/portal/forgot-password", "Send reset link"],
      ] as const) {
        await page.goto(path);
        const email = page.getByLabel("Email", { exact: true });
        await email.fill("ada@acme.test");
        if (path === "/portal/login")
          await page.getByLabel("Password", { exact: true }).fill("Typed#Secret1");
        await expect(page.getByRole("button", { name: button, exact: true })).toBeDisabled();
        // Enter in a field is the browser's own submission; a disabled default button stops it.
        await email.press("Enter");
        await expect(email).toHaveValue("ada@acme.test");
        // Still a POST form, should anything ever submit it.
        await expect(page.locator("form")).toHaveAttribute("method", "post");
      }
      await page.goto("/portal/login");
      expect(navigations.map((n) => n.replace(/ https?:\/\/[^/]+/, " "))).toEqual([
        "GET /portal/login",
        "GET /portal/forgot-password",
        "GET /portal/login",
      ]);
    } finally {
      await context.close();
    }
  });
});
