// "This period" on the dashboard (issue 31 §1): the card says what the billing API's period
// estimate says, to the cent and the day, for two customers of two companies (USD and CAD); a
// billing API without the operation shows no card, a failing one says so and the page still works.
import type { Locator, Page } from "@playwright/test";
import { formatDate } from "../lib/format/dates";
import { formatMoney } from "../lib/format/money";
import { PORTAL, api, freshUser, type Company } from "./support/account";
import { signInAndLand } from "./support/auth";
import { expectAccessible, expectNoHorizontalScroll, snap } from "./support/page-checks";
import { PASSWORD, injectFault } from "./support/sandbox";
import { expect, test } from "./support/signed-in";

type Range = { start: string; end: string };
type Line = {
  charge_name: string;
  cost_so_far: number;
  next_invoice_amount: number;
  billed_period: Range | null;
};
type Estimate = {
  subscription_name: string;
  status: string;
  currency: string;
  cancellation_date: string | null;
  period: Range | null;
  next_invoice_date: string | null;
  cost_so_far: number;
  projected_total: number;
  credits_applied: number;
  lines: Line[];
};
type Total = {
  currency: string;
  cost_so_far: number;
  projected_total: number;
  credits_applied: number;
  projected_amount_due: number;
  next_invoice_date: string | null;
};
type CustomerEstimate = { today: string; subscriptions: Estimate[]; totals: Total[] };

async function estimateOf(email: string, company: Company): Promise<CustomerEstimate> {
  const { accessToken } = await api<{ accessToken: string }>("POST", "/v1/auth/login", {
    email,
    password: PASSWORD,
    companyId: company,
  });
  return api<CustomerEstimate>("GET", "/v1/customers/period_estimate", undefined, accessToken);
}

const card = (page: Page) => page.getByRole("region", { name: "This period" });
const money = (amount: number, currency: string) => formatMoney(amount, currency, "en");
const day = (value: string) => formatDate(value, "en");
const range = (r: Range) => `${day(r.start)} – ${day(r.end)}`;

/** A figure of a <dl>: the <dd> after the <dt> that names it. */
const figure = (scope: Locator, label: string) =>
  scope
    .locator("dt", { hasText: new RegExp(`^${label}$`) })
    .locator("xpath=following-sibling::dd[1]");

async function expectCardMatches(page: Page, estimate: CustomerEstimate) {
  const region = card(page);
  await expect(region).toBeVisible();
  await expect(region.getByText(`As of ${day(estimate.today)}`)).toBeVisible();
  for (const total of estimate.totals) {
    const totals = region.locator("dl").first();
    await expect(figure(totals, "Cost so far")).toHaveText(
      money(total.cost_so_far, total.currency),
    );
    await expect(figure(totals, "Projected total").first()).toHaveText(
      money(total.projected_total, total.currency),
    );
    await expect(figure(totals, "Credits that will apply")).toHaveText(
      money(-total.credits_applied, total.currency),
    );
    await expect(figure(totals, "Projected amount due").first()).toHaveText(
      money(total.projected_amount_due, total.currency),
    );
    await expect(
      totals.getByText(`Next invoice on ${day(total.next_invoice_date!)}`),
    ).toBeVisible();
  }
  const list = region.getByRole("list", { name: "This period by subscription" });
  for (const s of estimate.subscriptions) {
    const item = list
      .getByRole("listitem")
      .filter({ has: page.getByText(s.subscription_name, { exact: true }) });
    if (s.status === "cancelled") {
      await expect(item).toContainText(`Cancelled on ${day(s.cancellation_date!)}`);
      continue;
    }
    if (s.status === "draft") {
      await expect(item).toContainText("Not started yet: nothing is billed.");
      continue;
    }
    await expect(item).toContainText(`Billing period ${range(s.period!)}`);
    await expect(figure(item, "Cost so far")).toHaveText(money(s.cost_so_far, s.currency));
    await expect(figure(item, "Projected total")).toHaveText(money(s.projected_total, s.currency));
    await expect(figure(item, "Credits that will apply")).toHaveText(
      money(-s.credits_applied, s.currency),
    );
    await expect(figure(item, "Next invoice")).toHaveText(day(s.next_invoice_date!));
  }

  // How it is computed, line by line, behind a disclosure that works without script.
  const how = region.getByText("How is this estimate computed?");
  await how.click();
  for (const s of estimate.subscriptions.filter((x) => x.status === "active")) {
    for (const l of s.lines) {
      const line = region
        .getByRole("listitem")
        .filter({ has: page.getByText(l.charge_name, { exact: true }) })
        .filter({ hasText: "So far:" })
        .first();
      await expect(figure(line, "So far:")).toHaveText(money(l.cost_so_far, s.currency));
      await expect(figure(line, "Next invoice:")).toHaveText(
        l.billed_period
          ? `${money(l.next_invoice_amount, s.currency)} for ${range(l.billed_period)}`
          : "Not on the next invoice",
      );
    }
  }
}

test.describe("This period", () => {
  test("ada's card says what the billing API estimates, line by line @mobile", async ({
    page,
  }, testInfo) => {
    const estimate = await estimateOf("ada@acme.test", "acme");
    expect(estimate.subscriptions.map((s) => s.status).sort()).toEqual([
      "active",
      "active",
      "cancelled",
    ]);
    await page.goto("/portal/dashboard");
    await expectCardMatches(page, estimate);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await snap(page, testInfo, "dashboard-this-period");
  });

  test("gina's card (Globex, in Canadian dollars) says what the billing API estimates", async ({
    page,
  }) => {
    const estimate = await estimateOf("gina@globex.test", "globex");
    expect(estimate.totals.map((t) => t.currency)).toEqual(["CAD"]);
    await page.context().clearCookies();
    await page.goto(`${PORTAL.globex}/portal/login`);
    await signInAndLand(page, "gina@globex.test", /\/portal\/dashboard/);
    await expectCardMatches(page, estimate);
    await expectAccessible(page);
  });

  test("no card where the billing API has no estimates; a failing one is said, the rest works", async ({
    page,
  }) => {
    const email = await freshUser("acme", { prefix: "period", customerId: "cus_acme_1002" });
    await page.context().clearCookies();
    await page.goto(`${PORTAL.acme}/portal/login`);
    await signInAndLand(page, email, /\/portal\/dashboard/);
    await expect(card(page)).toBeVisible();
    await expect(card(page)).toContainText("Not started yet: nothing is billed.");

    await injectFault({
      method: "GET",
      path: "/v1/customers/period_estimate",
      status: 404,
      times: 1,
      email,
    });
    await page.reload();
    await expect(page.getByRole("heading", { name: "Billing & Payment History" })).toBeVisible();
    await expect(card(page)).toHaveCount(0);

    await injectFault({
      method: "GET",
      path: "/v1/customers/period_estimate",
      status: 503,
      times: 1,
      email,
    });
    await page.reload();
    await expect(card(page)).toContainText("This period's estimate could not be loaded just now.");
    await expect(page.getByRole("tablist", { name: "Billing lists" })).toBeVisible();
  });
});
