// Every language fits (issue 13): German compounds, French spacing, Arabic right to left and
// Japanese without spaces make texts longer or shorter than English. On a phone and on a desktop,
// in each of the ten locales, the sign-in and forgot-password pages, the second step and the
// required setup, the dashboard with its filter builder and export dialog, the account (its
// sign-in security and sessions cards too) with change password, the activity log and an opened
// subscription with its cancel dialog neither scroll sideways nor let a control, heading or text
// stick out of the card, dialog or bar that holds it. (Before the payment-method row could wrap,
// the account page scrolled sideways in Spanish on a phone, and its Delete stuck out of the card
// in Arabic; German's "use a recovery code instead" stuck out of the second step's card.)
import type { Page } from "@playwright/test";
import { locales } from "../lib/i18n/locales";
import { PORTAL } from "./support/account";
import { signIn } from "./support/auth";
import { hydrated } from "./support/hydration";
import { settled } from "./support/dashboard";
import { strictUser, userWithApp } from "./support/factors";
import { expectLocale, inLocale } from "./support/locale";
import { expect, test } from "./support/signed-in";
import { HEAD_OFFICE, expand, panelOf } from "./support/subscriptions";
import { texts } from "./support/messages";
import { overflowing } from "./support/page-checks";

async function expectFits(page: Page, where: string) {
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways, `${where} scrolls sideways`).toBeLessThanOrEqual(0);
  expect(await overflowing(page), `${where}: what sticks out`).toEqual([]);
}

/** Opens `path` in `locale` and waits until it has settled. */
async function visit(page: Page, locale: string, path: string, origin: string | undefined) {
  await inLocale(page, locale, origin);
  await page.goto(path);
  await expectLocale(page, locale);
  await settled(page);
}

test("the dashboard and its invoices fit in every language @mobile", async ({
  page,
  baseURL,
}, testInfo) => {
  test.slow();
  for (const locale of locales) {
    await visit(page, locale, "/portal/dashboard?tab=invoices", baseURL);
    await expectFits(page, `${locale} dashboard (${testInfo.project.name})`);

    // The filter builder and the export dialog, the longest texts of the dashboard.
    const t = texts(locale);
    await page.getByRole("button", { name: t("lists.filter.button"), exact: true }).click();
    const builder = page.getByRole("dialog", { name: t("lists.filter.title") });
    await expect(builder).toBeVisible();
    await expectFits(page, `${locale} filter builder (${testInfo.project.name})`);
    await page.keyboard.press("Escape");
    await expect(builder).toBeHidden();
    await page.getByRole("button", { name: t("lists.export.button"), exact: true }).click();
    const exportDialog = page.getByRole("dialog");
    await expect(exportDialog.getByRole("radio", { name: t("lists.export.csv") })).toBeVisible();
    await expectFits(page, `${locale} export dialog (${testInfo.project.name})`);
    await exportDialog.getByRole("button", { name: t("lists.export.decline") }).click();
    await expect(exportDialog).toBeHidden();
  }
});

test("the account fits in every language @mobile", async ({ page, baseURL }, testInfo) => {
  test.slow();
  for (const locale of locales) {
    await visit(page, locale, "/portal/account", baseURL);
    const t = texts(locale);
    // The sign-in security and sessions cards come after the page's load: measured once shown.
    for (const card of ["account.security.title", "account.sessions.title"])
      await expect(page.getByRole("region", { name: t(card) })).toBeVisible();
    await settled(page);
    await expectFits(page, `${locale} account (${testInfo.project.name})`);

    // Change password: a dialog on a desktop, a view of its own on a phone.
    const title = t("account.views.changePassword");
    await page.getByRole("button", { name: title }).click();
    await expect(page.getByLabel(t("account.changePassword.current"))).toBeVisible();
    await expectFits(page, `${locale} change password (${testInfo.project.name})`);
    if (testInfo.project.name === "mobile")
      await page.getByRole("button", { name: t("account.views.back") }).click();
    else await page.keyboard.press("Escape");
    await expect(page.getByLabel(t("account.changePassword.current"))).toBeHidden();
  }
});

test("the activity log fits in every language @mobile", async ({ page, baseURL }, testInfo) => {
  for (const locale of locales) {
    await visit(page, locale, "/portal/activity", baseURL);
    const t = texts(locale);
    await expect(
      page.getByRole("heading", { name: t("account.activity.title"), level: 1 }),
    ).toBeVisible();
    // Its entries, or the sentence that there are none yet.
    await expect(
      page
        .getByRole("list", { name: t("account.activity.listLabel") })
        .or(page.getByText(t("account.activity.empty"))),
    ).toBeVisible();
    await expectFits(page, `${locale} activity (${testInfo.project.name})`);
  }
});

test("a subscription, opened, fits in every language @mobile", async ({
  page,
  baseURL,
}, testInfo) => {
  test.slow();
  for (const locale of locales) {
    await visit(page, locale, "/portal/dashboard?tab=subscriptions", baseURL);
    await expand(page, HEAD_OFFICE, texts(locale)("subscriptions.panel.plansAndCharges"));
    await settled(page);
    await expectFits(page, `${locale} subscriptions (${testInfo.project.name})`);

    // The cancel dialog: five choices with the longest labels of the tab.
    const t = texts(locale);
    await panelOf(page, HEAD_OFFICE)
      .getByRole("button", { name: t("subscriptions.actions.cancel"), exact: true })
      .click();
    const dialog = page.getByRole("dialog", { name: t("subscriptionDialogs.cancel.title") });
    // Each step: why (six reasons and a note), the offers, the five timings.
    await expect(dialog.getByRole("radio")).toHaveCount(6);
    await expectFits(page, `${locale} cancel reasons (${testInfo.project.name})`);
    await dialog.getByRole("button", { name: t("subscriptionDialogs.cancel.skip") }).click();
    await expect(
      dialog.getByRole("button", { name: t("subscriptionDialogs.cancel.accept") }).first(),
    ).toBeVisible();
    await expectFits(page, `${locale} cancel offers (${testInfo.project.name})`);
    await dialog.getByRole("button", { name: t("subscriptionDialogs.cancel.decline") }).click();
    await expect(dialog.getByRole("radio")).toHaveCount(5);
    await expectFits(page, `${locale} cancel dialog (${testInfo.project.name})`);
    await dialog.getByRole("button", { name: t("subscriptionDialogs.cancel.keep") }).click();
    await expect(dialog).toBeHidden();
  }
});

test("the sign-in pages fit in every language @mobile", async ({ browser, baseURL }, testInfo) => {
  const context = await browser.newContext({
    storageState: { cookies: [], origins: [] },
    viewport: testInfo.project.use.viewport,
  });
  const page = await context.newPage();
  for (const locale of locales) {
    await inLocale(page, locale, baseURL);
    for (const path of ["/portal/login", "/portal/forgot-password"]) {
      await page.goto(path);
      await expectLocale(page, locale);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectFits(page, `${locale} ${path} (${testInfo.project.name})`);
    }
  }
  await context.close();
});

test("the second step and the required setup fit in every language @mobile", async ({
  browser,
}, testInfo) => {
  test.slow();
  // A user with an authenticator app at Acme, and a new user of the company that requires one:
  // each password step leaves its step cookie, which the step's page reads as often as asked.
  const withApp = await userWithApp("fit-mfa");
  const strict = await strictUser("fit-strict");
  const steps = [
    {
      origin: PORTAL.acme,
      email: withApp.email,
      path: "/portal/login/second-factor",
      other: "common.secondFactor.useRecovery",
    },
    { origin: strict.origin, email: strict.email, path: "/portal/login/set-up-second-factor" },
  ];
  for (const step of steps) {
    const context = await browser.newContext({
      storageState: { cookies: [], origins: [] },
      viewport: testInfo.project.use.viewport,
    });
    const page = await context.newPage();
    await page.goto(`${step.origin}/portal/login`);
    await hydrated(page);
    await signIn(page, step.email);
    await expect(page).toHaveURL(new RegExp(`${step.path}$`));
    for (const locale of locales) {
      await inLocale(page, locale, step.origin);
      await page.goto(`${step.origin}${step.path}`);
      await expectLocale(page, locale);
      await expect(page).toHaveURL(new RegExp(`${step.path}$`));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectFits(page, `${locale} ${step.path} (${testInfo.project.name})`);
      if (step.other) {
        // The other way's form, with the link back to the first.
        await hydrated(page);
        await page.getByRole("button", { name: texts(locale)(step.other) }).click();
        await expect(page.getByRole("textbox")).toBeFocused();
        await expectFits(page, `${locale} ${step.other} (${testInfo.project.name})`);
      }
    }
    await context.close();
  }
});
