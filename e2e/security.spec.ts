import { expect, test } from "@playwright/test";
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

  test("the signed-in HTML carries no tokens", async ({ page }) => {
    await signInToDashboard(page, "ada@acme.test");
    const html = await page.content();
    expect(html).not.toMatch(/accessToken|refreshToken/);
    const session = await page.request.get("/api/session");
    expect(await session.text()).not.toMatch(/token/i);
  });
});

test.describe("token refresh and session end", () => {
  test("an access token the API no longer accepts is healed by one refresh", async ({ page }) => {
    const { email } = await registerNewUser(page);
    await signIn(page, email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/portal\/dashboard$/);
    await expireAccessTokens(email);
    await page.reload();
    await expect(page).toHaveURL(/\/portal\/dashboard$/);
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
    await expect(page).toHaveURL(/\/portal\/dashboard$/);
    await revokeSessions(email);
    await page.goto("/portal/account");
    await expect(page).toHaveURL(/\/portal\/login\?returnTo=%2Fportal%2Faccount/);
    await expect(page.getByRole("alert").filter({ hasText: /session/i })).toBeVisible();
    await page.goto("/portal/account");
    await expect(page).toHaveURL(/\/portal\/login\?returnTo=%2Fportal%2Faccount$/);
  });
});
