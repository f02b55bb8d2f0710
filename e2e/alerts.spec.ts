// Billing alerts (issue 31 §3), end to end on a customer of its own (a copy of ada's
// subscriptions): thresholds and recipients set on the account page, bad input said in place with
// what was typed kept, an address confirmed from its e-mailed link (once), usage recorded at the
// billing API crossing a threshold, and the dashboard's banner naming the same threshold and value
// as the e-mail, dismissed for good. The boundaries to the cent are sandbox/tests/alerts.test.ts.
import type { Page } from "@playwright/test";
import { formatMoney } from "../lib/format/money";
import { PORTAL, api, freshUser } from "./support/account";
import { signInAndLand } from "./support/auth";
import { hydrated } from "./support/hydration";
import { expectAccessible, expectNoHorizontalScroll, snap } from "./support/page-checks";
import { PASSWORD, linkPath, mailbox, uniqueEmail, waitForMail } from "./support/sandbox";
import { copyAdasSubscriptions, WORKSHOP } from "./support/subscriptions";
import { expect, test } from "./support/signed-in";

type Estimate = {
  totals: { currency: string; projected_total: number }[];
  subscriptions: {
    subscription_id: string;
    lines: { pricing_model: string; quantity: number; next_invoice_amount: number }[];
  }[];
};

const section = (page: Page) => page.getByRole("region", { name: "Billing alerts" });
const usd = (amount: number) => formatMoney(amount, "USD", "en");

async function estimateOf(email: string): Promise<Estimate> {
  const { accessToken } = await api<{ accessToken: string }>("POST", "/v1/auth/login", {
    email,
    password: PASSWORD,
    companyId: "acme",
  });
  return api<Estimate>("GET", "/v1/customers/period_estimate", undefined, accessToken);
}

test.describe("billing alerts", () => {
  test("set on the account page, confirmed by link, fired by usage, shown and dismissed on the dashboard @mobile", async ({
    page,
  }, testInfo) => {
    // A whole journey (account, e-mail, usage, dashboard): 22 s of the 30 on a quiet machine.
    test.slow();
    const email = await freshUser("acme", { prefix: "alerts" });
    const workshop = (await copyAdasSubscriptions(email)).find((c) => c.name === WORKSHOP)!;
    await page.context().clearCookies();
    await page.goto(
      `${PORTAL.acme}/portal/login?returnTo=${encodeURIComponent("/portal/account")}`,
    );
    await signInAndLand(page, email, /\/portal\/account$/);
    const alerts = section(page);
    await expect(alerts.getByText("No thresholds yet.")).toBeVisible();

    // Bad amounts are said in place, and what was typed stays.
    const amount = alerts.getByLabel("Amount (USD)");
    await amount.fill("12.345");
    await alerts.getByRole("button", { name: "Add threshold" }).click();
    await expect(
      alerts.getByText(/at most 10 digits before the decimal sign and 2 after/),
    ).toBeVisible();
    await expect(amount).toHaveValue("12.345");
    await amount.fill("0");
    await alerts.getByRole("button", { name: "Add threshold" }).click();
    await expect(alerts.getByText("Enter an amount above zero.")).toBeVisible();

    // A threshold 10.00 above the projected total now.
    const v0 = (await estimateOf(email)).totals[0]!.projected_total;
    const threshold = (Math.round(v0 * 100) + 1000) / 100;
    await amount.fill(threshold.toFixed(2));
    await alerts.getByRole("button", { name: "Add threshold" }).click();
    await expect(alerts.getByText(`Projected total reaches ${usd(threshold)}`)).toBeVisible();
    await amount.fill(threshold.toFixed(2));
    await alerts.getByRole("button", { name: "Add threshold" }).click();
    await expect(
      alerts.getByText("There is already a threshold of this amount on this figure."),
    ).toBeVisible();

    // Recipients: the user, and an address confirmed from its link (which works once).
    await alerts.getByRole("switch", { name: `Send the alerts to me (${email})` }).click();
    await expect(
      alerts.getByRole("switch", { name: `Send the alerts to me (${email})` }),
    ).toHaveAttribute("aria-checked", "true");
    const ops = uniqueEmail("ops", "example.test");
    await alerts.getByLabel("E-mail address").fill("not an address");
    await alerts.getByRole("button", { name: "Add address" }).click();
    await expect(alerts.getByText("Invalid email")).toBeVisible();
    await alerts.getByLabel("E-mail address").fill(ops);
    await alerts.getByRole("button", { name: "Add address" }).click();
    const row = alerts.getByRole("listitem").filter({ hasText: ops });
    await expect(row).toContainText("Waiting for confirmation");
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await snap(page, testInfo, "account-alerts");

    const link = linkPath(await waitForMail(ops, /^Confirm billing alerts/), "/alerts/confirm/");
    const visitor = await page.context().browser()!.newContext();
    const other = await visitor.newPage();
    await other.goto(`${PORTAL.acme}${link}`);
    await expect(other.getByRole("status")).toHaveText(
      `${ops} will now receive billing alerts from Acme Water.`,
    );
    await expectAccessible(other);
    await other.goto(`${PORTAL.acme}${link}`);
    await expect(other.getByRole("alert").filter({ hasText: "confirmation" })).toHaveText(
      "This confirmation link has already been used.",
    );
    await visitor.close();
    await page.reload();
    await hydrated(page);
    await expect(section(page).getByRole("listitem").filter({ hasText: ops })).toContainText(
      "Confirmed",
    );

    // Usage crosses the threshold: exactly (0.0125 a unit, to the cent).
    const water = (await estimateOf(email)).subscriptions
      .find((s) => s.subscription_id === workshop.id)!
      .lines.find((l) => l.pricing_model === "usage_based")!;
    const target = Math.round((water.next_invoice_amount + 10) * 100) * 0.8;
    const recorded = await api<{ alerts: string[] }>("POST", "/__sandbox/usages", {
      email,
      subscription_id: workshop.id,
      charge_id: "CHG-1001-02-A",
      quantity: Number((target - water.quantity).toFixed(4)),
      date: new Date().toLocaleDateString("en-CA", { timeZone: "America/New_York" }),
    });
    expect(recorded.alerts).toHaveLength(1);
    const subject = `Billing alert: the projected total reached USD ${threshold.toFixed(2)}`;
    for (const to of [email, ops]) {
      const mails = (await mailbox(to)).filter((m) => m.subject.startsWith("Billing alert"));
      expect(mails.map((m) => m.subject)).toEqual([subject]);
    }

    // The dashboard's banner names the same threshold and value; dismissed, it stays gone.
    await page.goto("/portal/dashboard");
    const banner = page.getByRole("status").filter({ hasText: "Billing alert" });
    await expect(banner).toContainText(
      `is ${usd(threshold)}, at or above your threshold of ${usd(threshold)}`,
    );
    await expectAccessible(page);
    await banner.getByRole("button", { name: "Dismiss this alert" }).click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Billing & Payment History" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Billing alert" })).toHaveCount(0);

    // The account page's history lists it.
    await page.goto("/portal/account");
    const history = section(page).getByRole("table", { name: "Alerts sent" });
    await expect(history.getByRole("row").nth(1)).toContainText(usd(threshold));
  });
});
