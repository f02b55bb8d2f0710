import { expect, test } from "@playwright/test";
import { signIn, signInToDashboard } from "./support/auth";
import { expectAccessible, expectNoHorizontalScroll, snap } from "./support/page-checks";
import { auditLog, PASSWORD, uniqueEmail } from "./support/sandbox";

test.describe("sign in and out", () => {
  test("signs in to the dashboard and out again @mobile", async ({ page }, testInfo) => {
    // Four pages, each checked with axe and photographed: near 30 s with two workers busy.
    test.slow();
    await page.goto("/portal/login");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/Acme Water/);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await snap(page, testInfo, "login");

    await signIn(page, "ada@acme.test");
    await expect(page).toHaveURL(/\/portal\/dashboard(\?tab=[a-z]+)?$/);
    await expect(page.getByText("Ada Lovelace Engineering")).toBeVisible();
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await snap(page, testInfo, "dashboard");

    await page.getByRole("button", { name: /ada@acme\.test/i }).click();
    await expect(page.getByRole("menuitem", { name: /my account/i })).toBeVisible();
    await expectAccessible(page);
    await snap(page, testInfo, "user-menu");
    await page.getByRole("menuitem", { name: /my account/i }).click();
    await expect(page).toHaveURL(/\/portal\/account$/);
    await expectAccessible(page);
    await snap(page, testInfo, "account");

    await page.getByRole("button", { name: /ada@acme\.test/i }).click();
    await page.getByRole("menuitem", { name: /log ?out/i }).click();
    await expect(page).toHaveURL(/\/portal\/login/);
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);

    await page.goto("/portal/dashboard");
    await expect(page).toHaveURL(/\/portal\/login\?returnTo=%2Fportal%2Fdashboard/);
    const entries = await auditLog();
    expect(
      entries.some(
        (e) => e.email === "ada@acme.test" && e.action === "logout" && e.companyId === "acme",
      ),
    ).toBe(true);
  });

  test("a slow sign-in shows the loading overlay until the dashboard arrives", async ({ page }) => {
    await page.route("**/api/auth/login", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto("/portal/login");
    await signIn(page, "ada@acme.test");
    await expect(page.getByRole("status", { name: "Loading" })).toBeVisible();
    await expect(page).toHaveURL(/\/portal\/dashboard(\?tab=[a-z]+)?$/);
    await expect(page.getByRole("status", { name: "Loading" })).toHaveCount(0);
  });

  test("what is typed before the page's script arrives is kept, and sent once it has", async ({
    page,
  }) => {
    // The page's scripts wait until released, as on a slow phone line.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/_next/static/chunks/**", async (route) => {
      await released;
      await route.continue();
    });
    const posts: string[] = [];
    page.on("request", (req) => {
      if (req.method() === "POST") posts.push(new URL(req.url()).pathname);
    });
    await page.goto("/portal/login", { waitUntil: "commit" });
    const submit = page.getByRole("button", { name: "Sign in", exact: true });
    await expect(submit).toBeDisabled();
    await page.getByLabel("Email", { exact: true }).fill("ada@acme.test");
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    // Enter in a field is the browser's own submission: with the button disabled it sends nothing.
    await page.getByLabel("Password", { exact: true }).press("Enter");
    expect(posts).toEqual([]);

    release();
    await expect(submit).toBeEnabled();
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue("ada@acme.test");
    await submit.click();
    await expect(page).toHaveURL(/\/portal\/dashboard(\?tab=[a-z]+)?$/);
    expect(posts).toEqual(["/api/auth/login"]);
  });

  test("a wrong password shows an error box and keeps the e-mail", async ({ page }) => {
    await page.goto("/portal/login");
    await signIn(page, "zero@acme.test", "Wrong!2345");
    const box = page.getByRole("alert", { name: "Error" });
    await expect(box).toBeVisible();
    await expect(box).toContainText(/password is incorrect/i);
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue("zero@acme.test");
    await expect(page).toHaveURL(/\/portal\/login$/);
  });

  test("invalid e-mail and empty password show the validation messages", async ({ page }) => {
    await page.goto("/portal/login");
    await page.getByLabel("Email", { exact: true }).fill("not-an-email");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("Invalid email")).toBeVisible();
    await expect(page.getByText("Required")).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue("not-an-email");
  });

  test("repeated failures for one e-mail are refused with a wait time", async ({ page }) => {
    const email = uniqueEmail("brute");
    await page.goto("/portal/login");
    const attempt = async (password: string) => {
      const answered = page.waitForResponse((r) => r.url().endsWith("/api/auth/login"));
      await signIn(page, email, password);
      return (await answered).status();
    };
    for (let i = 0; i < 5; i++) expect(await attempt(`Wrong!${i}234`)).toBe(401);
    expect(await attempt("Wrong!9234")).toBe(429);
    await expect(page.getByRole("alert", { name: "Error" })).toContainText(
      /too many sign-in attempts\. try again in \d+ minutes?/i,
    );
  });
});

test.describe("redirect rules", () => {
  for (const path of ["/portal/dashboard", "/portal/account"]) {
    test(`${path} without a session goes to login and back after signing in`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(`/portal/login?returnTo=${encodeURIComponent(path)}`);
      await signIn(page, "ada@acme.test");
      await expect(page).toHaveURL(new RegExp(`${path}(\\?tab=[a-z]+)?$`));
    });
  }

  test("/portal without a session asks for login with the return path /portal/dashboard @mobile", async ({
    page,
  }, testInfo) => {
    await page.goto("/portal");
    await expect(page).toHaveURL(/\/portal\/login\?returnTo=%2Fportal%2Fdashboard$/);
    await signIn(page, "ada@acme.test");
    await expect(page).toHaveURL(/\/portal\/dashboard(\?tab=[a-z]+)?$/);
    await page.goto("/portal");
    await expect(page.getByRole("heading", { name: "Portal configuration" })).toBeVisible();
    await expectAccessible(page);
    await snap(page, testInfo, "portal-placeholder");
  });

  test("a signed-in visitor is sent out of login, register and verify-email", async ({ page }) => {
    await signInToDashboard(page, "ada@acme.test");
    await page.goto("/portal/login");
    await expect(page).toHaveURL(/\/portal\/dashboard(\?tab=[a-z]+)?$/);
    await page.goto("/portal/login?returnTo=%2Fportal%2Faccount");
    await expect(page).toHaveURL(/\/portal\/account$/);
    await page.goto("/portal/register/some-token");
    await expect(page).toHaveURL(/\/portal\/dashboard(\?tab=[a-z]+)?$/);
    await page.goto("/portal/verify-email/some-token");
    await expect(page).toHaveURL(/\/portal\/dashboard(\?tab=[a-z]+)?$/);
  });

  for (const evil of [
    "//evil.example",
    "/\\evil.example",
    "https:%2F%2Fevil.example",
    "javascript:alert(1)",
    "https://evil.example/portal/account",
  ]) {
    test(`a return path of ${evil} falls back to the dashboard`, async ({ page }) => {
      await page.goto(`/portal/login?returnTo=${encodeURIComponent(evil)}`);
      await signIn(page, "ada@acme.test");
      await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/portal\/dashboard(\?tab=[a-z]+)?$/);
    });
  }

  test("an unknown page answers 404 with the not-found page @mobile", async ({
    page,
  }, testInfo) => {
    const response = await page.goto("/portal/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("404", { exact: true })).toBeVisible();
    await expect(
      page.getByRole("heading", { name: "The page you're looking for isn't here." }),
    ).toBeVisible();
    await expect(page).toHaveTitle(/Error/);
    await expectAccessible(page);
    await snap(page, testInfo, "not-found");
  });
});
