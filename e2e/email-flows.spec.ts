import { expect, test } from "@playwright/test";
import { signIn } from "./support/auth";
import { hydrated } from "./support/hydration";
import { expectAccessible, expectNoHorizontalScroll, snap } from "./support/page-checks";
import { invite, linkPath, uniqueEmail, waitForMail } from "./support/sandbox";
import { NEW_PASSWORD, registerNewUser } from "./support/users";

test.describe("invitation and registration", () => {
  test("invitation → register with a live checklist → sign in @mobile", async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail("invitee");
    await invite(email, "acme");
    const invitation = await waitForMail(email, /invit/i);
    const response = await page.goto(linkPath(invitation, "/portal/register/"));
    expect(response?.headers()["referrer-policy"]).toBe("no-referrer");

    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
    await expect(page.getByLabel("Email", { exact: true })).not.toBeEditable();
    await expect(page.getByLabel("Company account")).toHaveValue(/Acme Water/);
    const checklist = page.getByRole("list", { name: "Your password must have:" });
    await expect(checklist.getByRole("listitem")).toHaveCount(6);
    await expectAccessible(page);
    await snap(page, testInfo, "register");

    const password = page.getByLabel("Password", { exact: true });
    await password.fill("short");
    await expect(checklist.getByRole("listitem").filter({ hasText: /8/ })).toHaveAttribute(
      "data-met",
      "false",
    );
    await password.fill(NEW_PASSWORD);
    for (const item of await checklist.getByRole("listitem").all()) {
      await expect(item).toHaveAttribute("data-met", "true");
    }
    await expectNoHorizontalScroll(page);
    await snap(page, testInfo, "register-filled");
    await page.getByRole("button", { name: "Create account" }).click();

    await expect(page).toHaveURL(/\/portal\/login\?message=registered/);
    await expect(page.getByRole("status", { name: "Success" })).toBeVisible();
    await expectAccessible(page);
    await snap(page, testInfo, "login-registered");
    await signIn(page, email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/portal\/dashboard(\?tab=[a-z]+)?$/);
  });

  test("a weak password is refused and what was typed is kept", async ({ page }) => {
    const email = uniqueEmail("weak");
    await invite(email, "acme");
    const invitation = await waitForMail(email, /invit/i);
    await page.goto(linkPath(invitation, "/portal/register/"));
    await page.getByLabel("Password", { exact: true }).fill("alllowercase1!");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Password Conditions not met.")).toBeVisible();
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("alllowercase1!");
    await expect(page).toHaveURL(/\/portal\/register\//);
  });

  test("a second registration with the same invitation fails with an error toast and panel, keeping what was typed @mobile", async ({
    browser,
  }, testInfo) => {
    const email = uniqueEmail("twice");
    await invite(email, "acme");
    const path = linkPath(await waitForMail(email, /invit/i), "/portal/register/");
    const options = { viewport: testInfo.project.use.viewport ?? null };
    // Two browsers' worth of state, as when the invitation is opened on two devices.
    const [firstContext, secondContext] = [
      await browser.newContext(options),
      await browser.newContext(options),
    ];
    const first = await firstContext.newPage();
    const second = await secondContext.newPage();
    await first.goto(path);
    await second.goto(path);

    await first.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
    await first.getByRole("button", { name: "Create account" }).click();
    await expect(first).toHaveURL(/\/portal\/login\?message=registered/);

    await second.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
    await second.getByRole("button", { name: "Create account" }).click();
    const toast = second.getByRole("region", { name: /notifications/i }).getByRole("listitem");
    await expect(toast).toContainText("Error");
    await expect(second.getByRole("alert", { name: "Error" })).toBeVisible();
    await expect(second.getByLabel("Password", { exact: true })).toHaveValue(NEW_PASSWORD);
    await expect(second).toHaveURL(/\/portal\/register\//);
    await expectAccessible(second);
    await snap(second, testInfo, "register-failed");
    await firstContext.close();
    await secondContext.close();
  });

  test("a used invitation shows the login page with access granted", async ({ page }) => {
    const { registerPath } = await registerNewUser(page);
    await page.goto(registerPath);
    await expect(page).toHaveURL(/\/portal\/login\?message=accessGranted/);
    await expect(page.getByRole("status", { name: "Success" })).toBeVisible();
  });

  test("an unknown registration token shows Token Expired @mobile", async ({ page }, testInfo) => {
    await page.goto("/portal/register/not-a-real-token");
    await expect(page.getByRole("heading", { name: "Token Expired" })).toBeVisible();
    await expect(page).toHaveTitle(/Error/);
    await expectAccessible(page);
    await snap(page, testInfo, "token-expired");
  });

  test("verify-email confirms once, then says the link is no longer valid @mobile", async ({
    page,
  }, testInfo) => {
    const { email } = await registerNewUser(page);
    const mail = await waitForMail(email, /verif|confirm/i);
    const path = linkPath(mail, "/portal/verify-email/");
    const response = await page.goto(path);
    expect(response?.headers()["referrer-policy"]).toBe("no-referrer");
    await expect(page.getByRole("status", { name: "Success" })).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toBeVisible();
    await expectAccessible(page);
    await snap(page, testInfo, "verify-email");

    await page.goto(path);
    await expect(page.getByRole("alert", { name: "Error" })).toBeVisible();
    await signIn(page, email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/portal\/dashboard(\?tab=[a-z]+)?$/);
  });
});

test.describe("forgot and reset password", () => {
  test("forgot password → e-mail → reset → sign in with the new password @mobile", async ({
    page,
  }, testInfo) => {
    const { email } = await registerNewUser(page);

    await page.goto("/portal/login");
    await page.getByRole("link", { name: /forgot password/i }).click();
    await expect(page).toHaveURL(/\/portal\/forgot-password$/);
    // A click before hydration is a plain form post that reloads the page empty.
    await hydrated(page);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("alert", { name: "Error" })).toContainText(
      "Please confirm that you are human.",
    );
    await expectAccessible(page);
    // The human check fits its box at every width (the compact widget on a phone).
    const widgetBox = page
      .getByRole("group", { name: "Human check" })
      .locator("div.overflow-x-auto");
    expect(await widgetBox.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(
      0,
    );
    await snap(page, testInfo, "forgot-password");

    await page.getByLabel("I am human").check();
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status", { name: "Success" })).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
    await snap(page, testInfo, "forgot-password-sent");

    const mail = await waitForMail(email, /reset/i);
    const resetPath = linkPath(mail, "/portal/reset-password/");
    const response = await page.goto(resetPath);
    expect(response?.headers()["referrer-policy"]).toBe("no-referrer");
    await hydrated(page);
    await expectAccessible(page);
    await snap(page, testInfo, "reset-password");
    await page.getByLabel("New password", { exact: true }).fill("Another#Pass7");
    await page.getByLabel("Confirm new password").fill("Another#Pass8");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Password confirmation does not match")).toBeVisible();
    await page.getByLabel("Confirm new password").fill("Another#Pass7");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page).toHaveURL(/\/portal\/login\?message=passwordChanged/);

    await signIn(page, email, NEW_PASSWORD);
    await expect(
      page.getByRole("alert").filter({ hasText: /password is incorrect/i }),
    ).toBeVisible();
    await signIn(page, email, "Another#Pass7");
    await expect(page).toHaveURL(/\/portal\/dashboard(\?tab=[a-z]+)?$/);

    await page.context().clearCookies();
    await page.goto(resetPath);
    await expect(page.getByRole("heading", { name: "Token Expired" })).toBeVisible();
  });

  test("an unknown e-mail gets the same answer as a known one", async ({ page }) => {
    const email = uniqueEmail("nobody");
    await page.goto("/portal/forgot-password");
    await hydrated(page);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("I am human").check();
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status", { name: "Success" })).toBeVisible();
  });
});

test.describe("punch-out", () => {
  test("a punch-out link signs in and lands on a clean dashboard URL", async ({ page }) => {
    const { punchOut } = await import("./support/sandbox");
    const { path } = await punchOut("ada@acme.test");
    const redirects: string[] = [];
    page.on("response", (r) => {
      if (r.url().includes("/portal/login/")) redirects.push(r.headers()["referrer-policy"] ?? "");
    });
    await page.goto(path);
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/portal\/dashboard(\?tab=[a-z]+)?$/);
    await expect(page.getByText("Ada Lovelace Engineering")).toBeVisible();
    expect(redirects).toContain("no-referrer");

    await page.context().clearCookies();
    await page.goto(path);
    await expect(page).toHaveURL(/\/portal\/login\?error=punchout/);
    await expect(page.getByRole("alert", { name: "Error" })).toBeVisible();
  });
});
