import type { Page, Request } from "@playwright/test";
import {
  LISTS,
  cellIndex,
  headerLabels,
  listCards,
  listTable,
  openList,
  pager,
  settled,
} from "./support/dashboard";
import { expectAccessible, expectNoHorizontalScroll, snap } from "./support/page-checks";
import { injectFault } from "./support/sandbox";
import { expect, test } from "./support/signed-in";

/** The BFF calls a page makes from now on (lists and account detail). */
function bffCalls(page: Page) {
  const calls: string[] = [];
  const onRequest = (req: Request) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith("/api/lists/") || url.pathname.startsWith("/api/account/"))
      calls.push(`${req.method()} ${url.pathname}`);
  };
  page.on("request", onRequest);
  return calls;
}

const tabBar = (page: Page) => page.getByRole("tablist", { name: "Billing lists" });
const balance = (page: Page) => page.getByRole("region", { name: "Account summary" });

test.describe("dashboard", () => {
  test("a direct visit paints the balance and the list from the server: no request, no spinner", async ({
    page,
  }) => {
    const calls = bffCalls(page);
    await page.goto("/portal/dashboard?tab=payments&size=5&sort=payment_amount.asc");
    await expect(page).toHaveURL(/\?tab=payments&size=5&sort=payment_amount\.asc$/);
    await expect(listTable(page, "payments")).toBeVisible();
    await expect(balance(page).getByText(/^\$[\d,]+\.\d{2}$/)).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Loading" })).toHaveCount(0);
    await expect(listTable(page, "payments").locator("tbody tr")).toHaveCount(5);
    await page.waitForLoadState("networkidle");
    expect(calls).toEqual([]);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Billing & Payment History" })).toBeVisible();
    await expect(
      page.getByText(
        "Note: All related calculations and dates listed are based on US Eastern Time Zone",
      ),
    ).toBeVisible();
  });

  test("the page's HTML comes in reading order: the list is never sent after the footer", async ({
    page,
  }) => {
    // A Suspense boundary React sends out of order paints the frame without its content first
    // and moves what is under it when the content is revealed (a layout shift on a slow phone).
    for (const tab of ["invoices", "usages"]) {
      const response = await page.request.get(`/portal/dashboard?tab=${tab}`);
      expect(response.status()).toBe(200);
      const html = await response.text();
      const footer = html.indexOf("<footer");
      for (const part of ['id="balance-title"', "<table"]) {
        expect(html.indexOf(part), `${tab}: ${part}`).toBeGreaterThan(0);
        expect(html.indexOf(part), `${tab}: ${part}`).toBeLessThan(footer);
      }
      expect(html, tab).not.toMatch(/<div hidden id="S:/);
    }
  });

  test("a missing or unknown tab becomes the first enabled one, replacing the URL", async ({
    page,
  }) => {
    await page.goto("/portal/account");
    await page.goto("/portal/dashboard?tab=nonsense&page=x");
    await expect(page).toHaveURL(/\/portal\/dashboard\?tab=invoices(&|$)/);
    await expect(tabBar(page).getByRole("tab", { name: "Invoices" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(listTable(page, "invoices")).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/portal\/account$/);

    // A page past the end (a stale bookmark) becomes the last page; a bad size falls back alone.
    await page.goto("/portal/dashboard?tab=credits&page=999&size=7");
    await expect(page).toHaveURL(/\?tab=credits&page=3$/);
    await expect(pager(page).getByRole("button", { name: "Page 3" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("switching tabs starts the list from its defaults and fetches that list only; back returns", async ({
    page,
  }) => {
    await openList(page, "invoices", "&page=2&size=5");
    const invoiceIds = await listTable(page, "invoices").locator("tbody tr").allTextContents();
    const calls = bffCalls(page);
    await tabBar(page).getByRole("tab", { name: "Credits" }).click();
    await expect(page).toHaveURL(/\/portal\/dashboard\?tab=credits$/);
    await expect(listTable(page, "credits")).toBeVisible();
    await settled(page);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((c) => c.startsWith("GET /api/lists/credits"))).toBe(true);

    await tabBar(page).getByRole("tab", { name: "Subscriptions" }).click();
    await expect(page).toHaveURL(/\?tab=subscriptions$/);
    await expect(page.getByRole("list", { name: "Active subscriptions" })).toBeVisible();

    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(/\?tab=invoices&page=2&size=5$/);
    await expect(listTable(page, "invoices").locator("tbody tr")).toHaveCount(5);
    expect(await listTable(page, "invoices").locator("tbody tr").allTextContents()).toEqual(
      invoiceIds,
    );
  });

  test("the column picker hides columns for this browser session, never the required ones", async ({
    page,
    browser,
    storageState,
  }, testInfo) => {
    await openList(page, "payments");
    await page.getByRole("button", { name: "Columns" }).click();
    const picker = page.getByRole("group", { name: "Show columns" });
    await expect(picker).toBeVisible();
    await expect(picker.getByRole("checkbox", { name: /Payment ID/ })).toBeDisabled();
    await expect(picker.getByRole("checkbox", { name: /Payment ID/ })).toBeChecked();
    await expectAccessible(page);
    await snap(page, testInfo, "column-picker");
    await picker.getByRole("checkbox", { name: "Payment Method" }).uncheck();
    await page.keyboard.press("Escape");
    await expect.poll(() => headerLabels(page)).not.toContain("Payment Method");

    await page.reload();
    await expect(listTable(page, "payments")).toBeVisible();
    await expect.poll(() => headerLabels(page)).not.toContain("Payment Method");

    const other = await browser.newContext({ storageState });
    const fresh = await other.newPage();
    await fresh.goto("/portal/dashboard?tab=payments");
    await expect(listTable(fresh, "payments")).toBeVisible();
    expect(await headerLabels(fresh)).toContain("Payment Method");
    await other.close();
  });

  test("menus, tooltips and long texts are reachable by keyboard and pass axe", async ({
    page,
  }, testInfo) => {
    test.slow();
    await openList(page, "usages");
    const table = listTable(page, "usages");
    await table.getByRole("button", { name: "Options for Description" }).click();
    await expect(page.getByRole("menuitem", { name: "Move left" })).toBeVisible();
    await expectAccessible(page);
    await snap(page, testInfo, "column-menu");
    await page.keyboard.press("Escape");

    // A description over 40 characters is cut, with the full text in a tooltip on focus.
    const long = table.locator("tbody button").filter({ hasText: "…" }).first();
    if ((await long.count()) > 0) {
      await long.focus();
      await expect(page.getByRole("tooltip")).toBeVisible();
      await expectAccessible(page);
    }
  });

  test("an upstream failure shows in that list only, and Retry brings it back", async ({
    page,
  }) => {
    await openList(page, "invoices");
    // The first try and React Query's two retries all fail.
    await injectFault({ method: "GET", path: "/v1/payments", status: 500, times: 3 });
    await tabBar(page).getByRole("tab", { name: "Payments" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Your payments could not be loaded." });
    await expect(alert).toBeVisible({ timeout: 15_000 });
    await expect(balance(page).getByText(/^\$[\d,]+\.\d{2}$/)).toBeVisible();
    await alert.getByRole("button", { name: "Try again" }).click();
    await expect(listTable(page, "payments")).toBeVisible();
    await expect(alert).toHaveCount(0);

    // While one list fails, the others still work.
    await injectFault({ method: "GET", path: "/v1/credits", status: 502, times: 3 });
    await tabBar(page).getByRole("tab", { name: "Credits" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Your credits could not be loaded." }),
    ).toBeVisible({ timeout: 15_000 });
    await tabBar(page).getByRole("tab", { name: "Invoices" }).click();
    await expect(listTable(page, "invoices")).toBeVisible();
    await tabBar(page).getByRole("tab", { name: "Usages" }).click();
    await expect(listTable(page, "usages")).toBeVisible();
  });

  test("VIEW opens the invoice PDF and an attachment in new tabs; statements link their own PDF", async ({
    page,
    context,
  }) => {
    await openList(page, "invoices");
    const table = listTable(page, "invoices");
    const firstRow = table.locator("tbody tr").first();
    const viewButton = firstRow.getByRole("button", { name: /^VIEW invoice INV-/ });

    // No link: the tab opened by the click closes again and a toast says why.
    await injectFault({ method: "GET", path: "/v1/invoices/getPdfUrl", status: 500, times: 1 });
    const failedTab = context.waitForEvent("page");
    await viewButton.click();
    const blank = await failedTab;
    await expect.poll(() => blank.isClosed()).toBe(true);
    await expect(
      page.getByText(/billing service is not available|Something went wrong/),
    ).toBeVisible();

    // A slow link: the tab is there while the answer is still pending, since it opens with the
    // click (popup blockers stop a tab opened after an awaited fetch), and gets the link later.
    await injectFault({ method: "GET", path: "/v1/invoices/getPdfUrl", delayMs: 1500, times: 1 });
    const pdfOpened = context.waitForEvent("page");
    await viewButton.click();
    const pdf = await pdfOpened;
    await expect(viewButton).toHaveAttribute("aria-busy", "true");
    await pdf.waitForURL(/\/files\/invoices\/INV-[^/]+\.pdf\?/);
    expect(await pdf.evaluate(() => window.opener)).toBeNull();
    const pdfAnswer = await page.request.get(pdf.url());
    expect(pdfAnswer.headers()["content-type"]).toContain("application/pdf");
    await pdf.close();

    const contract = await cellIndex(page, "Contract");
    expect(contract).toBeGreaterThanOrEqual(0);
    const download = table.locator(`tbody tr td:nth-child(${contract + 1}) button`).first();
    const fileOpened = context.waitForEvent("page");
    const linkAnswer = page.waitForResponse((res) => res.url().includes("/api/attachments/"));
    await download.click();
    const { url } = (await (await linkAnswer).json()) as { url: string };
    const file = await page.request.get(url);
    expect(file.status(), url).toBe(200);
    expect(file.headers()["content-disposition"]).toContain("attachment");
    await (await fileOpened).close();

    await openList(page, "statements");
    const view = listTable(page, "statements")
      .getByRole("link", { name: /^VIEW statement/ })
      .first();
    await expect(view).toHaveAttribute("target", "_blank");
    await expect(view).toHaveAttribute("rel", "noopener noreferrer");
    const href = (await view.getAttribute("href")) ?? "";
    expect((await page.request.get(href)).headers()["content-type"]).toContain("application/pdf");
  });

  test("every tab, screenshot and axe, at desktop and mobile width @mobile", async ({
    page,
  }, testInfo) => {
    test.slow();
    const mobile = testInfo.project.name === "mobile";
    for (const list of LISTS) {
      await openList(page, list, "", mobile);
      await expectAccessible(page);
      await expectNoHorizontalScroll(page);
      await snap(page, testInfo, `dashboard-${list}`);
    }
    await page.goto("/portal/dashboard?tab=subscriptions");
    await expect(page.getByRole("list", { name: "Active subscriptions" })).toBeVisible();
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await snap(page, testInfo, "dashboard-subscriptions");
  });
});

test.describe("small screens", () => {
  test("lists are cards; usages show id, date and quantity; failed payments are red; no column picker @mobile-only", async ({
    page,
  }, testInfo) => {
    await openList(page, "usages", "", true);
    const card = listCards(page, "usages").getByRole("article").first();
    await expect(card.locator("dt")).toHaveText(["Date", "Quantity"]);
    await expect(page.getByRole("button", { name: "Columns" })).toBeHidden();
    await expect(listTable(page, "usages")).toBeHidden();

    await openList(page, "payments", "&filters=status.eq.failed", true);
    const chip = listCards(page, "payments").getByText("Failed", { exact: true }).first();
    await expect(chip).toBeVisible();
    const [chipColour, danger] = await chip.evaluate((el) => [
      getComputedStyle(el).color,
      getComputedStyle(document.documentElement).getPropertyValue("--danger").trim(),
    ]);
    const probe = await page.evaluate((c) => {
      const span = document.createElement("span");
      span.style.color = c;
      document.body.append(span);
      const colour = getComputedStyle(span).color;
      span.remove();
      return colour;
    }, danger);
    expect(chipColour).toBe(probe);
    await expectAccessible(page);
    await snap(page, testInfo, "payments-failed");
  });
});

test.describe("pay now", () => {
  test.use({ user: "zero@acme.test" });
  test("a customer with nothing due sees 'No invoice to pay'", async ({ page }) => {
    await page.goto("/portal/dashboard?tab=invoices");
    await expect(balance(page).getByText("No invoice to pay")).toBeVisible();
    await expect(page.getByRole("button", { name: /Make a payment/ })).toHaveCount(0);
  });
});

test.describe("pay now with a balance", () => {
  // A user of its own for Fabrikam Farms: paying changes only that customer's figures.
  test.use({ user: { customer: "cus_acme_1004" } });

  test("opens the hosted page once, with cp_request=true; paying there lowers the balance", async ({
    page,
    context,
  }, testInfo) => {
    await openList(page, "payments");
    const amount = balance(page).getByTestId("balance");
    const before = (await amount.textContent()) ?? "";
    expect(Number(before.replace(/[^\d.]/g, ""))).toBeGreaterThan(0);
    const paymentsBefore = await listTable(page, "payments").locator("caption").textContent();
    await expectAccessible(page);
    await snap(page, testInfo, "balance-banner");

    // No link: the tab opened by the click closes again and a toast says why.
    await injectFault({ method: "GET", path: "/v1/payments/getPayNowUrl", status: 500, times: 1 });
    const failedTab = context.waitForEvent("page");
    await page.getByRole("button", { name: /Make a payment/ }).click();
    const blank = await failedTab;
    await expect.poll(() => blank.isClosed()).toBe(true);
    await expect(
      page.getByText(/billing service is not available|Something went wrong/),
    ).toBeVisible();

    // A slow answer, so the second click surely lands while the first is still running.
    await injectFault({
      method: "GET",
      path: "/v1/payments/getPayNowUrl",
      delayMs: 1500,
      times: 1,
    });
    let payNowCalls = 0;
    page.on("request", (req) => {
      if (new URL(req.url()).pathname === "/api/pay-now") payNowCalls += 1;
    });
    const button = page.getByRole("button", { name: /Make a payment/ });
    const opened = context.waitForEvent("page");
    await button.click();
    // The tab opens within the click, before the (delayed) link has come: popup blockers let a
    // tab opened by the click itself through, not one opened after an awaited fetch.
    const payPage = await opened;
    await expect(button).toHaveAttribute("aria-busy", "true");
    await button.click({ force: true });
    await payPage.waitForURL(/\/hosted\/pay-now\//);
    await payPage.waitForLoadState();
    expect(new URL(payPage.url()).searchParams.get("cp_request")).toBe("true");
    expect(await payPage.evaluate(() => window.opener)).toBeNull();
    await snap(payPage, testInfo, "pay-now-hosted");
    expect(payNowCalls).toBe(1);
    expect(context.pages()).toHaveLength(2);

    await payPage.getByRole("button", { name: /^Pay / }).click();
    await expect(payPage.getByRole("status")).toBeVisible();
    await payPage.close();

    // Coming back to the portal's tab refetches the balance and the lists.
    await page.bringToFront();
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await expect(amount).not.toHaveText(before);
    await expect(listTable(page, "payments").locator("caption")).not.toHaveText(
      paymentsBefore ?? "",
    );
    await expect(balance(page).getByText("No invoice to pay")).toBeVisible();
  });
});
