// Paying chosen invoices (issue 32 §1, §2): rows selected on the invoices list (a click, Shift for
// a range, Space, "select all N", cleared by a filter), the pay dialog's sum before anything
// happens, one payment with the default card that the balance, the invoices and the payments
// follow without a reload, its receipt; the same payment made with the keyboard alone; a declined
// card charges nothing; a double click and a lost answer make one payment. Each test pays a copy
// of Ada's invoices of its own.
import type { Locator, Page } from "@playwright/test";
import { formatMoney } from "../lib/format/money";
import { PORTAL, api, freshUser, saveCard } from "./support/account";
import { signInAndLand } from "./support/auth";
import { expectAccessible, expectNoHorizontalScroll, snap } from "./support/page-checks";
import { PASSWORD, injectFault } from "./support/sandbox";
import { expect, test } from "./support/signed-in";

type Invoice = { id: string; balance: number; status: string; due_date: string };
type PaymentRow = { id: string; invoice_ids: string[]; payment_amount: number };

const usd = (amount: number) => formatMoney(amount, "USD", "en");

async function bearer(email: string): Promise<string> {
  const out = await api<{ accessToken: string }>("POST", "/v1/auth/login", {
    email,
    password: PASSWORD,
    companyId: "acme",
  });
  return out.accessToken;
}

/** The customer's invoices as the list's first page shows them (newest first). */
async function firstPage(email: string): Promise<Invoice[]> {
  const data = await api<{ invoices: Invoice[] }>(
    "GET",
    "/v1/invoices?page=1&size=10&sort=invoice_date%20desc",
    undefined,
    await bearer(email),
  );
  return data.invoices;
}

async function paymentsOf(email: string): Promise<PaymentRow[]> {
  const data = await api<{ payments: { payments: PaymentRow[] } }>(
    "GET",
    "/v1/payments?page=1&size=50",
    undefined,
    await bearer(email),
  );
  return data.payments.payments;
}

/** A user with a customer of its own holding a copy of Ada's invoices and saved methods. */
async function payer(page: Page): Promise<string> {
  const email = await freshUser("acme", { prefix: "pay" });
  await api("POST", "/__sandbox/invoices/copy", { email });
  await page.context().clearCookies();
  await page.goto(`${PORTAL.acme}/portal/login`);
  await signInAndLand(page, email, /\/portal\/dashboard/);
  return email;
}

const box = (page: Page, id: string) => page.getByRole("checkbox", { name: `Select ${id}` });
const bar = (page: Page) => page.getByRole("group", { name: "Selected rows" });
const dialog = (page: Page) => page.getByRole("dialog", { name: /^Pay/ });
const balanceFigure = (page: Page) =>
  page.getByRole("region", { name: "Account summary" }).getByTestId("balance");

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has focus, as a keyboard user moves through
 * the page; fails when `max` presses do not reach it (a control the keyboard cannot get to).
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 120 } = {}) {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  await expect(target).toBeFocused();
}

/** Whether the focused element is inside `container`. */
const holdsFocus = (container: Locator) =>
  container.evaluate((el) => el.contains(document.activeElement));

test.describe("paying chosen invoices", () => {
  test("selects rows by click, Shift and Space; select all; a filter clears it", async ({
    page,
  }) => {
    const email = await payer(page);
    const rows = await firstPage(email);
    const table = page.getByRole("table").first();
    await expect(table).toBeVisible();

    await box(page, rows[0]!.id).click();
    await expect(bar(page)).toContainText("1 row selected");
    // Shift-click ticks the range from the last row clicked.
    await box(page, rows[3]!.id).click({ modifiers: ["Shift"] });
    await expect(bar(page)).toContainText("4 rows selected");
    for (const row of rows.slice(0, 4)) await expect(box(page, row.id)).toBeChecked();
    // Space on a focused box unticks it.
    await box(page, rows[1]!.id).focus();
    await page.keyboard.press("Space");
    await expect(box(page, rows[1]!.id)).not.toBeChecked();
    await expect(bar(page)).toContainText("3 rows selected");

    // The page's box, then every row that matches the filters, beyond this page.
    const pageBox = page.getByRole("checkbox", { name: "Select every row on this page" });
    await pageBox.check();
    await expect(bar(page)).toContainText(`${rows.length} rows selected`);
    const total = await invoiceTotal(email);
    await bar(page)
      .getByRole("button", { name: `Select all ${total} rows that match the filters` })
      .click();
    await expect(bar(page)).toContainText(`${total} rows selected`);
    await expectAccessible(page);

    // Clear, then a new selection that a filter drops.
    await bar(page).getByRole("button", { name: "Clear selection" }).click();
    await expect(bar(page)).toHaveCount(0);
    await box(page, rows[0]!.id).click();
    await expect(bar(page)).toBeVisible();
    await page.goto(`/portal/dashboard?tab=invoices&filters=${encodeURIComponent("balance.gt.0")}`);
    await expect(page.getByRole("table").first()).toBeVisible();
    await expect(bar(page)).toHaveCount(0);
  });

  test("pays two selected invoices with the default card; everything follows without a reload", async ({
    page,
    context,
  }, testInfo) => {
    const email = await payer(page);
    const open = (await firstPage(email)).filter((i) => i.balance > 0 && i.status !== "Void");
    expect(open.length).toBeGreaterThanOrEqual(2);
    const [a, b] = open;
    const sum = Math.round((a!.balance + b!.balance) * 100) / 100;
    const balanceBefore = await balanceFigure(page).textContent();
    const paymentsBefore = (await paymentsOf(email)).length;

    await box(page, a!.id).click();
    await box(page, b!.id).click();
    await bar(page).getByRole("button", { name: "Pay selected" }).click();
    const pay = dialog(page);
    await expect(pay).toBeVisible();
    // The sum, before anything happens.
    await expect(pay.getByText(`Total to pay: ${usd(sum)}`)).toBeVisible();
    await expect(pay.getByRole("row", { name: new RegExp(a!.id) })).toContainText(usd(a!.balance));
    await expect(pay.getByRole("radio", { name: /Visa ending 4242/ })).toBeChecked();
    await expectAccessible(page);
    await snap(page, testInfo, "pay-dialog");

    await pay.getByRole("button", { name: `Pay ${usd(sum)}` }).click();
    const paid = pay.getByRole("status").filter({ hasText: /Payment .* received/ });
    await expect(paid).toContainText(usd(sum));
    const made = (await paymentsOf(email)).find(
      (p) => p.invoice_ids.includes(a!.id) && p.invoice_ids.includes(b!.id),
    );
    expect(made?.payment_amount).toBe(sum);
    expect((await paymentsOf(email)).length).toBe(paymentsBefore + 1);
    await expect(paid).toContainText(made!.id);

    // The receipt opens in a new tab, as a PDF.
    const tab = context.waitForEvent("page");
    await pay.getByRole("button", { name: /Download the receipt/ }).click();
    const receipt = await tab;
    await expect.poll(() => receipt.url()).toMatch(/\/files\/receipts\/.+\.pdf/);
    await receipt.close();
    await pay.getByRole("button", { name: "Done" }).click();

    // Without a reload: the balance, the rows' statuses, the selection cleared, the payments list.
    await expect(balanceFigure(page)).not.toHaveText(balanceBefore ?? "");
    await expect(bar(page)).toHaveCount(0);
    const rowOf = (id: string) => page.getByRole("row", { name: new RegExp(id) });
    await expect(rowOf(a!.id)).toContainText("Paid");
    await expect(rowOf(b!.id)).toContainText("Paid");
    await page.getByRole("tab", { name: "Payments" }).click();
    await expect(page.getByRole("row", { name: new RegExp(made!.id) })).toBeVisible();
    await expect(
      page
        .getByRole("row", { name: new RegExp(made!.id) })
        .getByRole("button", { name: /Receipt/ }),
    ).toBeVisible();
  });

  test("pays selected invoices with the keyboard alone: Space, a Shift range, Escape, arrows, Enter", async ({
    page,
  }) => {
    // About a hundred key presses across the table's header and rows, one round trip each.
    test.slow();
    const email = await payer(page);
    const rows = (await firstPage(email)).slice(0, 4);
    // A range of four rows, the second then unticked: two that owe something and one that does not.
    const chosen = [rows[0]!, rows[2]!, rows[3]!];
    const open = chosen.filter((i) => i.balance > 0 && i.status !== "Void");
    expect(open).toHaveLength(2);
    const sum = Math.round(open.reduce((total, i) => total + i.balance, 0) * 100) / 100;
    const paymentsBefore = (await paymentsOf(email)).length;
    await expect(page.getByRole("table").first()).toBeVisible();

    // Tab to the first row's box, Space ticks it; Tab on to the fourth, Shift+Space ticks the range.
    await tabTo(page, box(page, rows[0]!.id));
    await page.keyboard.press("Space");
    await expect(box(page, rows[0]!.id)).toBeChecked();
    await expect(bar(page)).toContainText("1 row selected");
    await tabTo(page, box(page, rows[3]!.id));
    await page.keyboard.press("Shift+Space");
    for (const row of rows) await expect(box(page, row.id)).toBeChecked();
    await expect(bar(page)).toContainText("4 rows selected");
    // Back to the second row's box: Space unticks it.
    await tabTo(page, box(page, rows[1]!.id), { back: true });
    await page.keyboard.press("Space");
    await expect(box(page, rows[1]!.id)).not.toBeChecked();
    await expect(bar(page)).toContainText("3 rows selected");

    // Back up to the selection bar's "Pay selected"; Enter opens the dialog, with the focus in it.
    const paySelected = bar(page).getByRole("button", { name: "Pay selected" });
    await tabTo(page, paySelected, { back: true });
    await page.keyboard.press("Enter");
    const pay = dialog(page);
    await expect(pay).toBeVisible();
    await expect.poll(() => holdsFocus(pay)).toBe(true);
    await expect(pay).toContainText(`Total to pay: ${usd(sum)}`);
    // Escape closes it and gives the focus back to the button that opened it, the selection kept.
    await page.keyboard.press("Escape");
    await expect(pay).toBeHidden();
    await expect(paySelected).toBeFocused();
    await expect(bar(page)).toContainText("3 rows selected");

    // Space opens it again: exactly the open invoices, their sum, the one owing nothing left out.
    await page.keyboard.press("Space");
    await expect(pay).toBeVisible();
    await expect.poll(() => holdsFocus(pay)).toBe(true);
    for (const invoice of open)
      await expect(pay.getByRole("row", { name: new RegExp(invoice.id) })).toContainText(
        usd(invoice.balance),
      );
    await expect(pay.getByRole("row", { name: new RegExp(rows[1]!.id) })).toHaveCount(0);
    await expect(pay).toContainText("1 selected invoice owes nothing and is left out.");
    await expectAccessible(page);

    // The saved card by arrow keys: the choice moves off it and back, the focus with it.
    const card = pay.getByRole("radio", { name: /Visa ending 4242/ });
    await tabTo(page, card);
    await expect(card).toBeChecked();
    await page.keyboard.press("ArrowDown");
    await expect(card).not.toBeChecked();
    await page.keyboard.press("ArrowUp");
    await expect(card).toBeChecked();
    await expect(card).toBeFocused();
    const confirm = pay.getByRole("button", { name: `Pay ${usd(sum)}` });
    await expect(confirm).toHaveAccessibleDescription(`Total to pay: ${usd(sum)}`);
    await tabTo(page, confirm);
    await page.keyboard.press("Enter");

    const paid = pay.getByRole("status").filter({ hasText: /Payment .* received/ });
    await expect(paid).toContainText(usd(sum));
    const made = (await paymentsOf(email)).find((p) =>
      open.every((invoice) => p.invoice_ids.includes(invoice.id)),
    );
    expect(made?.payment_amount).toBe(sum);
    expect(made?.invoice_ids).toHaveLength(open.length);
    expect((await paymentsOf(email)).length).toBe(paymentsBefore + 1);
    await expect(paid).toContainText(made!.id);
    // "Done" has the focus; Enter closes the dialog. The paid rows say so, the selection is gone.
    const done = pay.getByRole("button", { name: "Done" });
    await expect(done).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(pay).toBeHidden();
    await expect(bar(page)).toHaveCount(0);
    // "Pay selected" went with the selection: the focus goes back to the invoices list, not to
    // the start of the page.
    await expect(page.getByRole("group", { name: "Invoices" })).toBeFocused();
    for (const invoice of open)
      await expect(page.getByRole("row", { name: new RegExp(invoice.id) })).toContainText("Paid");
  });

  test("a declined card says why and charges nothing; a double click and a lost answer pay once", async ({
    page,
  }) => {
    const email = await payer(page);
    await saveCard(email, "acme", "4000000000000341");
    await page.reload();
    const open = (await firstPage(email)).filter((i) => i.balance > 0 && i.status !== "Void");
    const [a, b] = open;
    const before = await paymentsOf(email);

    await box(page, a!.id).click();
    await bar(page).getByRole("button", { name: "Pay selected" }).click();
    const pay = dialog(page);
    await pay.getByRole("radio", { name: /ending 0341/ }).check();
    await pay.getByRole("button", { name: `Pay ${usd(a!.balance)}` }).click();
    await expect(pay.getByRole("alert")).toContainText(
      "Your card was declined. Nothing was charged",
    );
    expect(await paymentsOf(email)).toEqual(before);

    // Another method, clicked twice: one payment.
    await pay.getByRole("radio", { name: /Visa ending 4242/ }).check();
    const button = pay.getByRole("button", { name: `Pay ${usd(a!.balance)}` });
    await button.dblclick();
    await expect(pay.getByRole("status").filter({ hasText: /received/ })).toBeVisible();
    expect((await paymentsOf(email)).length).toBe(before.length + 1);
    await pay.getByRole("button", { name: "Done" }).click();

    // The billing API makes the payment but its answer is lost: one payment, and it is shown.
    await injectFault({ method: "POST", path: "/v1/payments", lose: true, times: 1, email });
    await box(page, b!.id).click();
    await bar(page).getByRole("button", { name: "Pay selected" }).click();
    await dialog(page)
      .getByRole("button", { name: `Pay ${usd(b!.balance)}` })
      .click();
    await expect(
      dialog(page)
        .getByRole("status")
        .filter({ hasText: /received/ }),
    ).toContainText(usd(b!.balance));
    const after = await paymentsOf(email);
    expect(after.length).toBe(before.length + 2);
    expect(after.filter((p) => p.invoice_ids.includes(b!.id))).toHaveLength(1);
  });

  test("pays exactly the selected set on the hosted page; a declined card there changes nothing", async ({
    page,
    context,
  }) => {
    const email = await payer(page);
    const open = (await firstPage(email)).filter((i) => i.balance > 0 && i.status !== "Void");
    const [a, b] = open;
    const sum = Math.round((a!.balance + b!.balance) * 100) / 100;
    await box(page, a!.id).click();
    await box(page, b!.id).click();
    await bar(page).getByRole("button", { name: "Pay selected" }).click();
    const pay = dialog(page);
    await pay.getByRole("radio", { name: /secure payment page/ }).check();
    const opened = context.waitForEvent("page");
    await pay.getByRole("button", { name: "Continue to the payment page" }).click();
    const hosted = await opened;
    await hosted.waitForLoadState();
    // Exactly the two invoices, and their sum.
    await expect(hosted.getByRole("row", { name: new RegExp(a!.id) })).toBeVisible();
    await expect(hosted.getByRole("row", { name: new RegExp(b!.id) })).toBeVisible();
    await expect(hosted.getByRole("button", { name: `Pay ${usd(sum)}` })).toBeVisible();
    const fill = async (number: string) => {
      await hosted.getByLabel("Cardholder name").fill("Ada Lovelace");
      await hosted.getByLabel("Card number").fill(number);
      await hosted.getByLabel("Expiry date (MM / YY)").fill("12 / 34");
      await hosted.getByLabel("CVC").fill("123");
      await hosted.getByRole("button", { name: `Pay ${usd(sum)}` }).click();
    };
    await fill("4000 0000 0000 9995");
    await expect(hosted.getByRole("alert")).toContainText("insufficient funds");
    expect((await paymentsOf(email)).filter((p) => p.invoice_ids.includes(a!.id))).toHaveLength(0);
    await fill("4242 4242 4242 4242");
    await expect(hosted.getByRole("heading", { name: "Payment received" })).toBeVisible();
    await hosted.close();
    await expect(pay.getByText(/The payment page opened in a new tab/)).toBeVisible();

    // Back on the portal: the invoices are paid, without a reload.
    await page.bringToFront();
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await pay.getByRole("button", { name: "Cancel" }).click();
    await expect(pay).toBeHidden();
    const rowOf = (id: string) => page.getByRole("row", { name: new RegExp(id) });
    await expect(rowOf(a!.id)).toContainText("Paid");
    await expect(rowOf(b!.id)).toContainText("Paid");
  });

  test("pays an amount, oldest first, on a phone @mobile", async ({ page }, testInfo) => {
    const email = await payer(page);
    await expect(page.getByRole("button", { name: "Pay all overdue" })).toBeVisible();
    await snap(page, testInfo, "invoices-pay-buttons");
    await expectNoHorizontalScroll(page);
    await page.getByRole("button", { name: "Pay an amount" }).click();
    const pay = dialog(page);
    await expect(pay.getByText(/Total to pay/)).toBeVisible();
    await pay.getByRole("textbox", { name: "Amount (USD)" }).fill("4.99");
    await pay.getByRole("button", { name: /^Pay / }).click();
    await expect(
      pay.getByText("The amount is below the smallest amount you can pay."),
    ).toBeVisible();
    await pay.getByRole("textbox", { name: "Amount (USD)" }).fill("25");
    await expect(pay.getByRole("columnheader", { name: "Paid now" })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await snap(page, testInfo, "pay-amount");
    await pay.getByRole("button", { name: `Pay ${usd(25)}` }).click();
    await expect(pay.getByRole("status").filter({ hasText: /received/ })).toContainText(usd(25));
    const [made] = (await paymentsOf(email)).filter((p) => p.payment_amount === 25);
    expect(made).toBeTruthy();
  });
});

/** How many invoices the customer has (the list's total). */
async function invoiceTotal(email: string): Promise<number> {
  const data = await api<{ total: number }>(
    "GET",
    "/v1/invoices?page=1&size=5&with_total=true",
    undefined,
    await bearer(email),
  );
  return data.total;
}
