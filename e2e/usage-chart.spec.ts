// The usage chart above the usages table (issue 31 §2): its totals are the table's filtered sum
// of quantity (three filters, one a contains), the grouping lives in the URL, the bars are read by
// keyboard with their values, "show as table" holds the same numbers, Arabic runs time from the
// right, and a phone shows it without sideways scroll.
import type { Page } from "@playwright/test";
import { formatNumber } from "../lib/format/number";
import { PORTAL, api } from "./support/account";
import { listTable } from "./support/dashboard";
import { expectLocale, inLocale } from "./support/locale";
import { expectAccessible, expectNoHorizontalScroll, snap } from "./support/page-checks";
import { PASSWORD } from "./support/sandbox";
import { expect, test } from "./support/signed-in";

type Usage = { quantity: number; unit_of_measure: string };

const chart = (page: Page) => page.getByRole("region", { name: "Usage over time" });
const totals = (page: Page) => chart(page).getByRole("list", { name: "Totals for these filters" });

/** ada's usage rows for filter_options, summed per unit to the 4th decimal, from the list itself. */
async function sumsFromTheList(filterOptions: [string, string][]) {
  const { accessToken } = await api<{ accessToken: string }>("POST", "/v1/auth/login", {
    email: "ada@acme.test",
    password: PASSWORD,
    companyId: "acme",
  });
  const sums = new Map<string, { tenThousandths: number; count: number }>();
  for (let page = 1; ; page++) {
    const query = new URLSearchParams([["page", String(page)], ["size", "100"], ...filterOptions]);
    const data = await api<{ usages: Usage[]; total: number }>(
      "GET",
      `/v1/usages?${query}`,
      undefined,
      accessToken,
    );
    for (const u of data.usages) {
      const s = sums.get(u.unit_of_measure) ?? { tenThousandths: 0, count: 0 };
      s.tenThousandths += Math.round(u.quantity * 10_000);
      s.count += 1;
      sums.set(u.unit_of_measure, s);
    }
    if (page * 100 >= data.total) break;
  }
  return [...sums.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(
      ([unit, s]) =>
        `${formatNumber(s.tenThousandths / 10_000, "en")} ${unit} in ${s.count} record${s.count === 1 ? "" : "s"}`,
    );
}

const CASES: { name: string; url: string; filterOptions: [string, string][] }[] = [
  {
    name: "unit is kWh",
    url: "filters=unit_of_measure.eq.kWh",
    filterOptions: [["filter_options[usages][0][unit_of_measure]", "kWh"]],
  },
  {
    name: "description contains water",
    url: "filters=description.like.water",
    filterOptions: [["filter_options[usages][0][description]", "/water/i"]],
  },
  {
    name: "quantity above 500",
    url: "filters=quantity.gt.500",
    filterOptions: [["filter_options[usages][0][quantity][gt]", "500"]],
  },
];

test.describe("usage chart", () => {
  for (const c of CASES) {
    test(`its totals are the table's filtered sum of quantity: ${c.name}`, async ({ page }) => {
      const expected = await sumsFromTheList(c.filterOptions);
      expect(expected.length).toBeGreaterThan(0);
      await page.goto(`/portal/dashboard?tab=usages&${c.url}`);
      await expect(listTable(page, "usages")).toBeVisible();
      await expect(totals(page).getByRole("listitem")).toHaveText(expected);
    });
  }

  test("the grouping is kept in the URL; bars read their values by keyboard; a table holds the same", async ({
    page,
  }, testInfo) => {
    await page.goto("/portal/dashboard?tab=usages&filters=unit_of_measure.eq.kWh");
    const region = chart(page);
    await expect(region.getByRole("radio", { name: "Month" })).toBeChecked();
    await region.getByText("Week", { exact: true }).click();
    await expect(page).toHaveURL(/[?&]chart=week/);
    await page.reload();
    await expect(region.getByRole("radio", { name: "Week" })).toBeChecked();

    const bars = region.getByRole("group", { name: "kWh per week" }).getByRole("img");
    await expect(bars.first()).toBeVisible();
    const count = await bars.count();
    expect(count).toBeGreaterThan(10);
    // One tab stop: the newest bar; arrow keys walk back in time.
    await bars.nth(count - 1).focus();
    await expect(bars.nth(count - 1)).toHaveAttribute("aria-label", /^Week of .+: [\d,.]+ kWh$/);
    await page.keyboard.press("ArrowLeft");
    await expect(bars.nth(count - 2)).toBeFocused();
    await page.keyboard.press("Home");
    await expect(bars.nth(0)).toBeFocused();
    const first = await bars.nth(0).getAttribute("aria-label");

    await region.getByRole("button", { name: "Show as table" }).click();
    const table = region.getByRole("table", { name: "Usage per week" });
    await expect(table).toBeVisible();
    const firstRow = table.locator("tbody tr").first();
    const [period, value] = first!.split(": ");
    await expect(firstRow.getByRole("rowheader")).toHaveText(period!);
    await expect(firstRow.getByRole("cell")).toHaveText(value!.replace(" kWh", ""));
    await expectAccessible(page);
    await snap(page, testInfo, "usage-chart-table");
  });

  test("in Arabic, time runs from the right", async ({ page }) => {
    await inLocale(page, "ar", PORTAL.acme);
    await page.goto("/portal/dashboard?tab=usages&filters=unit_of_measure.eq.kWh");
    await expectLocale(page, "ar");
    const bars = page.locator("section[aria-labelledby=usage-chart-title] svg [role=img]");
    await expect(bars.first()).toBeVisible();
    const count = await bars.count();
    const oldest = await bars.nth(0).boundingBox();
    const newest = await bars.nth(count - 1).boundingBox();
    expect(oldest!.x).toBeGreaterThan(newest!.x);
    await expectAccessible(page);
  });

  test("on a phone, no sideways scroll @mobile", async ({ page }, testInfo) => {
    await page.goto("/portal/dashboard?tab=usages");
    await expect(totals(page).getByRole("listitem").first()).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await snap(page, testInfo, "usage-chart");
  });
});
