// The WCAG 2.2 checks the conformance report (docs/accessibility/conformance-report.md) cites that
// the rest of the suite does not make. axe runs on every screen elsewhere (expectAccessible, its
// target-size rule included) and the keyboard-only flows live beside their features; here each
// page is visited once and measured for: reflow at 320 CSS px (1.4.10), WCAG's text spacing
// (1.4.12), target size (2.5.8), a focus indicator on every Tab stop (2.4.7) that nothing hides
// (2.4.11), the skip link (2.4.1), the help link's place (3.2.6), input purposes (1.3.5) and a
// sign-in without a memory or transcription test (3.3.8). Each expectation names its criterion.
import type { Page } from "@playwright/test";
import { PORTAL_PORT } from "../playwright.config";
import { listCards, listTable, settled } from "./support/dashboard";
import { postFrom } from "./support/fleet";
import { hydrated } from "./support/hydration";
import { overflowing } from "./support/page-checks";
import { invite, linkPath, PASSWORD, uniqueEmail, waitForMail } from "./support/sandbox";
import { expect, test } from "./support/signed-in";
import {
  HEAD_OFFICE,
  basicInfo,
  expand,
  pendingBar,
  subscriptionList,
} from "./support/subscriptions";
import { smallTargets, spilledText, tabRound, TEXT_SPACING_CSS } from "./support/wcag";

const ORIGIN = `http://localhost:${PORTAL_PORT}`;
const WIDE = { width: 1280, height: 800 };
/** 1280 px at 400 % zoom. */
const NARROW = { width: 320, height: 640 };
const SIGNED_OUT = { cookies: [], origins: [] };

/** Opens a page and waits until it has settled: the invoices' rows, the subscriptions, or a heading. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
  if (path.includes("tab=subscriptions"))
    await expect(subscriptionList(page, "active")).toBeVisible();
  // A table on a wide screen, cards on a narrow one.
  else if (path.includes("tab=invoices"))
    await expect(listTable(page, "invoices").or(listCards(page, "invoices"))).toBeVisible();
  else await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await settled(page);
}

/** 1.4.10: the page scrolls only down; only scroll areas of their own (tables) may be wider. */
async function expectReflows(page: Page, where: string) {
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways, `1.4.10 ${where} scrolls sideways`).toBeLessThanOrEqual(0);
  expect(await overflowing(page), `1.4.10 ${where}: what sticks out`).toEqual([]);
}

/** 2.4.7 and 2.4.11: Tab goes round the page; every stop shows its focus and some of it is in sight. */
async function expectFocusRound(page: Page, where: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.locator("body").focus();
  const stops = await tabRound(page);
  expect(stops.length, `${where}: Tab stops`).toBeGreaterThan(2);
  const faults = stops.flatMap((s) => [
    ...(s.indicated ? [] : [`2.4.7 no focus indicator: ${s.name}`]),
    ...(s.hidden ? [`2.4.11 hidden: ${s.name}`] : []),
  ]);
  expect(faults, where).toEqual([]);
}

/**
 * 3.2.6: the one help mechanism, the billing vendor's contact link, closes every page in the same
 * place: the footer, after the main content, before the language picker.
 */
async function expectHelpInPlace(page: Page, where: string) {
  const footer = page.getByRole("contentinfo");
  await expect(
    footer.getByRole("link", { name: "Billing vendor (opens in a new tab)" }),
    `3.2.6 ${where}`,
  ).toBeVisible();
  const order = await page.evaluate(() => {
    const footers = document.querySelectorAll("footer");
    const last = footers[footers.length - 1];
    const main = document.querySelector("main");
    return {
      afterMain: !!main && !!last && !!(main.compareDocumentPosition(last) & 4),
      controls: [...(last?.querySelectorAll("a, button, select") ?? [])].map((el) =>
        el.tagName === "A" ? `link ${el.getAttribute("href")}` : el.tagName.toLowerCase(),
      ),
    };
  });
  expect(order, `3.2.6 ${where}`).toEqual({
    afterMain: true,
    controls: ["link https://billing-vendor.example/contact", "select"],
  });
}

/** Measured at the test's width, then at 320 px, then with WCAG's text spacing at the test's width. */
async function expectMeasures(page: Page, where: string, { spacing = true } = {}) {
  expect(await smallTargets(page), `2.5.8 ${where}`).toEqual([]);
  await expectHelpInPlace(page, where);
  await expectFocusRound(page, where);
  await page.setViewportSize(NARROW);
  await expectReflows(page, where);
  await page.setViewportSize(WIDE);
  if (!spacing) return;
  await page.addStyleTag({ content: TEXT_SPACING_CSS });
  await expectReflows(page, `${where} with text spacing`);
  expect(await spilledText(page), `1.4.12 ${where}: text cut or spilling out`).toEqual([]);
}

test.describe("signed out", () => {
  test.use({ storageState: SIGNED_OUT, viewport: WIDE });

  test("the sign-in and forgot-password pages: reflow, text spacing, targets, focus, help", async ({
    page,
  }) => {
    for (const path of ["/portal/login", "/portal/forgot-password"]) {
      await visit(page, path);
      await expectMeasures(page, path);
    }
  });

  test("3.3.8 passwords paste and autofill; the bot check is a checkbox reached by keyboard", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const paste = async (label: string, text: string) => {
      const field = page.getByLabel(label, { exact: true });
      await page.evaluate((t) => navigator.clipboard.writeText(t), text);
      await field.focus();
      await page.keyboard.press("ControlOrMeta+v");
      await expect(field).toHaveValue(text);
    };

    // Registration: a new password, which a password manager can make up and keep.
    const email = uniqueEmail("a11y-auth");
    await invite(email, "acme");
    await page.goto(linkPath(await waitForMail(email, /invit/i), "/portal/register/"));
    await hydrated(page);
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute(
      "autocomplete",
      "new-password",
    );
    await paste("Password", PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/portal\/login\?message=registered/);
    await hydrated(page);

    // Sign-in: the e-mail and the current password are filled by the browser or pasted.
    await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute(
      "autocomplete",
      "email",
    );
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute(
      "autocomplete",
      "current-password",
    );
    await paste("Email", email);
    await paste("Password", PASSWORD);

    // Guesses from five other addresses: this e-mail's next sign-in asks for the bot check.
    for (let i = 0; i < 5; i++) {
      const guess = await postFrom(`127.0.0.${40 + i}`, `${ORIGIN}/api/auth/login`, {
        email,
        password: `Guess!${i}234`,
      });
      expect(guess.status).toBe(401);
    }
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    const human = page
      .getByRole("group", { name: "Human check" })
      .getByRole("checkbox", { name: "I am human" });
    await expect(human).toBeVisible();
    // A checkbox, reached and ticked from the keyboard; what was typed stays.
    await page.getByLabel("Password", { exact: true }).focus();
    for (let i = 0; i < 5 && !(await human.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press("Tab");
    await expect(human).toBeFocused();
    await page.keyboard.press("Space");
    await expect(human).toBeChecked();
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).press("Enter");
    await expect(page).toHaveURL(/\/portal\/dashboard/);
  });
});

test.describe("signed in", () => {
  test.use({ viewport: WIDE });

  test("the dashboard's invoices and subscriptions: reflow, text spacing, targets, focus, help", async ({
    page,
  }) => {
    // Three views, each walked with Tab and measured three ways: past 30 s on a busy machine.
    test.slow();
    await visit(page, "/portal/dashboard?tab=invoices");
    // 2.4.1: the first Tab stop skips the header; the next one is inside the main content.
    await page.locator("body").focus();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => !!document.activeElement?.closest("main")), "2.4.1").toBe(
      true,
    );
    await expectMeasures(page, "the invoices");
    await visit(page, "/portal/dashboard?tab=subscriptions");
    await expectMeasures(page, "the subscriptions", { spacing: false });
    await expand(page, HEAD_OFFICE);
    expect(await smallTargets(page), "2.5.8 an opened subscription").toEqual([]);
    await page.setViewportSize(NARROW);
    await expectReflows(page, "an opened subscription");
    await page.setViewportSize(WIDE);
    await page.addStyleTag({ content: TEXT_SPACING_CSS });
    expect(await spilledText(page), "1.4.12 an opened subscription").toEqual([]);
  });

  test("the account and activity pages: reflow, text spacing, targets, focus, help, input purposes", async ({
    page,
  }) => {
    test.slow();
    await visit(page, "/portal/account");
    // 1.3.5: the contact form says what each field is, for autofill and for personal symbols.
    const contact = page.getByRole("region", { name: "Contact details" });
    await contact.getByRole("button", { name: "Edit" }).click();
    const purposes: Record<string, string> = {
      "First name": "given-name",
      "Last name": "family-name",
      Email: "email",
      Address: "address-line1",
      City: "address-level2",
      "ZIP code": "postal-code",
    };
    for (const [label, token] of Object.entries(purposes))
      await expect(contact.getByLabel(label, { exact: true }), `1.3.5 ${label}`).toHaveAttribute(
        "autocomplete",
        token,
      );
    await visit(page, "/portal/account");
    await expectMeasures(page, "/portal/account");
    // A dialog keeps the focus inside while it is open: the round ends where it began.
    await visit(page, "/portal/account");
    await page.getByRole("button", { name: "Change password" }).click();
    const dialog = page.getByRole("dialog", { name: "Change password" });
    await expect(dialog.getByLabel("Current password")).toBeFocused();
    await expectFocusRound(page, "the change-password dialog");
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await visit(page, "/portal/activity");
    await expectMeasures(page, "/portal/activity");
  });

  test("2.4.11 a subscription's sticky bar of unsaved changes never hides the focus", async ({
    page,
  }) => {
    // A short window, so that the bar pinned to its bottom covers what the focus scrolls to.
    await page.setViewportSize({ width: 1280, height: 560 });
    await visit(page, "/portal/dashboard?tab=subscriptions");
    const head = await expand(page, HEAD_OFFICE);
    const info = basicInfo(head);
    await info.getByRole("button", { name: "Edit PO Number" }).click();
    const box = info.getByRole("textbox", { name: "PO Number" });
    await box.fill("PO-FOCUS");
    await box.press("Enter");
    await expect(pendingBar(head)).toBeVisible();
    await expectFocusRound(page, "a subscription with unsaved changes");
  });
});

test("2.5.8 on a phone every target is at least 24 by 24 CSS px or spaced apart @mobile-only", async ({
  page,
}) => {
  for (const path of ["/portal/dashboard?tab=invoices", "/portal/account"]) {
    await visit(page, path);
    expect(await smallTargets(page), path).toEqual([]);
  }
  await visit(page, "/portal/dashboard?tab=subscriptions");
  await expand(page, HEAD_OFFICE);
  expect(await smallTargets(page), "an opened subscription").toEqual([]);
});
