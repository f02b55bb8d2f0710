import { expect, test, type Page, type Request } from "@playwright/test";
import {
  freshUser,
  methodRow,
  openAccount,
  openAddPaymentDialog,
  openFilledContactForm,
  saveCard,
  typeStripeCard,
} from "./support/account";
import { openList } from "./support/dashboard";
import { freshUser as freshDashboardUser } from "./support/fresh-user";
import { toast } from "./support/page-checks";
import { PASSWORD } from "./support/sandbox";
import {
  HEAD_OFFICE,
  WORKSHOP,
  actionsOf,
  basicInfo,
  cancelDialog,
  toCancelConfirmation,
  changeDialog,
  expand,
  openDialog,
  pendingBar,
  ownSubscriptions,
  panelOf,
  previewDialog,
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
  const dialog = await toCancelConfirmation(
    await openDialog(
      actionsOf(panelOf(page, WORKSHOP), WORKSHOP).getByRole("button", { name: "Cancel" }),
      cancelDialog(page),
    ),
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

test("turning auto-pay on with a double click sends one request and leaves it on", async ({
  page,
}) => {
  const email = await freshUser("acme", { prefix: "dbl-autopay" });
  await saveCard(email, "acme", "4242424242424242");
  await openAccount(page, email, "acme");
  const autoPay = page.getByRole("switch", { name: "Pay invoices automatically" });
  await expect(autoPay).toHaveAttribute("aria-checked", "false");
  const puts = counting(page, "PUT", "/api/account/auto-pay");
  await autoPay.dblclick();
  await expect(page.getByText("Auto-pay has been updated.")).toBeVisible();
  await expect(autoPay).toHaveAttribute("aria-checked", "true");
  expect(puts).toHaveLength(1);
  await page.reload();
  await expect(autoPay).toHaveAttribute("aria-checked", "true");
});

test("confirming a payment method's delete with a double click sends one request", async ({
  page,
}) => {
  const email = await freshUser("acme", { prefix: "dbl-delete" });
  await saveCard(email, "acme", "4242424242424242", true);
  await saveCard(email, "acme", "5555555555554444");
  await openAccount(page, email, "acme");
  const mastercard = methodRow(page, "Mastercard ending in 4444");
  await mastercard.getByRole("button", { name: "Delete Mastercard ending in 4444" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete payment method" });
  const deletes = counting(page, "DELETE", /^\/api\/account\/payment-methods\/[^/]+$/);
  await confirm.getByRole("button", { name: "Delete" }).dblclick();
  await expect(page.getByText("The payment method has been deleted.")).toBeVisible();
  await expect(mastercard).toHaveCount(0);
  expect(deletes).toHaveLength(1);
});

test("a subscription change: a double click on Preview changes and on Confirm sends one request each", async ({
  page,
}) => {
  test.slow();
  const { idOf } = await ownSubscriptions(page);
  const id = idOf(HEAD_OFFICE);
  const head = await expand(page, HEAD_OFFICE);
  const info = basicInfo(head);
  await info.getByRole("button", { name: "Edit PO Number" }).click();
  await info.getByRole("textbox", { name: "PO Number" }).fill("PO-DBL-1");
  await info.getByRole("button", { name: "Confirm PO Number" }).click();
  await pendingBar(head).getByRole("button", { name: "Save" }).click();

  const previews = counting(page, "POST", `/api/subscriptions/${id}/preview`);
  await changeDialog(page).getByRole("button", { name: "Preview changes" }).dblclick();
  const preview = previewDialog(page);
  await expect(preview.getByRole("button", { name: "Confirm" })).toBeVisible();
  expect(previews).toHaveLength(1);

  const applies = counting(page, "PUT", `/api/subscriptions/${id}`);
  await preview.getByRole("button", { name: "Confirm" }).dblclick();
  await expect(toast(page, "Subscription Changed Successfully")).toBeVisible();
  await expect(preview).toBeHidden();
  expect(applies).toHaveLength(1);
});

test("signing in with a double click on Sign in sends one request", async ({ page }) => {
  const email = await freshUser("acme", { prefix: "dbl-signin" });
  await page.context().clearCookies();
  await page.goto("/portal/login");
  const posts = counting(page, "POST", "/api/auth/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).dblclick();
  await expect(page).toHaveURL(/\/portal\/dashboard/);
  expect(posts).toHaveLength(1);
});

test("saving a new card with a double click saves it once", async ({ page }) => {
  const email = await freshUser("acme", { prefix: "dbl-card" });
  await openAccount(page, email, "acme");
  const dialog = await openAddPaymentDialog(page);
  await dialog.getByRole("radio", { name: "Card" }).check();
  await typeStripeCard(page, "4242424242424242");
  const posts = counting(page, "POST", "/api/account/payment-methods");
  await dialog.getByRole("button", { name: "Save payment method" }).dblclick();
  await expect(page.getByText("The payment method has been saved.")).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(posts).toHaveLength(1);
  await page.reload();
  await expect(methodRow(page, "Visa ending in 4242")).toHaveCount(1);
});
