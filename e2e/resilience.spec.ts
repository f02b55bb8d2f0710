import { expect, test } from "@playwright/test";
import { listTable } from "./support/dashboard";
import { expectAccessible, snap } from "./support/page-checks";
import { browserErrors, freshUser } from "./support/fresh-user";
import { injectFault } from "./support/sandbox";
import { E2E_BILLING_TIMEOUT_MS } from "../playwright.config";
import { PAST_THE_TIMEOUT_MS } from "./support/faults";

// What a customer sees when the billing API is slow or fails on the calls every signed-in page
// makes, and what the BFF answers to input nothing upstream can store (issue 15).

test.describe("a slow billing API", () => {
  test("the dashboard paints at once; the slow list shows its error with Retry within the timeout", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const email = await freshUser(page);
    const errors = browserErrors(page);
    // Slower than BILLING_TIMEOUT_MS, once: the page's own load of the invoices.
    await injectFault({
      method: "GET",
      path: "/v1/invoices",
      delayMs: PAST_THE_TIMEOUT_MS,
      times: 1,
      email,
    });
    await page.goto("/portal/dashboard?tab=invoices", { waitUntil: "commit" });
    // The frame, the title and the balance do not wait for the slow list.
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible({
      timeout: 5_000,
    });
    await expect(page.getByTestId("balance")).toBeVisible({ timeout: 5_000 });

    // One timeout, not one per retry: the error shows by the time the server gave up.
    const alert = page.getByRole("alert").filter({ hasText: "Your invoices could not be loaded." });
    await expect(alert).toBeVisible({ timeout: E2E_BILLING_TIMEOUT_MS + 4_000 });
    await alert.getByRole("button", { name: "Try again" }).click();
    await expect(listTable(page, "invoices")).toBeVisible();
    await expect(alert).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});

test.describe("the signed-in frame when the user cannot be loaded", () => {
  for (const path of ["/v1/user/me", "/v1/user/portalUserCustomer"]) {
    test(`keeps the header and navigation and offers Try again (${path} fails)`, async ({
      page,
    }, testInfo) => {
      const email = await freshUser(page);
      await injectFault({ method: "GET", path, status: 500, times: 1, email });
      const res = await page.goto("/portal/account");
      expect(res?.status()).toBe(200);
      const failure = page.getByRole("alert").filter({ hasText: "We could not load your account" });
      await expect(failure).toBeVisible();
      // The frame stays: the company's logo link and the account menu.
      await expect(page.getByRole("banner").getByRole("link").first()).toBeVisible();
      await expect(page.getByRole("button", { name: email })).toBeVisible();
      await expectAccessible(page);
      if (path === "/v1/user/me") {
        await snap(page, testInfo, "shell-load-error");
        await page.setViewportSize({ width: 375, height: 812 });
        await snap(page, testInfo, "shell-load-error-mobile");
        await page.setViewportSize({ width: 1280, height: 800 });
      }

      await failure.getByRole("link", { name: "Try again" }).click();
      await expect(page.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();
      await expect(failure).toHaveCount(0);
    });
  }
});

test.describe("input nothing upstream can store", () => {
  test("a NUL in a body or a query, or invalid UTF-8 in a path, is a 400 in the BFF's error shape", async ({
    page,
    baseURL,
  }) => {
    await freshUser(page);
    const api = page.request;
    const select = await api.post("/api/customers/select", {
      headers: { "Content-Type": "application/json", "X-CSRF": "1", Origin: baseURL! },
      data: '{"customerId":"\\u0000"}',
    });
    const search = await api.get("/api/plans?search=%00");
    const path = await api.get("/api/invoices/%ED%A0%80/pdf");
    const pagePath = await api.get("/portal/%ED%A0%80");
    for (const res of [select, search, path, pagePath]) {
      expect(res.status()).toBe(400);
      expect(res.headers()["content-type"]).toContain("application/json");
      expect(await res.json()).toMatchObject({ error: { code: "bad_request" } });
      expect(res.headers()["x-content-type-options"]).toBe("nosniff");
      expect(res.headers()["content-security-policy"]).toContain("default-src 'none'");
      expect(res.headers()["x-frame-options"]).toBe("DENY");
    }
  });

  test("scripts under /_next/static/ are served with nosniff", async ({ request }) => {
    const html = await (await request.get("/portal/login")).text();
    const scripts = [...html.matchAll(/src="(\/_next\/static\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts.slice(0, 3)) {
      const res = await request.get(src);
      expect(res.status()).toBe(200);
      expect(res.headers()["x-content-type-options"]).toBe("nosniff");
    }
  });
});

test("after logout, a copied session cookie no longer reads /api/session", async ({
  page,
  playwright,
  baseURL,
}) => {
  const email = await freshUser(page);
  const cookies = await page.context().cookies();
  const copy = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") },
  });
  try {
    const before = await copy.get("/api/session");
    expect(before.status()).toBe(200);
    expect((await before.json()).user.email).toBe(email);

    await page.getByRole("button", { name: email }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/portal\/login/);

    const after = await copy.get("/api/session");
    expect(after.status()).toBe(401);
    expect(await after.text()).not.toContain(email);
  } finally {
    await copy.dispose();
  }
});
