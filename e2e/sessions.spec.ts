// Sessions the customer can see (issue 34 §2) against the sandbox: a user of its own signs in on
// two browsers; the account page lists both, this one marked, and "Sign out other sessions" ends
// the other browser at its next page.
import { expect, test } from "@playwright/test";
import { freshUser, openAccount, PORTAL } from "./support/account";
import { DASHBOARD_URL, signIn } from "./support/auth";
import { hydrated } from "./support/hydration";
import { isolate } from "../lib/format/bidi";
import { expectAccessible, expectNoHorizontalScroll, toast } from "./support/page-checks";

const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const FIREFOX_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0";

test.use({ userAgent: CHROME_MAC });

test("lists both browsers, this one marked; signing out the others ends the other one", async ({
  page,
  browser,
}, testInfo) => {
  const email = await freshUser("acme", { prefix: "sessions" });
  const other = await browser.newContext({ userAgent: FIREFOX_WINDOWS });
  const elsewhere = await other.newPage();
  await elsewhere.goto(`${PORTAL.acme}/portal/login`);
  await hydrated(elsewhere);
  await signIn(elsewhere, email);
  await expect(elsewhere).toHaveURL(DASHBOARD_URL);

  await openAccount(page, email, "acme");
  const card = page.getByRole("region", { name: "Where you're signed in" });
  const rows = card.getByRole("list", { name: "Signed-in sessions" }).getByRole("listitem");
  await expect(rows).toHaveCount(2);
  const here = rows.filter({ hasText: "This device" });
  await expect(here).toHaveCount(1);
  await expect(here).toContainText(`${isolate("Chrome")} on ${isolate("macOS")}`);
  await expect(here).toContainText("Active now");
  const there = rows.filter({ hasNotText: "This device" });
  await expect(there).toContainText(`${isolate("Firefox")} on ${isolate("Windows")}`);
  await expect(there.getByText("Address")).toBeVisible();
  // Each other session can be signed out alone; this one cannot.
  await expect(there.getByRole("button", { name: /^Sign out .*Firefox/ })).toBeVisible();
  await expect(here.getByRole("button", { name: /^Sign out/ })).toHaveCount(0);
  await expectAccessible(page);
  if (process.env.SESSIONS_SCREENSHOTS)
    await card.screenshot({ path: `e2e/screenshots/${testInfo.project.name}/sessions-card.png` });

  await card.getByRole("button", { name: "Sign out other sessions" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign out other sessions?" });
  await expect(dialog).toContainText("You stay signed in here.");
  await dialog.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(toast(page, "One other session was signed out.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("This device");
  await expect(card.getByRole("button", { name: "Sign out other sessions" })).toBeDisabled();
  await expect(card).toContainText("You aren't signed in anywhere else.");

  // The other browser's next page finds its session ended.
  await elsewhere.goto(`${PORTAL.acme}/portal/account`);
  await expect(elsewhere).toHaveURL(/\/portal\/login/);
  await expect(elsewhere.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
  await other.close();

  // This one stays signed in; at phone width the rows stack inside the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(rows).toHaveCount(1);
  await expectNoHorizontalScroll(page);
  if (process.env.SESSIONS_SCREENSHOTS)
    await card.screenshot({
      path: `e2e/screenshots/${testInfo.project.name}/sessions-card-375.png`,
    });
});
