import { expect, test, type Page, type Request } from "@playwright/test";
import { freshUser, openAccount, openFilledContactForm } from "./support/account";
import { openList } from "./support/dashboard";
import { freshUser as freshDashboardUser } from "./support/fresh-user";
import { toast } from "./support/page-checks";
import {
  WORKSHOP,
  actionsOf,
  cancelDialog,
  openDialog,
  ownSubscriptions,
  panelOf,
  reactivateDialog,
  subTab,
} from "./support/subscriptions";

// A double click (or an impatient second one) on a button that changes something sends one
// request (issue 12 §3): the second press lands while the first is in flight and is ignored.

/** Requests of this method to this BFF path, counted from now on. */
function counting(page: Page, method: string, path: string | RegExp): Request[] {
  const seen: Request[] = [];
  page.on("request", (req) => {
    const { pathname } = new URL(req.url());
    if (
      req.method() === method &&
      (typeof path === "string" ? pathname === path : path.test(pathname))
    )
      seen.push(req);
  });
  return seen;
}

test("saving contact details twice in a row sends one request", async ({ page }) => {
  const { contact } = await openFilledContactForm(page, "dbl-contact");
  const puts = counting(page, "PUT", "/api/account/contact-details");
  await contact.getByRole("button", { name: "Save changes" }).dblclick();
  await expect(page.getByText("Your contact details have been saved.")).toBeVisible();
  await expect(contact.getByText("Grace")).toBeVisible();
  expect(puts).toHaveLength(1);
});

test("changing the password twice in a row sends one request", async ({ page }) => {
  const email = await freshUser("acme", { prefix: "dbl-password" });
  await openAccount(page, email, "acme");
  await page.getByRole("button", { name: "Change password" }).click();
  const dialog = page.getByRole("dialog", { name: "Change password" });
  await dialog.getByLabel("Current password").fill("Portal!2345");
  await dialog.getByLabel("New password", { exact: true }).fill("Fresh#Start9");
  await dialog.getByLabel("Confirm new password").fill("Fresh#Start9");
  const posts = counting(page, "POST", "/api/account/password");
  await dialog.getByRole("button", { name: "Change password" }).dblclick();
  await expect(page.getByText("Your password has been changed.")).toBeVisible();
  expect(posts).toHaveLength(1);
});

test("starting an export twice in a row queues one export", async ({ page }) => {
  // A customer with invoices (Northwind's, read only): an export changes nothing of theirs.
  await freshDashboardUser(page, "dbl-export");
  await openList(page, "invoices");
  await page.getByRole("button", { name: "Export", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Export invoices" });
  const posts = counting(page, "POST", /^\/api\/lists\/invoices\/exports$/);
  await dialog.getByRole("button", { name: "Export" }).dblclick();
  await expect(toast(page, /Export started/)).toBeVisible();
  expect(posts).toHaveLength(1);
});

test("cancelling, then reactivating, a subscription twice in a row sends one request each", async ({
  page,
}) => {
  test.slow();
  const { idOf } = await ownSubscriptions(page);
  const id = idOf(WORKSHOP);
  const dialog = await openDialog(
    actionsOf(panelOf(page, WORKSHOP), WORKSHOP).getByRole("button", { name: "Cancel" }),
    cancelDialog(page),
  );
  await dialog.getByRole("radio", { name: "End of Current Billing Period" }).check();
  const cancels = counting(page, "POST", `/api/subscriptions/${id}/cancel`);
  await dialog.getByRole("button", { name: "Cancel subscription" }).dblclick();
  await expect(toast(page, "Subscription cancelled successfully")).toBeVisible();
  expect(cancels).toHaveLength(1);

  await subTab(page, "cancelled").click();
  const again = await openDialog(
    actionsOf(panelOf(page, WORKSHOP), WORKSHOP).getByRole("button", { name: "Reactivate" }),
    reactivateDialog(page),
  );
  const reactivations = counting(page, "POST", `/api/subscriptions/${id}/reactivate`);
  await again.getByRole("button", { name: "Reactivate" }).dblclick();
  await expect(toast(page, "Subscription reactivated successfully.")).toBeVisible();
  expect(reactivations).toHaveLength(1);
});
