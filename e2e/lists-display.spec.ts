import { expectAccessible, snap } from "./support/page-checks";
import {
  addFilter,
  amountOf,
  chipRemover,
  columnTexts,
  expect,
  openList,
  settled,
  test,
  total,
} from "./support/list-toolbar";

// The seed's percentage custom field: invoices' "Discount" (discount_rate), stored as 0–25 (12.5
// is 12.5 %).
const PERCENT = /^\d{1,2}(\.\d)?%$/;

test("a percentage custom field shows its percent sign in the table and in its filter chip", async ({
  page,
}, testInfo) => {
  await openList(page, "invoices");
  const cells = await columnTexts(page, "Discount");
  const filled = cells.filter((cell) => cell !== "-");
  expect(filled.length).toBeGreaterThan(0);
  expect(filled.filter((cell) => !PERCENT.test(cell))).toEqual([]);

  const all = await total(page, "invoices");
  await addFilter(page, {
    field: "Discount",
    operator: "is greater than",
    value: "12.5",
    how: "type",
  });
  await expect(chipRemover(page, "Discount is greater than 12.5%")).toBeVisible();
  await expect(page).toHaveURL(/filters=discount_rate\.gt\.12\.5/);
  await expect.poll(() => total(page, "invoices")).toBeLessThan(all);
  await settled(page);
  const narrowed = await columnTexts(page, "Discount");
  expect(narrowed.filter((cell) => !(PERCENT.test(cell) && amountOf(cell) > 12.5))).toEqual([]);
  await expectAccessible(page);
  // The table scrolls sideways inside its frame: bring the percentages into the picture.
  await page.locator('table thead th[data-label="Discount"]').scrollIntoViewIfNeeded();
  await snap(page, testInfo, "invoices-percent");
});

test("the builder names every field like its column header", async ({ page }) => {
  await openList(page, "invoices");
  const headers = await page
    .locator("table thead th[data-label]")
    .evaluateAll((ths) => ths.map((th) => th.getAttribute("data-label") ?? ""));
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  // The builder loads on first use: read its fields once it is there.
  const field = page.getByRole("dialog", { name: "Add a filter" }).getByLabel("Field");
  await expect(field).toBeVisible();
  const options = await field.locator("option").allTextContents();
  // Every header of a filterable column is offered under the same name (the VIEW link and the
  // computed overdue column filter nothing).
  for (const name of [
    "Invoice ID",
    "Invoice Date",
    "Due Date",
    "Total",
    "Balance",
    "Status",
    "Discount",
  ]) {
    expect(headers, name).toContain(name);
    expect(options, name).toContain(name);
  }
});

test("percentage chips and the balance with pay now on a small screen @mobile", async ({
  page,
}, testInfo) => {
  await openList(page, "invoices", "", testInfo.project.name === "mobile");
  await addFilter(page, { field: "Discount", operator: "is less than", value: "5", how: "type" });
  await expect(chipRemover(page, "Discount is less than 5%")).toBeVisible();
  await settled(page);
  await expect(page.getByRole("button", { name: /Make a payment/ })).toBeVisible();
  await expectAccessible(page);
  await snap(page, testInfo, "invoices-percent-chip");
});
