// The activity log (issue 34 §3) against the sandbox: a change made in the portal is written by the
// billing API in its own transaction and shows on the activity page, worded in the customer's
// language with who made it; the kind filter asks the billing API for that kind alone.
import { expect, test } from "@playwright/test";
import { openFilledContactForm, PORTAL } from "./support/account";
import { hydrated } from "./support/hydration";
import { expectAccessible, expectNoHorizontalScroll, snap, toast } from "./support/page-checks";

test("a change shows in the activity with who made it; the kind filter narrows the list @mobile", async ({
  page,
}, testInfo) => {
  const { contact } = await openFilledContactForm(page, "activity");
  await contact.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, /saved/i)).toBeVisible();

  await page.getByRole("link", { name: "See the activity" }).click();
  await expect(page).toHaveURL(/\/portal\/activity$/);
  await expect(page.getByRole("heading", { name: "Activity", level: 1 })).toBeVisible();
  const list = page.getByRole("list", { name: "Changes, newest first" });
  // The entries are the list's own items (a contact change lists its fields inside its entry).
  const entries = list.locator(":scope > li");
  const first = entries.first();
  await expect(first).toContainText("Changed the contact details (3 fields).");
  await expect(first).toContainText("First name: (empty) → Grace");
  await expect(first).toContainText("By you");
  await expect(first.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
  await hydrated(page);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await snap(page, testInfo, "activity");

  // One kind: the billing API answers that kind alone; the URL keeps it for Back and links.
  await page.getByLabel("Kind of change").selectOption({ label: "Auto-pay" });
  await expect(page).toHaveURL(/[?&]kind=auto_pay\.changed/);
  await expect(page.getByText("No changes of this kind.")).toBeVisible();
  await page.getByLabel("Kind of change").selectOption({ label: "Contact details" });
  await expect(entries).toHaveCount(1);
  await page.goBack();
  await expect(page.getByText("No changes of this kind.")).toBeVisible();
  await page.goto(`${PORTAL.acme}/portal/activity?kind=contact.changed`);
  await expect(entries).toHaveCount(1);
});
