// Adding, renewing and removing a second factor from the account page (issue 34 §1), against the
// sandbox: the key is read off the dialog and the app's codes computed here, as the phone would.
import { expect, test, type Page } from "@playwright/test";
import { freshUser, openAccount, PORTAL, snapDialog } from "./support/account";
import { codeAt, nextCode, strictUser } from "./support/factors";
import { DASHBOARD_URL, signIn } from "./support/auth";
import { hydrated } from "./support/hydration";
import { expectAccessible, expectNoHorizontalScroll, snap, toast } from "./support/page-checks";

const securityCard = (page: Page) => page.getByRole("region", { name: "Sign-in security" });

/** Opens the add dialog from the card (a press before hydration is repeated); answers it. */
async function openAddDialog(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Add authenticator app" });
  await expect(async () => {
    if (!(await dialog.isVisible()))
      await securityCard(page).getByRole("button", { name: "Add authenticator app" }).click();
    await expect(dialog).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  return dialog;
}

/** The key the dialog shows, as the user would type it into the app. */
async function keyOf(page: Page) {
  const text = await page.getByRole("dialog").locator("code").innerText();
  return text.replace(/\s/g, "");
}

test("an authenticator app is added with a first code, then asked for at sign-in; codes renew; removed, the password alone signs in", async ({
  page,
}, testInfo) => {
  const email = await freshUser("acme", { prefix: "addmfa" });
  await openAccount(page, email, "acme");
  const card = securityCard(page);
  await expect(card.getByText("Your password alone signs you in.", { exact: false })).toBeVisible();

  const dialog = await openAddDialog(page);
  await expect(dialog.getByRole("img", { name: /QR code/ })).toBeVisible();
  const secret = await keyOf(page);
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expectAccessible(page);
  await snapDialog(page, testInfo, "factors-add");

  // A wrong code is said under the field, what was typed kept; the right one turns the app on.
  const code = dialog.getByLabel("Authentication code");
  await code.fill("000000");
  await dialog.getByRole("button", { name: "Turn on" }).click();
  await expect(dialog.getByText("That code is not right. Check it and try again.")).toBeVisible();
  await expect(code).toHaveValue("000000");
  await code.fill(codeAt(secret));
  await dialog.getByRole("button", { name: "Turn on" }).click();

  // The first factor's ten recovery codes, once.
  const codesDialog = page.getByRole("dialog", { name: "Save your recovery codes" });
  await expect(codesDialog).toBeVisible();
  const list = codesDialog.getByRole("list", { name: "Recovery codes" });
  await expect(list.getByRole("listitem")).toHaveCount(10);
  const first = (await list.getByRole("listitem").allInnerTexts()).map((c) => c.trim());
  expect(first).toHaveLength(10);
  expect(new Set(first).size).toBe(10);
  await expectAccessible(page);
  await codesDialog.getByRole("button", { name: "I've saved them" }).click();
  await expect(codesDialog).toBeHidden();
  await expect(card.getByText("Authenticator app", { exact: true })).toBeVisible();
  await expect(card.getByText("10 of 10 left")).toBeVisible();

  // Renewed: ten others.
  await card.getByRole("button", { name: "Get new codes" }).click();
  await page
    .getByRole("dialog", { name: "Get new recovery codes?" })
    .getByRole("button", { name: "Get new codes" })
    .click();
  await expect(list.getByRole("listitem")).toHaveCount(10);
  const renewed = (await list.getByRole("listitem").allInnerTexts()).map((c) => c.trim());
  expect(renewed).toHaveLength(10);
  expect(renewed.filter((c) => first.includes(c))).toEqual([]);
  await codesDialog.getByRole("button", { name: "I've saved them" }).click();

  // The next sign-in asks for the app's code (the confirming step's code is spent: the next one).
  await page.context().clearCookies();
  await page.goto(`${PORTAL.acme}/portal/login`);
  await hydrated(page);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/portal\/login\/second-factor$/);
  await hydrated(page);
  await page.getByLabel("Authentication code").fill(nextCode(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(DASHBOARD_URL);

  // Removed by keyboard: the confirmation says what follows; then the password alone signs in.
  await page.goto(`${PORTAL.acme}/portal/account`);
  await hydrated(page);
  await card.getByRole("button", { name: "Remove Authenticator app" }).focus();
  await page.keyboard.press("Enter");
  const confirmRemove = page.getByRole("dialog", { name: /^Remove \W?Authenticator app\W?\?$/ });
  await expect(confirmRemove.getByText(/your recovery codes will stop working/)).toBeVisible();
  await confirmRemove.getByRole("button", { name: "Remove" }).click();
  await expect(toast(page, /Authenticator app\W? removed\./)).toBeVisible();
  await expect(card.getByText("Your password alone signs you in.", { exact: false })).toBeVisible();
  await page.context().clearCookies();
  await page.goto(`${PORTAL.acme}/portal/login`);
  await hydrated(page);
  await signIn(page, email);
  await expect(page).toHaveURL(DASHBOARD_URL);
});

test("the add dialog fits a phone and reads its key @mobile-only", async ({ page }, testInfo) => {
  const email = await freshUser("acme", { prefix: "addmfa-phone" });
  await openAccount(page, email, "acme");
  const dialog = await openAddDialog(page);
  await expect(dialog.getByRole("img", { name: /QR code/ })).toBeVisible();
  // The QR code is on the phone itself: a link opens the app with the same key.
  const openApp = dialog.getByRole("link", { name: "Open in an authenticator app on this phone" });
  await expect(openApp).toHaveAttribute(
    "href",
    new RegExp(`^otpauth://totp/.*[?&]secret=${await keyOf(page)}`),
  );
  await expect(dialog.getByLabel("Authentication code")).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await snapDialog(page, testInfo, "factors-add");
});

test("a company that requires a second factor has a new user set one up before anything else @mobile", async ({
  page,
}, testInfo) => {
  const { origin, email, company } = await strictUser();

  await page.goto(`${origin}/portal/login`);
  await hydrated(page);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/portal\/login\/set-up-second-factor$/);
  await expect(page.getByRole("heading", { name: "Set up a second step" })).toBeVisible();
  await expect(page.getByText(`${company} asks for a code`)).toBeVisible();
  // No session yet: the portal itself sends the visitor to sign in.
  expect((await page.context().cookies()).filter((c) => /portal_session/.test(c.name))).toEqual([]);
  await page.goto(`${origin}/portal/dashboard`);
  await expect(page).toHaveURL(/\/portal\/login\?returnTo=/);
  await page.goto(`${origin}/portal/login/set-up-second-factor`);
  await hydrated(page);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  // Keyboard only: the begin button has the focus.
  await expect(page.getByRole("button", { name: "Set up authenticator app" })).toBeFocused();
  await page.keyboard.press("Enter");
  const code = page.getByLabel("Authentication code");
  await expect(code).toBeFocused();
  const secret = (await page.locator("code").innerText()).replace(/\s/g, "");
  await expectAccessible(page);
  await snap(page, testInfo, "factors-setup");
  await page.keyboard.type(codeAt(secret));
  await page.keyboard.press("Enter");

  await expect(page.getByRole("heading", { name: "Save your recovery codes" })).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem"),
  ).toHaveCount(10);
  await page.getByRole("button", { name: "Continue to the portal" }).click();
  await expect(page).toHaveURL(DASHBOARD_URL);
});
