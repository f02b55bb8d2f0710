import { expect, test, type Locator, type Page } from "@playwright/test";
import {
  freshUser,
  methodRow,
  openAccount,
  openFilledContactForm,
  saveCard,
} from "./support/account";
import { listTable, openList } from "./support/dashboard";
import { appErrors, browserErrors, freshUser as freshDashboardUser } from "./support/fresh-user";
import { toast } from "./support/page-checks";
import { PAST_THE_TIMEOUT_MS, faultFor } from "./support/faults";
import { clearFaults, injectFault } from "./support/sandbox";
import {
  HEAD_OFFICE,
  WORKSHOP,
  actionsOf,
  basicInfo,
  cancelDialog,
  toCancelConfirmation,
  changeDialog,
  definition,
  expand,
  openDialog,
  ownSubscriptions,
  panelOf,
  pendingBar,
  previewDialog,
  subscriptionOf,
} from "./support/subscriptions";

// Faults on the calls that change something (issue 12 §3): when the billing API answers 500 or
// 502, cuts the connection, sends malformed JSON or is slower than BILLING_TIMEOUT_MS (6 s in
// the e2e portal), the customer reads a translated error where they acted, nothing they typed or
// chose is lost, the screen still shows what is stored, and pressing the same button again
// completes the change. Saving contact details (a form) and applying a subscription change (a
// press with a toast) go through every kind, the preview through the refused ones; the other
// changes, made by the same form or press, through one each (faultFor). Each test has a user of
// its own, so its faults touch no other test.

type Kind = { name: string; fault: Record<string, unknown> };

// The sandbox answers these without running the call: nothing changed upstream.
const REFUSED: Kind[] = [
  { name: "HTTP 500", fault: { status: 500 } },
  { name: "HTTP 502", fault: { status: 502 } },
  { name: "a reset connection", fault: { reset: true } },
  { name: "malformed JSON", fault: { malformed: true } },
];
// The sandbox runs the call after the delay, when the portal has given up: the outcome is unknown
// to the portal. Tested on the calls that may be repeated safely (they set a value).
const TIMEOUT: Kind = { name: "a delay past the timeout", fault: { delayMs: PAST_THE_TIMEOUT_MS } };

/** The texts a failure may show: the action's own, or the BFF's "not available" for 502/504. */
const failureText = (own: string) =>
  new RegExp(
    `${own}|The billing service is not available right now\\. Please try again later\\.|Something went wrong\\. Please try again\\.`,
  );

/** Waits for the failure's toast to leave, so the next step's toast is its own. */
async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.locator("[data-sonner-toast]");
  // Closed by their button, as a reader may: waiting for each to expire cost seconds a step. One
  // that expires meanwhile is gone either way.
  for (const close of await toasts.getByRole("button", { name: "Close notification" }).all())
    await close.click({ timeout: 2_000 }).catch(() => undefined);
  await expect(toasts).toHaveCount(0, { timeout: 15_000 });
}

test("saving contact details: each failure keeps the form as typed, and saving again works", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { contact, email } = await openFilledContactForm(page, "faults-contact");
  const errors = browserErrors(page);
  for (const [i, { name, fault }] of [...REFUSED, TIMEOUT].entries()) {
    await test.step(name, async () => {
      const city = `Faultville ${i}`;
      await contact.getByLabel("City").fill(city);
      await injectFault({
        method: "PUT",
        path: "/v1/user/me/contactDetails",
        times: 1,
        email,
        ...fault,
      });
      await contact.getByRole("button", { name: "Save changes" }).click();
      await expect(contact.getByRole("alert")).toHaveText(
        failureText("We could not save your contact details\\. Please try again\\."),
        { timeout: 20_000 },
      );
      await expect(contact.getByLabel("City")).toHaveValue(city);
      await expect(contact.getByLabel("First name")).toHaveValue("Grace");

      await contact.getByRole("button", { name: "Save changes" }).click();
      await expect(page.getByText("Your contact details have been saved.")).toBeVisible();
      await expect(contact.getByText(city)).toBeVisible();
      await dismissToasts(page);
      await contact.getByRole("button", { name: "Edit" }).click();
    });
  }
  expect(appErrors(errors)).toEqual([]);
});

const passwordFault = faultFor(0);
test(`changing the password: ${passwordFault.name} keeps the dialog and what was typed; the next try works`, async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = await freshUser("acme", { prefix: "faults-password" });
  await openAccount(page, email, "acme");
  const errors = browserErrors(page);
  await page.getByRole("button", { name: "Change password" }).click();
  const dialog = page.getByRole("dialog", { name: "Change password" });
  await dialog.getByLabel("Current password").fill("Portal!2345");
  await dialog.getByLabel("New password", { exact: true }).fill("Fresh#Start9");
  await dialog.getByLabel("Confirm new password").fill("Fresh#Start9");
  const { name, fault } = passwordFault;
  await test.step(name, async () => {
    await injectFault({
      method: "POST",
      path: "/v1/user/me/changePassword",
      times: 1,
      email,
      ...fault,
    });
    await dialog.getByRole("button", { name: "Change password" }).click();
    await expect(
      toast(page, failureText("We could not change your password\\. Please try again\\.")),
    ).toBeVisible();
    await expect(dialog.getByLabel("Current password")).toHaveValue("Portal!2345");
    await expect(dialog.getByLabel("New password", { exact: true })).toHaveValue("Fresh#Start9");
    await expect(dialog.getByLabel("Confirm new password")).toHaveValue("Fresh#Start9");
    await dismissToasts(page);
  });
  await dialog.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your password has been changed.")).toBeVisible();
  expect(appErrors(errors)).toEqual([]);
});

const autoPayFault = faultFor(0);
test(`auto-pay: ${autoPayFault.name} leaves the switch as stored and says so; switching again works`, async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = await freshUser("acme", { prefix: "faults-autopay" });
  await saveCard(email, "acme", "4242424242424242");
  await openAccount(page, email, "acme");
  const errors = browserErrors(page);
  const autoPay = page.getByRole("switch", { name: "Pay invoices automatically" });
  const { name, fault } = autoPayFault;
  await test.step(name, async () => {
    await expect(autoPay).toHaveAttribute("aria-checked", "false");
    await injectFault({
      method: "POST",
      path: "/v1/customers/updateAutoPay",
      times: 1,
      email,
      ...fault,
    });
    await autoPay.click();
    await expect(
      toast(page, failureText("We could not update auto-pay\\. Please try again\\.")),
    ).toBeVisible({ timeout: 20_000 });
    await expect(autoPay).toHaveAttribute("aria-checked", "false");
    await dismissToasts(page);

    await autoPay.click();
    await expect(toast(page, "Auto-pay has been updated.")).toBeVisible();
    await expect(autoPay).toHaveAttribute("aria-checked", "true");
  });
  await page.reload();
  await expect(autoPay).toHaveAttribute("aria-checked", "true");
  expect(appErrors(errors)).toEqual([]);
});

test("payment methods: a failed default change or delete keeps the list as stored; trying again works", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = await freshUser("acme", { prefix: "faults-methods" });
  await saveCard(email, "acme", "4242424242424242", true);
  const { id: mastercardId } = await saveCard(email, "acme", "5555555555554444");
  await openAccount(page, email, "acme");
  const errors = browserErrors(page);
  const mastercard = methodRow(page, "Mastercard ending in 4444");
  const visa = methodRow(page, "Visa ending in 4242");
  const confirm = page.getByRole("dialog", { name: "Delete payment method" });

  const defaultFault = faultFor(1);
  await test.step(`set default: ${defaultFault.name}`, async () => {
    await injectFault({
      method: "PUT",
      path: `/v1/paymentMethods/${mastercardId}/setDefault`,
      times: 1,
      email,
      ...defaultFault.fault,
    });
    await mastercard.getByRole("switch", { name: /Set as default/ }).click();
    await expect(
      toast(page, failureText("We could not change your default payment method\\.")),
    ).toBeVisible();
    await expect(visa.getByText("Default", { exact: true })).toBeVisible();
    await expect(mastercard.getByText("Default", { exact: true })).toHaveCount(0);
    await dismissToasts(page);
  });
  const deleteFault = faultFor(2);
  await test.step(`delete: ${deleteFault.name}`, async () => {
    await injectFault({
      method: "DELETE",
      path: `/v1/paymentMethods/${mastercardId}`,
      times: 1,
      email,
      ...deleteFault.fault,
    });
    await mastercard.getByRole("button", { name: "Delete Mastercard ending in 4444" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(
      toast(
        page,
        failureText("Something went wrong with your payment method\\. Please try again\\."),
      ),
    ).toBeVisible();
    // The confirmation stays open, so pressing Delete again is the retry.
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(mastercard).toHaveCount(1);
    await dismissToasts(page);
  });
  await mastercard.getByRole("switch", { name: /Set as default/ }).click();
  await expect(mastercard.getByText("Default", { exact: true })).toBeVisible();
  await visa.getByRole("button", { name: "Delete Visa ending in 4242" }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(visa).toHaveCount(0);
  await page.reload();
  await expect(mastercard).toHaveCount(1);
  await expect(visa).toHaveCount(0);
  expect(appErrors(errors)).toEqual([]);
});

test("a subscription change: a failed preview or apply keeps the pending change; the next try applies it", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const { email, idOf } = await ownSubscriptions(page);
  const id = idOf(HEAD_OFFICE);
  const errors = browserErrors(page);
  const head = await expand(page, HEAD_OFFICE);
  const info = basicInfo(head);
  await info.getByRole("button", { name: "Edit PO Number" }).click();
  await info.getByRole("textbox", { name: "PO Number" }).fill("PO-FAULT-1");
  await info.getByRole("button", { name: "Confirm PO Number" }).click();

  for (const { name, fault } of REFUSED) {
    await test.step(`preview: ${name}`, async () => {
      await injectFault({
        method: "PUT",
        path: `/v1/subscriptions/${id}/change_preview`,
        times: 1,
        email,
        ...fault,
      });
      await pendingBar(head).getByRole("button", { name: "Save" }).click();
      const review = changeDialog(page);
      await review.getByRole("button", { name: "Preview changes" }).click();
      await expect(
        review.getByText(failureText("The preview could not be calculated\\. Please try again\\.")),
      ).toBeVisible({ timeout: 20_000 });
      await review.getByRole("button", { name: "Cancel" }).click();
      await clearFaults(email);
      await expect(definition(info, "PO Number")).toHaveText("PO-FAULT-1");
    });
  }
  for (const { name, fault } of [...REFUSED, TIMEOUT]) {
    await test.step(`apply: ${name}`, async () => {
      await pendingBar(head).getByRole("button", { name: "Save" }).click();
      await changeDialog(page).getByRole("button", { name: "Preview changes" }).click();
      const preview = previewDialog(page);
      await expect(preview.getByRole("button", { name: "Confirm" })).toBeVisible();
      await injectFault({
        method: "PUT",
        path: `/v1/subscriptions/${id}`,
        times: 1,
        email,
        ...fault,
      });
      await preview.getByRole("button", { name: "Confirm" }).click();
      await expect(
        toast(page, failureText("The changes could not be applied\\. Please try again\\.")),
      ).toBeVisible({ timeout: 20_000 });
      // The edit is still pending: Save is the retry.
      await expect(definition(info, "PO Number")).toHaveText("PO-FAULT-1");
      await expect(pendingBar(head)).toBeVisible();
      await dismissToasts(page);
    });
  }
  await pendingBar(head).getByRole("button", { name: "Save" }).click();
  await changeDialog(page).getByRole("button", { name: "Preview changes" }).click();
  await previewDialog(page).getByRole("button", { name: "Confirm" }).click();
  await expect(toast(page, "Subscription Changed Successfully")).toBeVisible();
  expect((await subscriptionOf(email, id)).po_number?.value).toBe("PO-FAULT-1");
  expect(appErrors(errors)).toEqual([]);
});

const cancelFault = faultFor(3);
test(`cancelling a subscription: ${cancelFault.name} keeps the dialog and the choice; confirming again cancels`, async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { email, idOf } = await ownSubscriptions(page);
  const id = idOf(WORKSHOP);
  const errors = browserErrors(page);
  const dialog = await toCancelConfirmation(
    await openDialog(
      actionsOf(panelOf(page, WORKSHOP), WORKSHOP).getByRole("button", { name: "Cancel" }),
      cancelDialog(page),
    ),
  );
  const choice = dialog.getByRole("radio", { name: "End of Current Billing Period" });
  await choice.check();
  const { name, fault } = cancelFault;
  await test.step(name, async () => {
    await injectFault({
      method: "PUT",
      path: `/v1/subscriptions/${id}/cancel`,
      times: 1,
      email,
      ...fault,
    });
    await dialog.getByRole("button", { name: "Cancel subscription" }).click();
    await expect(
      toast(page, failureText("The subscription could not be cancelled\\. Please try again\\.")),
    ).toBeVisible({ timeout: 20_000 });
    await expect(dialog).toBeVisible();
    await expect(choice).toBeChecked();
    expect((await subscriptionOf(email, id)).status?.value).toBe("active");
    await dismissToasts(page);
  });
  await dialog.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(toast(page, "Subscription cancelled successfully")).toBeVisible();
  expect((await subscriptionOf(email, id)).status?.value).toBe("cancelled");
  expect(appErrors(errors)).toEqual([]);
});

const exportFault = faultFor(4);
test(`starting an export: ${exportFault.name} is said in the dialog, which keeps the choices; the next try starts it`, async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = await freshDashboardUser(page, "faults-export");
  const errors = browserErrors(page);
  await openList(page, "invoices");
  await expect(listTable(page, "invoices")).toBeVisible();
  await page.getByRole("button", { name: "Export", exact: true }).click();
  const dialog: Locator = page.getByRole("dialog", { name: "Export invoices" });
  const { name, fault } = exportFault;
  await test.step(name, async () => {
    await injectFault({ method: "POST", path: "/v1/exports", times: 1, email, ...fault });
    await dialog.getByRole("button", { name: "Export" }).click();
    await expect(
      page.getByText(failureText("The export could not be started\\. Please try again\\.")).first(),
    ).toBeVisible({ timeout: 20_000 });
    await expect(dialog).toBeVisible();
    await dismissToasts(page);
  });
  await dialog.getByRole("button", { name: "Export" }).click();
  await expect(toast(page, /Export started/)).toBeVisible();
  expect(appErrors(errors)).toEqual([]);
});
