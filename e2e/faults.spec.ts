import { expect, test, type Locator, type Page } from "@playwright/test";
import { listTable, type ListName } from "./support/dashboard";
import { appErrors, browserErrors, freshUser } from "./support/fresh-user";
import { FAULTS, faultFor, pendingFaults } from "./support/faults";
import { clearFaults, injectFault } from "./support/sandbox";

// Faults, tab by tab (issue 12 §3): each of the dashboard's lists and the subscriptions tab, when
// the billing API answers 500 or 502, cuts the connection, sends malformed JSON or is slower than
// BILLING_TIMEOUT_MS. The part that failed says so in words, with Retry; the rest of the page
// (title, balance, tabs) keeps working; Retry brings the data; the browser reports no error of
// the app's own. The Invoices tab and the account page's contact details go through every kind,
// the other tabs and account parts through one each (faultFor). Each test has a user of its own,
// so its faults touch no other test.

type Part = {
  tab: string;
  /** A tab to start from, so that clicking `tab` asks the BFF (the browser caches lists). */
  from: string;
  path: string;
  error: string;
  retry: string;
  loaded: (page: Page) => Locator;
};

const list = (name: ListName, tab: string, from: string): Part => ({
  tab,
  from,
  path: `/v1/${name}`,
  error: `Your ${name} could not be loaded.`,
  retry: "Try again",
  loaded: (page) => listTable(page, name),
});

const PARTS: Part[] = [
  list("invoices", "Invoices", "payments"),
  list("payments", "Payments", "invoices"),
  list("usages", "Usages", "invoices"),
  list("credits", "Credits", "invoices"),
  list("statements", "Statements", "invoices"),
  {
    tab: "Subscriptions",
    from: "invoices",
    path: "/v1/subscriptions",
    error: "Failed to load subscriptions",
    retry: "Try again",
    loaded: (page) => page.getByRole("tablist", { name: "Subscriptions by status" }),
  },
];

for (const [i, part] of PARTS.entries()) {
  // Invoices sweep every kind; the other tabs, opened and retried the same way, take one each
  // (faultFor 0–4; the filter builder's values, asked the same way, 5: e2e/faults-parts.spec.ts).
  const one = i === 0 ? null : faultFor(i - 1);
  const faults = one ? [one] : FAULTS;
  test(`${part.tab}: ${one?.name ?? "every kind of upstream failure"} shows in the tab with Retry, and Retry recovers`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const email = await freshUser(page, "faults");
    const errors = browserErrors(page);
    for (const { name, fault, times } of faults) {
      await test.step(name, async () => {
        await page.goto(`/portal/dashboard?tab=${part.from}`);
        await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
        await injectFault({ method: "GET", path: part.path, times, email, ...fault });
        await page
          .getByRole("tablist", { name: "Billing lists" })
          .getByRole("tab", { name: part.tab })
          .click();

        const alert = page.getByRole("alert").filter({ hasText: part.error });
        await expect(alert).toBeVisible({ timeout: 20_000 });
        // The rest of the page is untouched: the balance and the other tabs.
        await expect(page.getByTestId("balance")).toBeVisible();
        await expect(
          page
            .getByRole("tablist", { name: "Billing lists" })
            .getByRole("tab", { name: part.from, exact: false }),
        ).toBeEnabled();
        expect(await pendingFaults(email), "every injected failure was met").toBe(0);

        await alert.getByRole("button", { name: part.retry }).click();
        await expect(part.loaded(page)).toBeVisible({ timeout: 15_000 });
        await expect(alert).toHaveCount(0);
      });
    }
    expect(appErrors(errors)).toEqual([]);
  });
}

// Contact details sweep every kind for the parts a page's server render prefetches and streams;
// Payment methods take faultFor(0), the bank-transfer details with the add-payment link 1, the
// add-payment form 2 and the dashboard's balance banner 3 (e2e/faults-parts.spec.ts).
const ACCOUNT_PARTS = [
  {
    region: "Contact details",
    path: "/v1/user/me/contactDetails",
    loaded: (region: Locator) => region.getByRole("button", { name: "Edit" }),
    faults: FAULTS,
  },
  {
    region: "Payment methods",
    path: "/v1/paymentMethods",
    loaded: (region: Locator) =>
      region.getByTestId("payment-method").or(region.getByText("No payment methods saved yet.")),
    faults: [faultFor(0)],
  },
];

test("the account page: each part that fails says so with Try again while the rest works, and it recovers", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const email = await freshUser(page, "faults-account");
  const errors = browserErrors(page);
  for (const part of ACCOUNT_PARTS)
    for (const { name, fault } of part.faults) {
      await test.step(`${part.region}: ${name}`, async () => {
        // Enough failures for the server's render and the browser's own attempts alike.
        await injectFault({ method: "GET", path: part.path, times: 10, email, ...fault });
        await page.goto("/portal/account");
        await expect(page.getByRole("heading", { name: "Manage account", level: 1 })).toBeVisible();
        const region = page.getByRole("region", { name: part.region });
        const failed = region.getByText("We could not load this part of your account.");
        await expect(failed).toBeVisible({ timeout: 40_000 });
        // The other part is there.
        const other = ACCOUNT_PARTS.find((p) => p !== part)!;
        await expect(other.loaded(page.getByRole("region", { name: other.region }))).toBeVisible();

        await clearFaults(email);
        await region.getByRole("button", { name: "Try again" }).click();
        await expect(part.loaded(region)).toBeVisible({ timeout: 15_000 });
        await expect(failed).toHaveCount(0);
      });
    }
  expect(appErrors(errors)).toEqual([]);
});
