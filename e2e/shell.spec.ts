import { expect, test } from "@playwright/test";
import { PORTAL_PORT } from "../playwright.config";
import { signInToDashboard } from "./support/auth";
import { expectAccessible, snap } from "./support/page-checks";
import { rawRequest } from "../tests/support/raw-http";

const primaryOf = (page: import("@playwright/test").Page) =>
  page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue("--primary").trim(),
  );

test.describe("per-company theming", () => {
  test("localhost is Acme Water and 127.0.0.1 is Globex Energy @mobile", async ({
    page,
  }, testInfo) => {
    await page.goto("/portal/login");
    await expect(page).toHaveTitle(/Acme Water/);
    await expect(page.getByRole("img", { name: "Acme Water" })).toBeVisible();
    await expect(page.getByRole("link", { name: /terms and conditions/i })).toHaveAttribute(
      "href",
      "https://acme.example/terms",
    );
    const acmePrimary = await primaryOf(page);

    await page.goto(`http://127.0.0.1:${PORTAL_PORT}/portal/login`);
    await expect(page).toHaveTitle(/Globex Energy/);
    await expect(page.getByRole("img", { name: "Globex Energy" })).toBeVisible();
    await expect(page.getByRole("link", { name: /terms and conditions/i })).toHaveCount(0);
    const globexPrimary = await primaryOf(page);
    expect(globexPrimary).not.toBe("");
    expect(globexPrimary).not.toBe(acmePrimary);
    await expectAccessible(page);
    await snap(page, testInfo, "login-globex");
  });

  test("a session from one company's host is refused on the other's", async ({ page, context }) => {
    await signInToDashboard(page, "ada@acme.test");
    const [cookie] = (await context.cookies("http://localhost")).filter((c) =>
      c.name.includes("session"),
    );
    expect(cookie).toBeDefined();
    await context.addCookies([{ ...cookie!, domain: "127.0.0.1", url: undefined, path: "/" }]);
    await page.goto(`http://127.0.0.1:${PORTAL_PORT}/portal/dashboard`);
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/portal\/login/);
    await expect(page).toHaveTitle(/Globex Energy/);
  });
});

test.describe("unknown hosts", () => {
  test("a host without a portal gets a clear page and no company's theme @mobile", async ({
    page,
  }, testInfo) => {
    const answer = await page.goto(`http://127.0.0.2:${PORTAL_PORT}/portal/login`);
    expect(answer?.status()).toBe(404);
    await expect(
      page.getByRole("heading", { name: "There is no portal at this address" }),
    ).toBeVisible();
    await expect(page.getByRole("textbox")).toHaveCount(0);
    await expect(page.getByRole("img", { name: /Acme Water|Globex Energy/ })).toHaveCount(0);
    await expectAccessible(page);
    await snap(page, testInfo, "no-portal");
  });
});

// Straight to server.mjs with the Host as sent: the fast list route, a route of Next.js's router
// and a page, for a Host that is no host name and for one that names no company (issue 35).
const TARGETS = [
  ["the fast list route", "/api/lists/invoices?page=1&size=25"],
  ["a Next.js route", "/api/plans"],
  ["a page", "/portal/login"],
] as const;
for (const host of ["", "bad host", "x:99999", "[::1", `nowhere.example:${PORTAL_PORT}`])
  test(`Host ${JSON.stringify(host)}: the BFF's JSON refusal on /api, the no-portal page with a 404`, async () => {
    for (const [, target] of TARGETS) {
      const res = await rawRequest({ port: PORTAL_PORT, path: target, headers: { Host: host } });
      const page = target.startsWith("/portal");
      const named = host.startsWith("nowhere");
      expect(res.status, `${host} ${target}`).toBe(page || named ? 404 : 400);
      if (page) {
        expect(res.headers["content-type"]).toContain("text/html");
        expect(res.body).toContain("There is no portal at this address");
      } else {
        expect(res.headers["content-type"]).toContain("application/json");
        expect(res.headers["cache-control"]).toBe("no-store");
        expect(JSON.parse(res.body)).toEqual({
          error: named
            ? { code: "no_portal", message: "errors.noPortal" }
            : { code: "bad_request", message: "errors.validation" },
        });
      }
    }
  });

test.describe("languages", () => {
  test("Spanish from Accept-Language, and switchable in the UI @mobile", async ({
    browser,
  }, testInfo) => {
    const context = await browser.newContext({
      locale: "es-ES",
      viewport: testInfo.project.use.viewport,
    });
    const page = await context.newPage();
    await page.goto("/portal/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("button", { name: "Iniciar sesión", exact: true })).toBeVisible();
    await expectAccessible(page);
    await snap(page, testInfo, "login-es");

    await page.getByLabel("Idioma").selectOption("English");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
    await context.close();
  });
});

test.describe("customer switching", () => {
  test("multi@acme.test picks another customer and it sticks", async ({ page }, testInfo) => {
    await signInToDashboard(page, "multi@acme.test");
    const switcher = page.getByLabel("Customer", { exact: true });
    await expect(switcher.getByRole("option")).toHaveCount(3);
    await expectAccessible(page);
    await snap(page, testInfo, "customer-switcher");

    for (const name of ["Contoso Pharmacy", "Fabrikam Farms"]) {
      await switcher.selectOption({ label: name });
      await page.waitForEvent("load");
      await expect(
        page.getByLabel("Customer", { exact: true }).locator("option:checked"),
      ).toHaveText(name);
      await page.reload();
      await expect(
        page.getByLabel("Customer", { exact: true }).locator("option:checked"),
      ).toHaveText(name);
    }
  });
});
