// Every other page and dialog in Arabic (issue 13), at desktop and phone width, right to left:
// the e-mail pages (registration, e-mail verification, forgot and reset password), the error
// pages, the account's payment-method and contact forms, the subscription dialogs and the user
// menu. Each is found by the labels an Arabic reader meets, checked with axe and photographed
// (e2e/screenshots/<project>/ar-*.png) for a person to look at. languages.spec.ts has the rest.
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { PORTAL_PORT } from "../playwright.config";
import {
  PORTAL,
  freshUser,
  methodRow,
  saveCard,
  snapDialog,
  stripeCardFrame,
} from "./support/account";
import { settled } from "./support/dashboard";
import { codeAt, nextCode, strictUser } from "./support/factors";
import { hydrated } from "./support/hydration";
import { expectLocale, inLocale } from "./support/locale";
import { texts } from "./support/messages";
import { expectAccessible, expectNoHorizontalScroll, snap } from "./support/page-checks";
import { PASSWORD, invite, linkPath, uniqueEmail, waitForMail } from "./support/sandbox";
import {
  HEAD_OFFICE,
  POOL,
  copyAdasSubscriptions,
  expand,
  openDialog,
  panelOf,
} from "./support/subscriptions";

const t = texts("ar");
const NEW_PASSWORD = "Fresh#Start9";

const isMobile = (testInfo: TestInfo) => testInfo.project.name === "mobile";

/** Reads the portal in Arabic on every host the test visits. */
const inArabic = (page: Page) =>
  inLocale(page, "ar", PORTAL.acme, PORTAL.globex, `http://127.0.0.2:${PORTAL_PORT}`);

/** Looks at the page as it is: right to left, axe clean, no sideways scroll, photographed. */
async function look(page: Page, testInfo: TestInfo, name: string, dialog = false) {
  await expectLocale(page, "ar");
  await expectAccessible(page);
  if (!dialog) await expectNoHorizontalScroll(page);
  await (dialog ? snapDialog : snap)(page, testInfo, `ar-${name}`);
}

/** Signs in with the Arabic form and waits for where the return path leads. */
async function signInArabic(page: Page, email: string, returnTo: string, password = PASSWORD) {
  await page.goto(`${PORTAL.acme}/portal/login?returnTo=${encodeURIComponent(returnTo)}`);
  await page.getByLabel(t("common.login.email"), { exact: true }).fill(email);
  await page.getByLabel(t("common.login.password"), { exact: true }).fill(password);
  await page.getByRole("button", { name: t("common.login.submit"), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(returnTo.split("?")[0]!));
  await hydrated(page);
}

test.describe("in Arabic, the pages a customer reaches from an e-mail", () => {
  test("registration, e-mail verification, forgot and reset password @mobile", async ({
    page,
  }, testInfo) => {
    test.slow();
    await inArabic(page);
    const email = uniqueEmail("ar-invitee");
    await invite(email, "acme");
    await page.goto(linkPath(await waitForMail(email, /invit/i), "/portal/register/"));
    await expect(page.getByLabel(t("common.register.email"), { exact: true })).toHaveValue(email);
    const password = page.getByLabel(t("common.register.password"), { exact: true });
    await password.fill("short");
    await look(page, testInfo, "register");
    await password.fill(NEW_PASSWORD);
    await page.getByRole("button", { name: t("common.register.submit") }).click();
    await expect(page).toHaveURL(/\/portal\/login\?message=registered/);
    await expect(page.getByRole("status", { name: t("common.messageBox.success") })).toBeVisible();
    await look(page, testInfo, "login-registered");

    await page.goto(linkPath(await waitForMail(email, /verif|confirm/i), "/portal/verify-email/"));
    await expect(page.getByRole("status", { name: t("common.messageBox.success") })).toBeVisible();
    await look(page, testInfo, "verify-email");

    await page.goto("/portal/forgot-password");
    await hydrated(page);
    await page.getByLabel(t("common.forgotPassword.email"), { exact: true }).fill(email);
    await page.getByRole("button", { name: t("common.forgotPassword.submit") }).click();
    // Refused in Arabic until the human check is ticked; what was typed stays.
    await expect(page.getByRole("alert", { name: t("common.messageBox.error") })).toContainText(
      t("common.forgotPassword.humanError"),
    );
    await expect(page.getByLabel(t("common.forgotPassword.email"), { exact: true })).toHaveValue(
      email,
    );
    await look(page, testInfo, "forgot-password");
    // The human check is the provider's widget, told the page's language (the sandbox's double
    // speaks it as hCaptcha does) and laid out right to left.
    const human = page
      .getByRole("group", { name: t("common.forgotPassword.captcha") })
      .getByRole("checkbox", { name: "أنا إنسان" });
    await expect(page.getByTestId("hcaptcha-double")).toHaveAttribute("dir", "rtl");
    await human.check();
    await page.getByRole("button", { name: t("common.forgotPassword.submit") }).click();
    await expect(page.getByRole("status", { name: t("common.messageBox.success") })).toBeVisible();
    await look(page, testInfo, "forgot-password-sent");

    await page.goto(linkPath(await waitForMail(email, /reset/i), "/portal/reset-password/"));
    await hydrated(page);
    await page
      .getByLabel(t("common.resetPassword.password"), { exact: true })
      .fill("Another#Pass7");
    await page.getByLabel(t("common.resetPassword.passwordConfirmation")).fill("Another#Pass8");
    await page.getByRole("button", { name: t("common.resetPassword.form.button") }).click();
    await expect(page.getByText(t("common.validation.passwordMismatch"))).toBeVisible();
    await look(page, testInfo, "reset-password");
  });

  test("the error pages: an expired link, an unknown page, a host without a portal @mobile", async ({
    page,
  }, testInfo) => {
    await inArabic(page);
    await page.goto("/portal/register/not-a-real-token");
    await expect(
      page.getByRole("heading", { name: t("common.errorPage.tokenExpired") }),
    ).toBeVisible();
    await look(page, testInfo, "token-expired");

    const response = await page.goto("/portal/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: t("common.notFound.message") })).toBeVisible();
    await look(page, testInfo, "not-found");

    await page.goto(`http://127.0.0.2:${PORTAL_PORT}/portal/login`);
    await expect(page.getByRole("heading", { name: t("common.noPortal.heading") })).toBeVisible();
    await look(page, testInfo, "no-portal");
  });
});

test.describe("in Arabic, signed in", () => {
  test("the account's payment-method forms, delete and contact details @mobile", async ({
    page,
  }, testInfo) => {
    test.slow();
    const mobile = isMobile(testInfo);
    const email = await freshUser("acme", { prefix: "ar-account" });
    await saveCard(email, "acme", "4242424242424242", true);
    await saveCard(email, "acme", "5555555555554444");
    await inArabic(page);
    await signInArabic(page, email, "/portal/account");
    await expect(page.getByRole("heading", { name: t("account.title"), level: 1 })).toBeVisible();

    // Add payment method: a dialog on a desktop, a view of its own on a phone.
    const addTitle = t("account.views.addPaymentMethod");
    await page.getByRole("button", { name: t("account.paymentMethods.add") }).click();
    const add = mobile ? page.getByRole("main") : page.getByRole("dialog", { name: addTitle });
    if (mobile) await expect(page.getByRole("heading", { name: addTitle, level: 1 })).toBeVisible();
    await add.getByRole("radio", { name: t("account.addPayment.card") }).check();
    await expect(stripeCardFrame(page).getByRole("textbox").first()).toBeVisible();
    await look(page, testInfo, "add-card", !mobile);
    await add.getByRole("radio", { name: t("account.addPayment.bank") }).check();
    await expect(add.getByLabel(t("account.addPayment.routingNumber"))).toBeVisible();
    await look(page, testInfo, "add-bank", !mobile);
    await page
      .getByRole("button", { name: t(mobile ? "account.views.back" : "account.views.cancel") })
      .first()
      .click();
    await expect(page.getByRole("heading", { name: t("account.title"), level: 1 })).toBeVisible();

    // Delete, confirmed first.
    const mastercard = methodRow(page, "4444");
    await mastercard
      .getByRole("button", { name: new RegExp(t("account.paymentMethods.delete")) })
      .click();
    if (!mobile)
      await expect(
        page.getByRole("dialog", { name: t("account.deleteDialog.title") }),
      ).toBeVisible();
    else
      await expect(
        page.getByRole("heading", { name: t("account.views.deletePaymentMethod"), level: 1 }),
      ).toBeVisible();
    await look(page, testInfo, "delete-payment-method", !mobile);
    await page
      .getByRole("button", { name: t("account.deleteDialog.confirm"), exact: true })
      .click();
    await expect(mastercard).toHaveCount(0);

    // Contact details, with a phone number the form refuses: the message in Arabic, nothing lost.
    const contact = page.getByRole("region", { name: t("account.contact.title") });
    await contact.getByRole("button", { name: t("account.contact.edit") }).click();
    // An Arabic name beside Latin text and an address: each keeps its own direction.
    await contact.getByLabel(t("account.contact.fields.firstName")).fill("ليلى");
    await contact.getByLabel(t("account.contact.fields.lastName")).fill("Haddad");
    await contact.getByLabel(t("account.contact.fields.email")).fill(email);
    const phone = contact.getByLabel(t("account.contact.fields.phone"));
    await phone.fill("call me");
    await contact.getByRole("button", { name: t("account.contact.save") }).click();
    await expect(contact.getByText(t("account.validation.phone"))).toBeVisible();
    await expect(phone).toHaveValue("call me");
    await expect(phone).toBeFocused();
    await look(page, testInfo, "contact-details-edit");
  });

  test("the subscription dialogs @mobile", async ({ page }, testInfo) => {
    test.slow();
    const email = await freshUser("acme", { prefix: "ar-subs" });
    await copyAdasSubscriptions(email);
    await inArabic(page);
    await signInArabic(page, email, "/portal/dashboard?tab=subscriptions");
    const head = await expand(page, HEAD_OFFICE, t("subscriptions.panel.plansAndCharges"));
    await settled(page);
    const dialog = (key: string) => page.getByRole("dialog", { name: t(key) });

    // Upgrade / downgrade (not offered here yet: it says so and who to ask).
    const suite = "Smart Metering Suite";
    const upgrade = await openDialog(
      head.getByRole("button", { name: t("subscriptions.plan.upgradeDowngrade", { name: suite }) }),
      dialog("subscriptionDialogs.upgradeDowngrade.title"),
    );
    await expect(upgrade).toContainText(suite);
    await look(page, testInfo, "upgrade-downgrade-dialog", true);
    await page.keyboard.press("Escape");
    await expect(upgrade).toBeHidden();

    // Add plan: the company's plan names as it wrote them.
    const actions = head.getByRole("group", {
      name: t("subscriptions.actions.label", { name: HEAD_OFFICE }),
    });
    const add = await openDialog(
      actions.getByRole("button", { name: t("subscriptions.actions.addPlan") }),
      dialog("subscriptionDialogs.addPlan.title"),
    );
    await expect(
      add.getByRole("table", { name: t("subscriptionDialogs.addPlan.caption") }),
    ).toContainText("Bulk Water Delivery");
    await look(page, testInfo, "add-plan-dialog", true);
    await add.getByRole("button", { name: t("subscriptionDialogs.cancelLabel") }).click();
    await expect(add).toBeHidden();

    // A quantity raised, then the review and the preview of what it costs.
    await head
      .getByRole("button", {
        name: t("subscriptions.quantity.increase", { name: "Smart Meter Rental" }),
      })
      .click();
    // The bar counts in Arabic's own plural forms: one change is 'تغيير واحد'.
    const pending = head.getByRole("group", { name: "تغييرات غير محفوظة: تغيير واحد" });
    await pending.getByRole("button", { name: t("subscriptions.pending.save") }).click();
    const review = dialog("subscriptionDialogs.change.title");
    await expect(
      review.getByRole("table", { name: t("subscriptionDialogs.change.caption") }),
    ).toContainText("Smart Meter Rental");
    await look(page, testInfo, "change-dialog", true);
    await review.getByRole("button", { name: t("subscriptionDialogs.change.ok") }).click();
    const preview = dialog("subscriptionDialogs.preview.title");
    await expect(
      preview.getByRole("term").filter({ hasText: t("subscriptionDialogs.preview.nextInvoice") }),
    ).toBeVisible();
    // An amount keeps its digits whole right to left, the currency symbol isolated beside them.
    await expect(
      preview
        .getByRole("term")
        .filter({ hasText: t("subscriptionDialogs.preview.nextInvoice") })
        .locator("xpath=following-sibling::dd[1]"),
    ).toHaveText(/^\u200f?[\d,]+\.\d{2}\s\u2066US\$\u2069$/);
    await look(page, testInfo, "change-preview-dialog", true);
    await preview.getByRole("button", { name: t("subscriptionDialogs.cancelLabel") }).click();
    await expect(preview).toBeHidden();
    await pending.getByRole("button", { name: t("subscriptions.pending.cancel") }).click();
    await expect(pending).toBeHidden();

    // Reactivate, from the cancelled ones.
    await page
      .getByRole("tablist", { name: t("subscriptions.subTabsLabel") })
      .getByRole("tab", { name: t("subscriptions.subTabs.cancelled") })
      .click();
    const pool = panelOf(page, POOL);
    const reactivate = await openDialog(
      pool
        .getByRole("group", { name: t("subscriptions.actions.label", { name: POOL }) })
        .getByRole("button", { name: t("subscriptions.actions.reactivate") }),
      dialog("subscriptionDialogs.reactivate.title"),
    );
    await expect(reactivate).toContainText(POOL);
    await look(page, testInfo, "reactivate-dialog", true);
    await reactivate.getByRole("button", { name: t("subscriptionDialogs.cancelLabel") }).click();
    await expect(reactivate).toBeHidden();
  });

  test("a toast: a column moved by its menu and saved", async ({ page }, testInfo) => {
    // Desktop only: on a phone the lists are cards, without column menus.
    const email = await freshUser("acme", { prefix: "ar-toast", customerId: "cus_acme_1002" });
    await inArabic(page);
    await signInArabic(page, email, "/portal/dashboard?tab=invoices");
    await settled(page);
    const first = await page.locator("thead th[data-label]").first().getAttribute("data-label");
    await page
      .getByRole("button", { name: t("lists.table.menu.button", { column: first! }), exact: true })
      .click();
    await page.getByRole("menuitem", { name: t("lists.table.menu.moveRight") }).click();
    await page.keyboard.press("Escape");
    const saved = page
      .getByRole("region", { name: new RegExp(t("common.toast.region")) })
      .getByRole("listitem")
      .filter({ hasText: t("lists.dashboard.columnSaved") });
    await expect(saved).toBeVisible();
    // Mirrored: English's notifications sit top right, at the line's end; Arabic's top left.
    const box = (await saved.boundingBox())!;
    expect(box.x + box.width / 2).toBeLessThan(page.viewportSize()!.width / 2);
    await look(page, testInfo, "toast");
  });

  test("the user menu @mobile", async ({ page }, testInfo) => {
    const email = await freshUser("acme", { prefix: "ar-menu" });
    await inArabic(page);
    await signInArabic(page, email, "/portal/dashboard");
    await page.getByRole("button", { name: new RegExp(email.replace(/[.+]/g, "\\$&")) }).click();
    await expect(page.getByRole("menuitem", { name: t("common.shell.myAccount") })).toBeVisible();
    // Radix lays a menu out left to right unless told: the items' icons would sit on the left.
    await expect(page.getByRole("menu")).toHaveAttribute("dir", "rtl");
    await look(page, testInfo, "user-menu");
    await page.getByRole("menuitem", { name: t("common.shell.logout") }).click();
    await expect(page).toHaveURL(/\/portal\/login/);
    await expectLocale(page, "ar");
  });
});

test.describe("in Arabic, a second factor and the activity log", () => {
  test("the security and sessions cards, adding an app and a passkey, the activity, the next sign-in's step @mobile", async ({
    page,
  }, testInfo) => {
    test.slow();
    const email = await freshUser("acme", { prefix: "ar-mfa" });
    await inArabic(page);
    await signInArabic(page, email, "/portal/account");
    const card = page.getByRole("region", { name: t("account.security.title") });
    const addApp = card.getByRole("button", { name: t("account.security.add.button") });
    await expect(addApp).toBeVisible();
    await expect(
      page
        .getByRole("region", { name: t("account.sessions.title") })
        .getByText(t("account.sessions.thisDevice")),
    ).toBeVisible();
    await look(page, testInfo, "account-security");

    // The authenticator app: QR code, the key in groups, the first code; then the recovery codes.
    await addApp.click();
    const dialog = page.getByRole("dialog", { name: t("account.security.add.title") });
    await expect(dialog.getByRole("img", { name: t("account.security.add.qrAlt") })).toBeVisible();
    // The key is Latin letters and digits: it reads left to right inside the Arabic dialog.
    const key = dialog.locator("code");
    await expect(key).toHaveAttribute("dir", "ltr");
    await look(page, testInfo, "add-authenticator", true);
    const secret = await key.innerText();
    await dialog.getByLabel(t("common.secondFactor.code")).fill(codeAt(secret));
    await dialog.getByRole("button", { name: t("account.security.add.confirm") }).click();
    const codes = page.getByRole("dialog", { name: t("account.security.codes.title") });
    await expect(
      codes
        .getByRole("list", { name: t("account.security.codes.listLabel") })
        .getByRole("listitem"),
    ).toHaveCount(10);
    await look(page, testInfo, "recovery-codes", true);
    await codes.getByRole("button", { name: t("account.security.codes.done") }).click();
    await expect(card.getByText(t("account.security.on"))).toBeVisible();
    // The app is named in the reader's language, here and in the activity log.
    await expect(
      card.getByText(t("account.security.add.defaultName"), { exact: true }),
    ).toBeVisible();

    // A passkey's name, before the device is asked.
    await card.getByRole("button", { name: t("account.security.passkey.add") }).click();
    const passkey = page.getByRole("dialog", { name: t("account.security.passkey.title") });
    await expect(passkey.getByLabel(t("account.security.passkey.name"))).toBeVisible();
    await look(page, testInfo, "add-passkey", true);
    await passkey.getByRole("button", { name: t("account.security.passkey.cancel") }).click();
    await expect(passkey).toBeHidden();

    // The activity log says it, in Arabic, by the user.
    await page.goto(`${PORTAL.acme}/portal/activity`);
    await expect(
      page.getByRole("heading", { name: t("account.activity.title"), level: 1 }),
    ).toBeVisible();
    const entries = page
      .getByRole("list", { name: t("account.activity.listLabel") })
      .getByRole("listitem");
    await expect(entries.first()).toContainText(
      t("account.activity.by", { who: t("account.activity.actors.you") }),
    );
    await expect(entries.first()).toContainText(t("account.security.add.defaultName"));
    await page
      .getByLabel(t("account.activity.filter"))
      .selectOption({ label: t("account.activity.kindNames.second_factor.added") });
    await expect(page).toHaveURL(/kind=second_factor\.added/);
    await expect(entries).toHaveCount(1);
    await look(page, testInfo, "activity");

    // Signed out, the next sign-in asks for the app's code, in Arabic.
    await page.context().clearCookies({ name: /^portal_/ });
    await page.goto(`${PORTAL.acme}/portal/login`);
    await hydrated(page);
    await page.getByLabel(t("common.login.email"), { exact: true }).fill(email);
    await page.getByLabel(t("common.login.password"), { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: t("common.login.submit"), exact: true }).click();
    await expect(page).toHaveURL(/\/portal\/login\/second-factor$/);
    await expect(page.getByRole("heading", { name: t("common.secondFactor.title") })).toBeVisible();
    await hydrated(page);
    const code = page.getByLabel(t("common.secondFactor.code"));
    await code.fill("000000");
    await page.getByRole("button", { name: t("common.secondFactor.submit") }).click();
    await expect(page.getByText(t("common.errors.auth.invalidCode"))).toBeVisible();
    await look(page, testInfo, "second-factor");
    // The confirming code spent the present step: the next one's (one step of skew is accepted).
    await code.fill(nextCode(secret));
    await page.getByRole("button", { name: t("common.secondFactor.submit") }).click();
    await expect(page).toHaveURL(/\/portal\/dashboard/);
  });

  test("a company that requires a second factor: the setup page @mobile", async ({
    page,
  }, testInfo) => {
    const { origin, email } = await strictUser("ar-strict");
    await inLocale(page, "ar", origin);
    await page.goto(`${origin}/portal/login`);
    await hydrated(page);
    await page.getByLabel(t("common.login.email"), { exact: true }).fill(email);
    await page.getByLabel(t("common.login.password"), { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: t("common.login.submit"), exact: true }).click();
    await expect(page).toHaveURL(/\/portal\/login\/set-up-second-factor$/);
    await expect(
      page.getByRole("heading", { name: t("account.security.setup.title"), level: 1 }),
    ).toBeVisible();
    await hydrated(page);
    await look(page, testInfo, "factor-setup");
    await page.getByRole("button", { name: t("account.security.setup.start") }).click();
    const key = page.locator("code");
    await expect(key).toBeVisible();
    await look(page, testInfo, "factor-setup-app");
    await page.getByLabel(t("common.secondFactor.code")).fill(codeAt(await key.innerText()));
    await page.getByRole("button", { name: t("account.security.add.confirm") }).click();
    await expect(
      page.getByRole("heading", { name: t("account.security.codes.title") }),
    ).toBeVisible();
    await look(page, testInfo, "factor-setup-codes");
    await page.getByRole("button", { name: t("account.security.setup.continue") }).click();
    await expect(page).toHaveURL(/\/portal\/dashboard/);
    await expectLocale(page, "ar");
  });
});
