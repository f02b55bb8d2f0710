// The sign-in's second step (issue 34 §1, §4) against the sandbox: a user whose authenticator app
// is enrolled through the billing API signs in with the password, then the app's code (computed
// here from the secret) or a recovery code. Between the two steps no session exists.
import { expect, test, type Page } from "@playwright/test";
import { PORTAL } from "./support/account";
import { nextCode, userWithApp } from "./support/factors";
import { hydrated } from "./support/hydration";
import { DASHBOARD_URL, signIn } from "./support/auth";
import { expectAccessible, expectNoHorizontalScroll } from "./support/page-checks";
import { PASSWORD } from "./support/sandbox";

async function toSecondStep(page: Page, email: string) {
  await page.goto(`${PORTAL.acme}/portal/login`);
  await hydrated(page);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/portal\/login\/second-factor$/);
  await expect(page.getByRole("heading", { name: "Confirm it's you" })).toBeVisible();
  await hydrated(page);
}

const sessionCookies = async (page: Page) =>
  (await page.context().cookies()).filter((c) => /portal_session/.test(c.name));

test("the password leads to the code; a wrong code is said; the right one signs in @mobile", async ({
  page,
}) => {
  const { email, secret } = await userWithApp();
  await toSecondStep(page, email);
  // Between the steps: no session, so nothing of the portal opens.
  expect(await sessionCookies(page)).toEqual([]);
  const code = page.getByLabel("Authentication code");
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute("autocomplete", "one-time-code");
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  await code.fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("That code is not right. Check it and try again.")).toBeVisible();
  await expect(code).toHaveValue("000000");
  // The confirming code's step is spent: the next step's code (one step of skew is accepted).
  await code.fill(nextCode(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(DASHBOARD_URL);
  expect(await sessionCookies(page)).toHaveLength(1);
});

test("a recovery code signs in once, typed as it is written", async ({ page }) => {
  const { email, codes } = await userWithApp();
  await toSecondStep(page, email);
  await page.getByRole("button", { name: "Use a recovery code instead" }).click();
  const field = page.getByLabel("Recovery code");
  await expect(field).toBeFocused();
  await field.fill(codes[0]!.toUpperCase());
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(DASHBOARD_URL);

  await page.context().clearCookies();
  await toSecondStep(page, email);
  await page.getByRole("button", { name: "Use a recovery code instead" }).click();
  await page.getByLabel("Recovery code").fill(codes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("That code is not right. Check it and try again.")).toBeVisible();
  expect(await sessionCookies(page)).toEqual([]);
});

test("the second step without a password first goes back to the login page", async ({ page }) => {
  await page.goto(`${PORTAL.acme}/portal/login/second-factor`);
  await expect(page).toHaveURL(/\/portal\/login\?error=secondStepExpired$/);
  await expect(
    page.getByText("This sign-in has expired. Sign in again with your e-mail and password."),
  ).toBeVisible();
});
