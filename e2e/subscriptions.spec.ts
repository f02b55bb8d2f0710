// Subscriptions (issue 7, spec 001 §2–§9) against the sandbox. Ada's subscriptions are only read
// (signed in once per worker); every test that changes subscriptions works on a new user whose
// own customer has a copy of ada's (POST /__sandbox/subscriptions/copy), so the two workers never
// disturb each other.
import type { Locator, Page, Request } from "@playwright/test";
import { snapDialog } from "./support/account";
import { expectAccessible, expectNoHorizontalScroll, snap, toast } from "./support/page-checks";
import { injectFault } from "./support/sandbox";
import { expect, test } from "./support/signed-in";
import {
  HEAD_OFFICE,
  POOL,
  WORKSHOP,
  actionsOf,
  addPlanDialog,
  basicInfo,
  cancelDialog,
  toCancelConfirmation,
  changeDialog,
  dayBefore,
  definition,
  expand,
  longDate,
  openDialog,
  ownSubscriptions,
  panelOf,
  periodEstimateOf,
  panelToggle,
  pendingBar,
  pendingStatus,
  planOf,
  previewDialog,
  reactivateDialog,
  lastBillWords,
  sandboxCancelDate,
  sandboxCancelPreview,
  sandboxPreview,
  subTab,
  subscriptionList,
  subscriptionOf,
  upgradeDialog,
  usd,
} from "./support/subscriptions";

function recordRequests(page: Page, match: (url: URL) => boolean): Request[] {
  const seen: Request[] = [];
  page.on("request", (request) => {
    if (match(new URL(request.url()))) seen.push(request);
  });
  return seen;
}
const subscriptionsApi = (url: URL) => url.pathname.startsWith("/api/subscriptions");

const DESCRIPTION =
  "Water service for the head office at 12 Analytical Way, with smart metering on all four floors";

/** Presses Tab (or Shift+Tab) until `target` has the focus (keyboard-only navigation). */
async function tabTo(page: Page, target: Locator, key: "Tab" | "Shift+Tab" = "Tab", max = 60) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

test.describe("ada's subscriptions, read only", () => {
  test("a direct visit paints the active ones from the server, with every display rule @mobile", async ({
    page,
  }, testInfo) => {
    const calls = recordRequests(page, subscriptionsApi);
    await page.goto("/portal/dashboard?tab=subscriptions");
    await expect(subscriptionList(page, "active")).toBeVisible();
    await expect(subTab(page, "active")).toHaveAttribute("aria-selected", "true");
    await expect(panelOf(page, HEAD_OFFICE)).toBeVisible();
    await expect(panelOf(page, WORKSHOP)).toBeVisible();
    await expect(panelOf(page, POOL)).toHaveCount(0);
    await expect(definition(panelOf(page, HEAD_OFFICE), "Plans")).toHaveText("3 plans, 10 charges");
    // Acme lets customers pause (its portal configuration): Pause sits beside Cancel.
    await expect(actionsOf(panelOf(page, HEAD_OFFICE), HEAD_OFFICE).getByRole("button")).toHaveText(
      ["Add Plan", "Pause", "Cancel"],
    );

    const head = await expand(page, HEAD_OFFICE);
    // Basic information: enabled fields that are not column_enabled, in order.
    const info = basicInfo(head);
    await expect(info.getByRole("term")).toHaveText([
      "Start Date",
      "Contract Term (Months)",
      "Contract End Date",
      "Billing Period",
      "Next Billing Date",
      "Auto Renew",
      "PO Number",
      "Description",
      "Renewal Date",
      "Cancellation Date",
      "Currency",
    ]);
    await expect(definition(info, "PO Number")).toHaveText("PO-88412");
    await expect(definition(info, "Auto Renew")).toHaveText("Yes");
    await expect(definition(info, "Billing Period")).toHaveText("Monthly");
    await expect(definition(info, "Cancellation Date")).toHaveText("-");
    await expect(definition(info, "Start Date")).toHaveText(/^[A-Z][a-z]{2} \d{2}, \d{4}$/);
    // Over 40 characters: cut, the whole text in a tooltip (and for screen readers).
    const long = definition(info, "Description").getByRole("button", { name: DESCRIPTION });
    await expect(long).toContainText("…");
    await long.hover();
    await expect(page.getByRole("tooltip")).toHaveText(DESCRIPTION);
    await page.mouse.move(0, 0);

    // Plan charges collapse to 5, with Show more / Show less.
    const suite = planOf(head, "Smart Metering Suite");
    const charges = suite.getByRole("list", { name: "Charges of Smart Metering Suite" });
    await expect(charges.getByRole("listitem")).toHaveCount(5);
    await suite.getByRole("button", { name: "Show more (2 more charges)" }).click();
    await expect(charges.getByRole("listitem")).toHaveCount(7);
    await expect(charges).toContainText("Meter Insurance");
    await suite.getByRole("button", { name: "Show less" }).click();
    await expect(charges.getByRole("listitem")).toHaveCount(5);

    // A charge's summary (column_enabled fields) and, expanded, its details (detail_enabled).
    const meter = charges.getByRole("listitem").filter({
      has: page.getByRole("button", { name: "Smart Meter Rental", exact: true }),
    });
    const meterToggle = meter.getByRole("button", { name: "Smart Meter Rental", exact: true });
    await expect(definition(meter, "Pricing Model")).toHaveText("Per unit");
    await expect(definition(meter, "List Price")).toHaveText("$12.50");
    await expect(
      meter.getByRole("textbox", { name: "Quantity of Smart Meter Rental" }),
    ).toHaveValue("4");
    await expect(definition(meter, "Unit of Measure")).toBeHidden();
    await expect(meterToggle).toHaveAttribute("aria-expanded", "false");
    await meterToggle.click();
    await expect(meterToggle).toHaveAttribute("aria-expanded", "true");
    await expect(definition(meter, "Unit of Measure")).toHaveText("meters");
    await expect(definition(meter, "Charge Type")).toHaveText("Recurring");
    // Volume and tiered quantities have no plus; a quantity of 1 has no minus.
    await expect(
      suite.getByRole("button", { name: "Increase quantity of Data Export Bundle" }),
    ).toBeDisabled();
    await expect(
      suite.getByRole("button", { name: "Decrease quantity of Meter Data Hosting" }),
    ).toBeDisabled();
    // More than one plan: each can be removed; Smart Metering Suite offers Upgrade / Downgrade.
    await expect(head.getByRole("button", { name: /^Remove plan / })).toHaveCount(3);
    await expect(
      head.getByRole("button", { name: "Upgrade or downgrade plan Smart Metering Suite" }),
    ).toBeVisible();

    const workshop = await expand(page, WORKSHOP);
    await expect(definition(basicInfo(workshop), "Auto Renew")).toHaveText("No");
    await expect(definition(basicInfo(workshop), "PO Number")).toHaveText("-");
    const usage = planOf(workshop, "Water Usage");
    // Usage based: no quantity control; the only plan cannot be removed.
    await expect(usage.getByRole("textbox", { name: "Quantity of Water Usage" })).toHaveCount(0);
    await expect(usage.getByRole("button", { name: /quantity of Water Usage/ })).toHaveCount(0);
    await expect(workshop.getByRole("button", { name: /^Remove plan / })).toHaveCount(0);

    // Hydrated from the server render: the browser asked /api/subscriptions for nothing.
    expect(calls.map((r) => r.url())).toEqual([]);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await snap(page, testInfo, "subscriptions-active");

    // The Cancelled sub-tab: the cancelled one, its status in the URL, Reactivate only.
    await subTab(page, "cancelled").click();
    await expect(page).toHaveURL(/[?&]status=cancelled/);
    await expect(subscriptionList(page, "cancelled")).toBeVisible();
    const pool = panelOf(page, POOL);
    await expect(pool).toBeVisible();
    await expect(panelOf(page, HEAD_OFFICE)).toHaveCount(0);
    const poolActions = actionsOf(pool, POOL);
    await expect(poolActions.getByRole("button")).toHaveText(["Reactivate"]);
    await expand(page, POOL);
    await expect(pool.getByRole("button", { name: /^Edit / })).toHaveCount(0);
    await expectAccessible(page);
    await snap(page, testInfo, "subscriptions-cancelled");

    // A direct visit to the Cancelled sub-tab is painted by the server too.
    calls.length = 0;
    await page.reload();
    await expect(panelOf(page, POOL)).toBeVisible();
    await expect(subTab(page, "cancelled")).toHaveAttribute("aria-selected", "true");
    expect(calls.map((r) => r.url())).toEqual([]);
  });

  test("each change of sub-tab fetches that list again (spec 001 §2, §7)", async ({ page }) => {
    await page.goto("/portal/dashboard?tab=subscriptions");
    await expect(panelOf(page, HEAD_OFFICE)).toBeVisible();
    await subTab(page, "cancelled").click();
    await expect(panelOf(page, POOL)).toBeVisible();
    const calls = recordRequests(page, subscriptionsApi);
    await subTab(page, "active").click();
    await expect(panelOf(page, HEAD_OFFICE)).toBeVisible();
    await subTab(page, "cancelled").click();
    await expect(panelOf(page, POOL)).toBeVisible();
    await expect
      .poll(() => calls.map((r) => new URL(r.url()).search))
      .toEqual(["?status=active", "?status=cancelled"]);
  });

  test("keyboard only: open the tab, expand, edit with Enter, open and close dialogs with Escape", async ({
    page,
  }) => {
    await page.goto("/portal/dashboard?tab=invoices");
    const tabs = page.getByRole("tablist", { name: "Billing lists" });
    await expect(page.getByRole("table", { name: /^Invoices: / })).toBeVisible();
    await tabTo(page, tabs.getByRole("tab", { name: "Invoices" }));
    const subscriptionsTab = tabs.getByRole("tab", { name: "Subscriptions" });
    for (let i = 0; i < 6; i++) {
      if (await subscriptionsTab.evaluate((el) => el === document.activeElement)) break;
      await page.keyboard.press("ArrowRight");
    }
    await expect(subscriptionsTab).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/tab=subscriptions/);
    await expect(subscriptionList(page, "active")).toBeVisible();

    const head = panelOf(page, HEAD_OFFICE);
    const toggle = panelToggle(head, HEAD_OFFICE);
    await tabTo(page, toggle);
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");

    // Cancel Subscription: Space picks the focused choice, Escape closes and returns the focus.
    const cancel = actionsOf(head, HEAD_OFFICE).getByRole("button", { name: "Cancel" });
    await tabTo(page, cancel);
    await page.keyboard.press("Enter");
    const dialog = cancelDialog(page);
    await expect(dialog).toBeVisible();
    // Why first (never required: Skip), then Acme's offers (No thanks), then the timings.
    await expect(dialog.getByRole("radio", { name: "It costs too much" })).toBeFocused();
    await tabTo(page, dialog.getByRole("button", { name: "Skip" }));
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("heading", { name: "Before you go" })).toBeFocused();
    await tabTo(page, dialog.getByRole("button", { name: "No thanks, continue" }));
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("radio", { name: "Today" })).toBeFocused();
    await page.keyboard.press("Space");
    await expect(dialog.getByRole("radio", { name: "Today" })).toBeChecked();
    await expect(definition(dialog, "Last active day")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(cancel).toBeFocused();

    const info = basicInfo(head);
    const edit = info.getByRole("button", { name: "Edit PO Number" });
    await tabTo(page, edit);
    await page.keyboard.press("Enter");
    const box = info.getByRole("textbox", { name: "PO Number" });
    await expect(box).toBeFocused();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("PO-KEYBOARD");
    await page.keyboard.press("Enter");
    await expect(definition(info, "PO Number")).toHaveText("PO-KEYBOARD");
    await expect(edit).toBeFocused();
    await expect(pendingStatus(head)).toHaveText("Unsaved changes: 1 change");

    // Save opens Change Subscription; Escape closes it and gives the focus back to Save.
    const save = pendingBar(head).getByRole("button", { name: "Save" });
    await tabTo(page, save);
    await page.keyboard.press("Enter");
    const review = changeDialog(page);
    await expect(review).toBeVisible();
    await expect(review.getByRole("button", { name: "Preview changes" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(review).toBeHidden();
    await expect(save).toBeFocused();

    // The bar's Cancel, just before Save, forgets the edit.
    const revert = pendingBar(head).getByRole("button", { name: "Cancel" });
    await tabTo(page, revert, "Shift+Tab");
    await page.keyboard.press("Enter");
    await expect(definition(info, "PO Number")).toHaveText("PO-88412");
    await expect(pendingStatus(head)).toHaveCount(0);
  });

  test("change review, change preview, add plan and upgrade/downgrade dialogs pass axe @mobile", async ({
    page,
  }, testInfo) => {
    test.slow();
    await page.goto("/portal/dashboard?tab=subscriptions");
    const head = await expand(page, HEAD_OFFICE);

    // Upgrade / Downgrade: a placeholder with Confirm and Close only.
    const upgrade = await openDialog(
      head.getByRole("button", { name: "Upgrade or downgrade plan Smart Metering Suite" }),
      upgradeDialog(page),
    );
    await expect(upgrade).toContainText("Smart Metering Suite");
    await expect(upgrade.getByRole("button", { name: "Confirm" })).toBeVisible();
    // The footer's Close (the frame's ✕ is named Close too, but shows no text).
    const close = upgrade.getByRole("button", { name: "Close", exact: true }).filter({
      hasText: "Close",
    });
    await expect(close).toBeVisible();
    await expectAccessible(page);
    await snapDialog(page, testInfo, "subscriptions-dialog-upgrade-downgrade");
    await close.click();
    await expect(upgrade).toBeHidden();

    // Add Plan: the catalogue by name, plans already on the subscription not selectable.
    const add = await openDialog(
      actionsOf(head, HEAD_OFFICE).getByRole("button", { name: "Add Plan" }),
      addPlanDialog(page),
    );
    const grid = add.getByRole("table", { name: "Plans you can add" });
    await expect(
      grid.getByRole("checkbox", { name: "Select Backflow Testing Program" }),
    ).toBeDisabled();
    await expect(grid.getByRole("checkbox", { name: "Select Bulk Water Delivery" })).toBeEnabled();
    await expect(add.getByRole("status").filter({ hasText: "No plans selected" })).toBeVisible();
    await expectAccessible(page);
    await snapDialog(page, testInfo, "subscriptions-dialog-add-plan");
    // Add with nothing chosen (aria-disabled, yet focusable): a toast says what is missing.
    // Playwright treats aria-disabled as not clickable; force sends the real mouse press anyway
    // (a button with pointer-events: none would pass it to what lies beneath).
    await add.getByRole("button", { name: "Add plans" }).click({ force: true });
    await expect(toast(page, "Select at least one plan to add.")).toBeVisible();
    await expect(add).toBeVisible();
    // Gone before the next dialogs' axe checks: a toast that starts leaving while axe reads the
    // page has, halfway through its fade, text that fails contrast (CI caught it twice).
    await expect(toast(page, "Select at least one plan to add.")).toBeHidden({ timeout: 15_000 });
    await add.getByRole("button", { name: "Cancel" }).click();
    await expect(add).toBeHidden();

    // Change Subscription, then Change Preview, on a pending quantity (never confirmed).
    const suite = planOf(head, "Smart Metering Suite");
    await suite.getByRole("button", { name: "Increase quantity of Smart Meter Rental" }).click();
    await pendingBar(head).getByRole("button", { name: "Save" }).click();
    const review = changeDialog(page);
    await expect(review.getByRole("table", { name: "Pending changes" })).toContainText(
      "Smart Meter Rental",
    );
    await expectAccessible(page);
    await snapDialog(page, testInfo, "subscriptions-dialog-change");
    await review.getByRole("button", { name: "Preview changes" }).click();
    const preview = previewDialog(page);
    await expect(definition(preview, "Next invoice")).toHaveText(/^\$[\d,]+\.\d{2}$/);
    await expect(review).toBeHidden();
    await expectAccessible(page);
    await snapDialog(page, testInfo, "subscriptions-dialog-change-preview");
    await preview.getByRole("button", { name: "Cancel" }).click();
    await expect(preview).toBeHidden();
    await pendingBar(head).getByRole("button", { name: "Cancel" }).click();
    await expect(pendingStatus(head)).toHaveCount(0);
  });

  test("cancel and reactivate dialogs pass axe @mobile", async ({ page }, testInfo) => {
    await page.goto("/portal/dashboard?tab=subscriptions");
    const head = panelOf(page, HEAD_OFFICE);
    const cancel = await openDialog(
      actionsOf(head, HEAD_OFFICE).getByRole("button", { name: "Cancel" }),
      cancelDialog(page),
    );
    // Each step passes axe: why, the offers, the confirmation.
    await expect(
      cancel.getByRole("group", { name: "Why are you cancelling? (optional)" }),
    ).toBeVisible();
    await expectAccessible(page);
    await snapDialog(page, testInfo, "subscriptions-dialog-cancel-reason");
    await cancel.getByRole("button", { name: "Skip" }).click();
    await expect(cancel.getByRole("list", { name: "Before you go" })).toBeVisible();
    await expectAccessible(page);
    await snapDialog(page, testInfo, "subscriptions-dialog-cancel-offers");
    await cancel.getByRole("button", { name: "No thanks, continue" }).click();
    const radios = cancel.getByRole("group", { name: "End the subscription" }).getByRole("radio");
    await expect(radios).toHaveCount(5);
    for (const [i, name] of [
      "Today",
      "End of Current Billing Period",
      "End of Previous Billing Period",
      "End of Current Contract Term",
      "Specific Date",
    ].entries())
      await expect(radios.nth(i)).toHaveAccessibleName(name);
    await cancel.getByRole("radio", { name: "End of Current Contract Term" }).check();
    await expect(definition(cancel, "Last active day")).toBeVisible();
    await expectAccessible(page);
    await snapDialog(page, testInfo, "subscriptions-dialog-cancel");
    await cancel.getByRole("button", { name: "Keep subscription" }).click();
    await expect(cancel).toBeHidden();

    await subTab(page, "cancelled").click();
    const pool = panelOf(page, POOL);
    const reactivate = await openDialog(
      actionsOf(pool, POOL).getByRole("button", { name: "Reactivate" }),
      reactivateDialog(page),
    );
    await expect(reactivate).toContainText(POOL);
    await expectAccessible(page);
    await snapDialog(page, testInfo, "subscriptions-dialog-reactivate");
    await reactivate.getByRole("button", { name: "Cancel" }).click();
    await expect(reactivate).toBeHidden();
  });
});

test.describe("a customer without subscriptions", () => {
  test.use({ user: "zero@acme.test" });
  // One after the other: the list-error test's faults are zero@'s, and would hit the other test.
  test.describe.configure({ mode: "serial" });

  test("shows the empty state of each sub-tab @mobile", async ({ page }) => {
    await page.goto("/portal/dashboard?tab=subscriptions");
    await expect(page.getByText("No Active Subscriptions to display")).toBeVisible();
    await subTab(page, "cancelled").click();
    await expect(page.getByText("No Cancelled Subscriptions to display")).toBeVisible();
    await expect(page).toHaveURL(/[?&]status=cancelled/);
    await expectAccessible(page);
  });

  test("a list that fails says so (the server's message, or 'Failed to load subscriptions') and retries", async ({
    page,
  }) => {
    await page.goto("/portal/dashboard?tab=invoices");
    await expect(page.getByRole("table", { name: /^Invoices: / })).toBeVisible();
    // One failing call each, for this user only (other workers read subscriptions too), injected
    // just before the click that makes it: a 4xx is not retried.
    await injectFault({
      method: "GET",
      path: "/v1/subscriptions",
      status: 422,
      times: 1,
      email: "zero@acme.test",
    });
    await page
      .getByRole("tablist", { name: "Billing lists" })
      .getByRole("tab", { name: "Subscriptions" })
      .click();
    const failed = page.getByRole("alert").filter({ hasText: "Failed to load subscriptions" });
    await expect(failed).toBeVisible();
    await failed.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByText("No Active Subscriptions to display")).toBeVisible();

    await injectFault({
      method: "GET",
      path: "/v1/subscriptions",
      status: 409,
      times: 1,
      email: "zero@acme.test",
    });
    await subTab(page, "cancelled").click();
    const refused = page.getByRole("alert").filter({ hasText: "Injected fault: HTTP 409" });
    await expect(refused).toBeVisible();
    await refused.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByText("No Cancelled Subscriptions to display")).toBeVisible();
  });
});

test.describe("changing subscriptions of one's own", () => {
  test("edits a text and a date field and saves them through review, preview and confirm", async ({
    page,
  }) => {
    const { email, idOf } = await ownSubscriptions(page);
    const id = idOf(HEAD_OFFICE);
    const head = await expand(page, HEAD_OFFICE);
    const info = basicInfo(head);
    await info.getByRole("button", { name: "Edit PO Number" }).click();
    await info.getByRole("textbox", { name: "PO Number" }).fill("PO-E2E-7");
    await info.getByRole("button", { name: "Confirm PO Number" }).click();
    await expect(definition(info, "PO Number")).toHaveText("PO-E2E-7");
    await expect(pendingStatus(head)).toHaveText("Unsaved changes: 1 change");

    // A date field is edited in a date input and shown 'MMM DD, YYYY'.
    const year = Number((await sandboxCancelDate(email, id, "today")).slice(0, 4)) + 2;
    await info.getByRole("button", { name: "Edit Renewal Date" }).click();
    await info.getByRole("textbox", { name: "Renewal Date" }).fill(`${year}-06-30`);
    await info.getByRole("button", { name: "Confirm Renewal Date" }).click();
    await expect(definition(info, "Renewal Date")).toHaveText(`Jun 30, ${year}`);
    await expect(pendingStatus(head)).toHaveText("Unsaved changes: 2 changes");

    await pendingBar(head).getByRole("button", { name: "Save" }).click();
    const review = changeDialog(page);
    const rows = review.getByRole("table", { name: "Pending changes" }).getByRole("row");
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: "PO Number" })).toHaveText(/PO-88412.*PO-E2E-7/);
    await expect(rows.filter({ hasText: "Renewal Date" })).toHaveText(
      new RegExp(`Jun 30, ${year}`),
    );
    await review.getByRole("button", { name: "Preview changes" }).click();
    const preview = previewDialog(page);
    await expect(preview).toBeVisible();
    await preview.getByRole("button", { name: "Confirm" }).click();
    await expect(toast(page, "Subscription Changed Successfully")).toBeVisible();
    await expect(preview).toBeHidden();
    await expect(pendingStatus(head)).toHaveCount(0);

    const saved = await subscriptionOf(email, id);
    expect([saved.po_number?.value, saved.renewal_date?.value]).toEqual([
      "PO-E2E-7",
      `${year}-06-30`,
    ]);
    await page.reload();
    const again = basicInfo(await expand(page, HEAD_OFFICE));
    await expect(definition(again, "PO Number")).toHaveText("PO-E2E-7");
    await expect(definition(again, "Renewal Date")).toHaveText(`Jun 30, ${year}`);
  });

  test("a quantity's preview shows the sandbox's amounts; a failed preview keeps the edit", async ({
    page,
  }) => {
    const { email, idOf } = await ownSubscriptions(page);
    const id = idOf(HEAD_OFFICE);
    const line = (await subscriptionOf(email, id)).plans[0]?.charges[0]?.id?.value;
    expect(line).toBeTruthy();
    const head = await expand(page, HEAD_OFFICE);
    const suite = planOf(head, "Smart Metering Suite");
    await suite.getByRole("button", { name: "Increase quantity of Smart Meter Rental" }).click();
    const quantity = suite.getByRole("textbox", { name: "Quantity of Smart Meter Rental" });
    await expect(quantity).toHaveValue("5");
    await expect(pendingStatus(head)).toHaveText("Unsaved changes: 1 change");

    // The preview fails: the message inside the dialog, the edit still pending.
    const review = changeDialog(page);
    const save = pendingBar(head).getByRole("button", { name: "Save" });
    await injectFault({
      method: "PUT",
      path: `/v1/subscriptions/${id}/change_preview`,
      status: 400,
      times: 1,
    });
    await save.click();
    await review.getByRole("button", { name: "Preview changes" }).click();
    await expect(review.getByRole("alert")).toHaveText("Injected fault: HTTP 400");
    await review.getByRole("button", { name: "Cancel" }).click();
    await expect(review).toBeHidden();
    await expect(quantity).toHaveValue("5");
    await expect(pendingStatus(head)).toHaveText("Unsaved changes: 1 change");

    await injectFault({
      method: "PUT",
      path: `/v1/subscriptions/${id}/change_preview`,
      status: 500,
      times: 1,
    });
    await save.click();
    await review.getByRole("button", { name: "Preview changes" }).click();
    await expect(review.getByRole("alert")).toHaveText(
      "The preview could not be calculated. Please try again.",
    );

    // Tried again, it shows what the sandbox previews for the same change.
    await review.getByRole("button", { name: "Preview changes" }).click();
    const preview = previewDialog(page);
    await expect(preview).toBeVisible();
    const expected = await sandboxPreview(email, id, { charges: [{ id: line, quantity: 5 }] });
    await expect(definition(preview, "Prior invoice")).toHaveText(
      usd(expected.prior_invoice.invoice_amount),
    );
    const current = expected.current_invoice.invoice_amount;
    await expect(definition(preview, "Current invoice")).toHaveText(
      current < 0 ? `${usd(-current)} credit` : usd(current),
    );
    await expect(definition(preview, "Next invoice")).toHaveText(
      usd(expected.next_invoice.invoice_amount),
    );
    await expect(definition(preview, "Contract effective date")).toHaveText(
      longDate(expected.contract_effective_date),
    );
    // Nothing was applied; Cancel in the bar forgets the edit.
    await preview.getByRole("button", { name: "Cancel" }).click();
    await expect(preview).toBeHidden();
    await pendingBar(head).getByRole("button", { name: "Cancel" }).click();
    await expect(quantity).toHaveValue("4");
    await expect(pendingStatus(head)).toHaveCount(0);
    expect((await subscriptionOf(email, id)).plans[0]?.charges[0]?.quantity?.value).toBe(4);
  });

  test("added plans are marked (New); Cancel removes them, Save puts one on the subscription", async ({
    page,
  }) => {
    const { email, idOf } = await ownSubscriptions(page);
    const workshop = await expand(page, WORKSHOP);
    const addButton = actionsOf(workshop, WORKSHOP).getByRole("button", { name: "Add Plan" });
    const search = async (dialog: Locator, text: string) => {
      await dialog.getByRole("searchbox", { name: "Search plans by name" }).fill(text);
      await dialog.getByRole("searchbox", { name: "Search plans by name" }).press("Enter");
    };

    let dialog = await openDialog(addButton, addPlanDialog(page));
    await search(dialog, "Pressure");
    await dialog.getByRole("checkbox", { name: "Select Pressure Monitoring" }).check();
    await search(dialog, "Hydrant");
    await dialog.getByRole("checkbox", { name: "Select Hydrant Rental" }).check();
    await expect(dialog.getByRole("status").filter({ hasText: "2 plans selected" })).toBeVisible();
    await dialog.getByRole("button", { name: "Add plans" }).click();
    await expect(dialog).toBeHidden();
    await expect(planOf(workshop, "Pressure Monitoring", true)).toBeVisible();
    await expect(planOf(workshop, "Hydrant Rental", true)).toBeVisible();
    await expect(pendingStatus(workshop)).toHaveText("Unsaved changes: 2 changes");
    // With more than one plan, each (the seeded one too) can be removed.
    await expect(workshop.getByRole("button", { name: "Remove plan Water Usage" })).toBeVisible();
    await workshop.getByRole("button", { name: "Remove plan Hydrant Rental (New)" }).click();
    await expect(planOf(workshop, "Hydrant Rental", true)).toHaveCount(0);
    await expect(pendingStatus(workshop)).toHaveText("Unsaved changes: 1 change");
    await search(await openDialog(addButton, addPlanDialog(page)), "Hydrant");
    await addPlanDialog(page).getByRole("checkbox", { name: "Select Hydrant Rental" }).check();
    await addPlanDialog(page).getByRole("button", { name: "Add plans" }).click();
    await expect(planOf(workshop, "Hydrant Rental", true)).toBeVisible();
    await expect(pendingStatus(workshop)).toHaveText("Unsaved changes: 2 changes");

    // Cancel forgets both.
    await pendingBar(workshop).getByRole("button", { name: "Cancel" }).click();
    await expect(planOf(workshop, "Pressure Monitoring", true)).toHaveCount(0);
    await expect(planOf(workshop, "Hydrant Rental", true)).toHaveCount(0);
    await expect(pendingStatus(workshop)).toHaveCount(0);

    // "This period" above the tabs says the workshop's projected total before the change…
    const periodTotal = page
      .getByRole("list", { name: "This period by subscription" })
      .getByRole("listitem")
      .filter({ has: page.getByText(WORKSHOP, { exact: true }) })
      .locator("dt", { hasText: /^Projected total$/ })
      .locator("xpath=following-sibling::dd[1]");
    const before = await periodEstimateOf(email, idOf(WORKSHOP));
    await expect(periodTotal).toHaveText(usd(before.projected_total));

    dialog = await openDialog(addButton, addPlanDialog(page));
    await search(dialog, "Pressure");
    await dialog.getByRole("checkbox", { name: "Select Pressure Monitoring" }).check();
    await dialog.getByRole("button", { name: "Add plans" }).click();
    await expect(planOf(workshop, "Pressure Monitoring", true)).toBeVisible();
    await pendingBar(workshop).getByRole("button", { name: "Save" }).click();
    const review = changeDialog(page);
    await expect(review.getByRole("table", { name: "Pending changes" })).toContainText("Added");
    await review.getByRole("button", { name: "Preview changes" }).click();
    await previewDialog(page).getByRole("button", { name: "Confirm" }).click();
    await expect(toast(page, "Subscription Changed Successfully")).toBeVisible();
    await expect(planOf(workshop, "Pressure Monitoring")).toBeVisible();
    await expect(planOf(workshop, "Pressure Monitoring", true)).toHaveCount(0);

    const plans = (await subscriptionOf(email, idOf(WORKSHOP))).plans.map(
      (p) => p.plan_name?.value,
    );
    expect(plans).toEqual(["Water Usage", "Pressure Monitoring"]);
    // …and the new one after it, without a reload.
    const after = await periodEstimateOf(email, idOf(WORKSHOP));
    expect(after.projected_total).toBeGreaterThan(before.projected_total);
    await expect(periodTotal).toHaveText(usd(after.projected_total));
    await page.reload();
    await expect(planOf(await expand(page, WORKSHOP), "Pressure Monitoring")).toBeVisible();
  });

  test("cancel: each choice's last active day is the day before the sandbox's date; confirm, then reactivate", async ({
    page,
  }) => {
    test.slow();
    const { email, idOf } = await ownSubscriptions(page);
    const id = idOf(WORKSHOP);
    const workshop = panelOf(page, WORKSHOP);
    const dialog = await toCancelConfirmation(
      await openDialog(
        actionsOf(workshop, WORKSHOP).getByRole("button", { name: "Cancel" }),
        cancelDialog(page),
      ),
    );
    const choices = [
      ["Today", "today"],
      ["End of Current Billing Period", "end_of_current_billing_period"],
      ["End of Previous Billing Period", "end_of_previous_billing_period"],
      ["End of Current Contract Term", "end_of_current_contract_term"],
    ] as const;
    // Each choice's last bill is the billing API's preview, to the cent (issue 33 §2).
    const expectLastBill = async (type: string, date?: string) => {
      const words = lastBillWords(await sandboxCancelPreview(email, id, type, date));
      const bill = definition(dialog, "Last bill");
      await expect(bill).toContainText(words.sentence);
      if (words.usage) await expect(bill).toContainText("Usage recorded until then is added.");
      else await expect(bill).not.toContainText("Usage recorded");
    };
    for (const [label, type] of choices) {
      await dialog.getByRole("radio", { name: label }).check();
      const end = await sandboxCancelDate(email, id, type);
      await expect(definition(dialog, "Cancellation date")).toHaveText(longDate(end));
      await expect(definition(dialog, "Last active day")).toHaveText(longDate(dayBefore(end)));
      await expectLastBill(type);
    }

    // A specific date is required; a typed one shows the day before as the last active day.
    await dialog.getByRole("radio", { name: "Specific Date" }).check();
    await expect(definition(dialog, "Last active day")).toHaveCount(0);
    // OK is aria-disabled yet focusable and pressable: pressed without a date, it says what is missing.
    const ok = dialog.getByRole("button", { name: "Cancel subscription" });
    await expect(ok).toHaveAttribute("aria-disabled", "true");
    // By mouse or touch as by keyboard: the unavailable button still takes the press.
    await ok.click({ force: true });
    await expect(dialog.getByText("Enter a cancellation date.")).toBeVisible();
    await expect(dialog).toBeVisible();
    const today = await sandboxCancelDate(email, id, "today");
    // The 1st of next year's same month: after the start, and its day before is in another month.
    const typed = `${Number(today.slice(0, 4)) + 1}-${today.slice(5, 7)}-01`;
    await dialog.getByLabel("Cancellation date").fill(typed);
    await expect(dialog.getByText("Enter a cancellation date.")).toHaveCount(0);
    await expect(definition(dialog, "Last active day")).toHaveText(longDate(dayBefore(typed)));
    await expectLastBill("specific_date", typed);

    // Confirmed: it leaves the Active list for the Cancelled one.
    await dialog.getByRole("radio", { name: "End of Current Billing Period" }).check();
    const end = await sandboxCancelDate(email, id, "end_of_current_billing_period");
    await expect(definition(dialog, "Last active day")).toHaveText(longDate(dayBefore(end)));
    await dialog.getByRole("button", { name: "Cancel subscription" }).click();
    await expect(toast(page, "Subscription cancelled successfully")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(panelOf(page, WORKSHOP)).toHaveCount(0);
    expect((await subscriptionOf(email, id)).status?.value).toBe("cancelled");
    await subTab(page, "cancelled").click();
    await expect(panelOf(page, WORKSHOP)).toBeVisible();
    await expect(panelOf(page, POOL)).toBeVisible();

    // Reactivate: a failure shows inside the dialog, which stays open; then it goes back to Active.
    const again = await openDialog(
      actionsOf(panelOf(page, WORKSHOP), WORKSHOP).getByRole("button", { name: "Reactivate" }),
      reactivateDialog(page),
    );
    await injectFault({
      method: "PUT",
      path: `/v1/subscriptions/${id}/reactivate`,
      status: 500,
      times: 1,
    });
    await again.getByRole("button", { name: "Reactivate" }).click();
    await expect(again.getByRole("alert")).toHaveText(
      "The subscription could not be reactivated. Please try again.",
    );
    await expect(again).toBeVisible();
    await again.getByRole("button", { name: "Reactivate" }).click();
    await expect(toast(page, "Subscription reactivated successfully.")).toBeVisible();
    await expect(again).toBeHidden();
    await expect(panelOf(page, WORKSHOP)).toHaveCount(0);
    await subTab(page, "active").click();
    await expect(panelOf(page, WORKSHOP)).toBeVisible();
    expect((await subscriptionOf(email, id)).status?.value).toBe("active");
  });
});
