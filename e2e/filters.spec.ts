import type { Page } from "@playwright/test";
import { expectAccessible, expectNoHorizontalScroll, snap } from "./support/page-checks";
import { signIn } from "./support/auth";
import {
  ADA,
  addFilter,
  amountOf,
  builder,
  caption,
  chipRemover,
  columnTexts,
  expect,
  filterButton,
  isoOf,
  openList,
  settled,
  test,
  total,
  type FilterInput,
  type ListName,
} from "./support/list-toolbar";

// A shared two-core machine: a list's five filters, each applied and removed, take a while.
test.describe.configure({ timeout: 120_000 });

type Case = {
  input: FilterInput;
  /** The chip's words after 'Remove filter '. */
  chip: string;
  /** The URL's `filters` entry. */
  url: RegExp;
  /** A column whose cells must all satisfy `holds`. */
  column: string;
  holds: (cell: string) => boolean;
};

const gte = (day: string) => (cell: string) => isoOf(cell) >= day;

/**
 * 'is on or after' the date in the 5th row of the first page: the seed's dates follow the
 * sandbox's clock, so the cut-off comes from the data (some rows match, not all). The field
 * carries its column's name.
 */
function dateCase(column: string, key: string) {
  const field = column;
  return async (page: Page): Promise<Case> => {
    const cells = await columnTexts(page, column);
    const pivot = cells[Math.min(4, cells.length - 1)]!;
    const day = isoOf(pivot);
    return {
      input: { field, operator: "is on or after", value: day.replaceAll("-", "/"), how: "type" },
      chip: `${field} is on or after ${pivot}`,
      url: new RegExp(`filters=${key}\\.gte\\.${day}`),
      column,
      holds: gte(day),
    };
  };
}
const above = (limit: number) => (cell: string) => amountOf(cell) > limit;
const contains = (text: string) => (cell: string) =>
  cell.toLowerCase().includes(text.toLowerCase());

/** For each list, a filter of each type it has (spec 001 §3): look-up equal, contains, greater than, on or after, boolean No. */
const CASES: Record<ListName, (Case | ((page: Page) => Promise<Case>))[]> = {
  invoices: [
    {
      input: { field: "Status", operator: "is", value: "unpaid", how: "pick" },
      chip: "Status is unpaid",
      url: /filters=status\.eq\.unpaid/,
      column: "Status",
      holds: (cell) => cell.toLowerCase() === "unpaid",
    },
    {
      input: { field: "Invoice ID", operator: "contains", value: "0001", how: "type" },
      chip: "Invoice ID contains 0001",
      url: /filters=invoice_id\.like\.0001/,
      column: "Invoice ID",
      holds: contains("0001"),
    },
    {
      input: { field: "Total", operator: "is greater than", value: "500", how: "type" },
      chip: "Total is greater than 500",
      url: /filters=total\.gt\.500/,
      column: "Total",
      holds: above(500),
    },
    dateCase("Due Date", "due_date"),
  ],
  payments: [
    {
      input: { field: "Status", operator: "is", value: "Failed", how: "pick" },
      chip: "Status is Failed",
      url: /filters=status\.eq\.Failed/,
      column: "Status",
      holds: (cell) => cell === "Failed",
    },
    {
      input: { field: "Payment Method", operator: "contains", value: "card", how: "type" },
      chip: "Payment Method contains card",
      url: /filters=payment_method\.like\.card/,
      column: "Payment Method",
      holds: contains("card"),
    },
    {
      input: { field: "Amount", operator: "is greater than", value: "300", how: "type" },
      chip: "Amount is greater than 300",
      url: /filters=payment_amount\.gt\.300/,
      column: "Amount",
      holds: above(300),
    },
    dateCase("Payment Date", "payment_date"),
    {
      input: { field: "Auto Apply", operator: "is", value: "No", how: "choose" },
      chip: "Auto Apply is No",
      url: /filters=auto_apply\.eq\.false/,
      column: "Auto Apply",
      holds: (cell) => cell === "No",
    },
  ],
  usages: [
    {
      input: { field: "Unit of Measure", operator: "is", value: "kWh", how: "pick" },
      chip: "Unit of Measure is kWh",
      url: /filters=unit_of_measure\.eq\.kWh/,
      column: "Unit of Measure",
      holds: (cell) => cell === "kWh",
    },
    {
      input: { field: "Description", operator: "contains", value: "water", how: "type" },
      chip: "Description contains water",
      url: /filters=description\.like\.water/,
      column: "Description",
      holds: contains("water"),
    },
    {
      input: { field: "Quantity", operator: "is greater than", value: "1000", how: "type" },
      chip: "Quantity is greater than 1000",
      url: /filters=quantity\.gt\.1000/,
      column: "Quantity",
      holds: above(1000),
    },
    dateCase("Date", "date"),
    {
      input: { field: "Invoiced", operator: "is", value: "No", how: "choose" },
      chip: "Invoiced is No",
      url: /filters=invoiced\.eq\.false/,
      column: "Invoiced",
      holds: (cell) => cell === "No",
    },
  ],
  credits: [
    {
      input: { field: "Currency", operator: "is", value: "EUR", how: "pick" },
      chip: "Currency is EUR",
      url: /filters=currency\.eq\.EUR/,
      column: "Currency",
      holds: (cell) => cell === "EUR",
    },
    {
      input: { field: "Reference Number", operator: "contains", value: "REF", how: "type" },
      chip: "Reference Number contains REF",
      url: /filters=reference_number\.like\.REF/,
      column: "Reference Number",
      holds: contains("REF"),
    },
    {
      input: { field: "Amount", operator: "is greater than", value: "200", how: "type" },
      chip: "Amount is greater than 200",
      url: /filters=credit_amount\.gt\.200/,
      column: "Amount",
      holds: above(200),
    },
    dateCase("Credit Date", "credit_date"),
  ],
  statements: [
    {
      input: { field: "Delivery", operator: "is", value: "post", how: "pick" },
      chip: "Delivery is post",
      url: /filters=delivery_channel\.eq\.post/,
      column: "Delivery",
      holds: (cell) => cell === "post",
    },
    {
      input: { field: "Statement ID", operator: "contains", value: "0001", how: "type" },
      chip: "Statement ID contains 0001",
      url: /filters=statement_id\.like\.0001/,
      column: "Statement ID",
      holds: contains("0001"),
    },
    {
      input: { field: "Pages", operator: "is greater than", value: "6", how: "type" },
      chip: "Pages is greater than 6",
      url: /filters=page_count\.gt\.6/,
      column: "Pages",
      holds: above(6),
    },
    dateCase("Statement Date", "statement_date"),
  ],
};

/** Columns the seeded configuration hides by default that a case reads. */
const SHOW: Partial<Record<ListName, string[]>> = { payments: ["Auto Apply"] };

for (const list of Object.keys(CASES) as ListName[]) {
  test(`${list}: each type of filter narrows the list to matching rows, and its chip removes it`, async ({
    page,
  }) => {
    await openList(page, list);
    for (const column of SHOW[list] ?? []) {
      await page.getByRole("button", { name: "Columns" }).click();
      await page.getByRole("checkbox", { name: column }).check();
      await page.keyboard.press("Escape");
    }
    const all = await total(page, list);
    expect(all).toBeGreaterThan(0);
    for (const entry of CASES[list]) {
      const c = typeof entry === "function" ? await entry(page) : entry;
      await addFilter(page, c.input);
      await expect(chipRemover(page, c.chip)).toBeVisible();
      await expect(page).toHaveURL(c.url);
      await expect(page).not.toHaveURL(/[?&]page=/);
      await expect.poll(() => total(page, list), { message: c.chip }).toBeLessThan(all);
      await settled(page);
      expect(await total(page, list), c.chip).toBeGreaterThan(0);
      const cells = await columnTexts(page, c.column);
      expect(cells.length).toBeGreaterThan(0);
      expect(
        cells.filter((cell) => !c.holds(cell)),
        `${c.chip}: cells that do not match`,
      ).toEqual([]);

      await chipRemover(page, c.chip).click();
      await expect(chipRemover(page, c.chip)).toHaveCount(0);
      await expect(filterButton(page)).toBeFocused();
      await expect.poll(() => total(page, list)).toBe(all);
    }
  });
}

test("a filter goes to page one, and a filtered view survives reload and opens the same in another browser", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  await openList(page, "invoices", "&page=3");
  await addFilter(page, { field: "Status", operator: "is not", value: "paid", how: "pick" });
  await addFilter(page, {
    field: "Total",
    operator: "is greater than",
    value: "100",
    how: "type",
  });
  await expect(page).not.toHaveURL(/[?&]page=/);
  await settled(page);
  const filtered = await total(page, "invoices");
  const ids = await columnTexts(page, "Invoice ID");
  expect(ids.length).toBeGreaterThan(0);
  const url = page.url();

  await page.reload();
  await expect(chipRemover(page, "Status is not paid")).toBeVisible();
  await expect(chipRemover(page, "Total is greater than 100")).toBeVisible();
  await settled(page);
  expect(await total(page, "invoices")).toBe(filtered);
  expect(await columnTexts(page, "Invoice ID")).toEqual(ids);

  // A browser of its own: no cookies, a sign-in of its own, only the link in common.
  const other = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    storageState: { cookies: [], origins: [] },
  });
  try {
    const second = await other.newPage();
    await second.goto("/portal/login");
    await signIn(second, ADA);
    await expect(second).toHaveURL(/\/portal\/dashboard/);
    await second.goto(url);
    await expect(caption(second, "invoices")).toBeAttached();
    await settled(second);
    await expect(chipRemover(second, "Status is not paid")).toBeVisible();
    expect(await total(second, "invoices")).toBe(filtered);
    expect(await columnTexts(second, "Invoice ID")).toEqual(ids);
  } finally {
    await other.close();
  }
});

test("the builder works from the keyboard alone", async ({ page }) => {
  await openList(page, "payments");
  const all = await total(page, "payments");
  await filterButton(page).focus();
  await page.keyboard.press("Enter");
  const pop = builder(page);
  await expect(pop).toBeVisible();
  // Focus moves into the popover, on the field select.
  const field = pop.getByLabel("Field");
  await expect(field).toBeFocused();
  // A closed native select picks by typing, as a keyboard user does.
  await page.keyboard.type("Status");
  await expect(field).toHaveValue("status");
  await page.keyboard.press("Tab");
  const operator = pop.getByLabel("Condition");
  await expect(operator).toBeFocused();
  await page.keyboard.type("is");
  await expect(operator).toHaveValue("equal");
  await page.keyboard.press("Tab");
  const box = pop.getByRole("combobox", { name: "Value" });
  await expect(box).toBeFocused();
  await page.keyboard.type("succ");
  // The search has answered once only the matching value is left.
  await expect(pop.getByRole("listbox").getByRole("option")).toHaveText(["Succeeded"]);
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(box).toHaveValue("Succeeded");
  // Escape closes the value list first, not the popover.
  await page.keyboard.press("ArrowDown");
  await expect(box).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expect(pop).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(pop).toBeHidden();
  await expect(filterButton(page)).toBeFocused();
  await expect.poll(() => total(page, "payments")).toBeLessThan(all);

  // Escape abandons a draft: the popover closes, focus returns, the next one starts at step 1.
  await page.keyboard.press("Enter");
  await expect(pop).toBeVisible();
  await page.keyboard.type("Amount");
  await expect(pop.getByText("Step 2 of 3")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(pop).toBeHidden();
  await expect(filterButton(page)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(pop.getByText("Step 1 of 3")).toBeVisible();
  await expect(field).toBeFocused();
  await page.keyboard.press("Escape");
  // The popover animates out and only then hands focus back to its button.
  await expect(pop).toBeHidden();
  await expect(filterButton(page)).toBeFocused();

  await page.keyboard.press("Tab");
  await expect(chipRemover(page, "Status is Succeeded")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(chipRemover(page, "Status is Succeeded")).toHaveCount(0);
  await expect.poll(() => total(page, "payments")).toBe(all);
});

test("the builder at each step, its chips and its errors are accessible @mobile", async ({
  page,
}, testInfo) => {
  await openList(page, "invoices", "", testInfo.project.name === "mobile");
  // The toolbar at the top of the window leaves the popover room to open downwards.
  await filterButton(page).evaluate((el) => el.scrollIntoView({ block: "start" }));
  await filterButton(page).click();
  const pop = builder(page);
  await expect(pop.getByText("Step 1 of 3")).toBeVisible();
  await expectAccessible(page);
  await snap(page, testInfo, "filter-step-1");

  await pop.getByLabel("Field").selectOption({ label: "Status" });
  await expect(pop.getByText("Step 2 of 3")).toBeVisible();
  await expect(page.locator("[data-provisional]")).toContainText("Status");
  await expectAccessible(page);
  await snap(page, testInfo, "filter-step-2");

  await pop.getByLabel("Condition").selectOption({ label: "is" });
  const box = pop.getByRole("combobox", { name: "Value" });
  await box.click();
  await expect(pop.getByRole("option", { name: "unpaid" })).toBeVisible();
  await expect(pop.getByRole("button", { name: "Apply" })).toBeDisabled();
  await expectAccessible(page);
  await snap(page, testInfo, "filter-step-3-lookup");

  await pop.getByLabel("Field").selectOption({ label: "Due Date" });
  await pop.getByLabel("Condition").selectOption({ label: "is on or after" });
  const date = pop.getByLabel("Value");
  await date.fill("2030/02/31");
  await date.blur();
  await expect(pop.getByText("Invalid Date Format")).toBeVisible();
  await expect(date).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("[data-provisional]")).toContainText("Due Date is on or after");
  await expectAccessible(page);
  await snap(page, testInfo, "filter-step-3-invalid-date");
  await date.fill("2030/01/01");
  await pop.getByRole("button", { name: "Apply" }).click();

  await addFilter(page, {
    field: "Total",
    operator: "is greater than",
    value: "250",
    how: "type",
  });
  await addFilter(page, { field: "Status", operator: "is not present", how: "none" });
  await expect(chipRemover(page, "Due Date is on or after Jan 01, 2030")).toBeVisible();
  await expect(chipRemover(page, "Status is not present")).toBeVisible();
  await settled(page);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await snap(page, testInfo, "filter-chips");
});

test("a filter on a custom field and a boolean false value work on mobile @mobile", async ({
  page,
}, testInfo) => {
  await openList(page, "usages", "", testInfo.project.name === "mobile");
  const all = await total(page, "usages");
  await addFilter(page, { field: "Peak", operator: "is", value: "No", how: "choose" });
  await expect(chipRemover(page, "Peak is No")).toBeVisible();
  await expect(page).toHaveURL(/filters=peak_usage\.eq\.false/);
  await expect.poll(() => total(page, "usages")).toBeLessThan(all);
  expect(await total(page, "usages")).toBeGreaterThan(0);
});
