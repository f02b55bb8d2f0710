// Helpers for the dashboard's lists: a signed-in worker (storage state), reading a table's total and
// columns, and driving the filter builder as a person would.
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { signInToDashboard } from "./auth";

export const ADA = "ada@acme.test";

/** Playwright's test with every page signed in as ada, once per worker (storage state). */
export const test = base.extend<object, { adaState: string }>({
  adaState: [
    async ({ browser }, provide, workerInfo) => {
      const path = `test-results/.auth/ada-${workerInfo.project.name}-${workerInfo.workerIndex}.json`;
      const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL });
      const page = await context.newPage();
      await signInToDashboard(page, ADA);
      await context.storageState({ path });
      await context.close();
      await provide(path);
    },
    { scope: "worker" },
  ],
  storageState: ({ adaState }, provide) => provide(adaState),
});
export { expect };

export type ListName = "invoices" | "payments" | "usages" | "credits" | "statements";
export const TITLES: Record<ListName, string> = {
  invoices: "Invoices",
  payments: "Payments",
  usages: "Usages",
  credits: "Credits",
  statements: "Statements",
};

/** Opens a list's tab and waits for its first page. */
export async function openList(page: Page, list: ListName, query = "") {
  await page.goto(`/portal/dashboard?tab=${list}${query}`);
  await expect(caption(page, list)).toBeAttached();
  await settled(page);
}

/** The table's caption ('Invoices: 120 records'), present on desktop and mobile. */
export const caption = (page: Page, list: ListName) =>
  page.locator("table caption").filter({ hasText: new RegExp(`^${TITLES[list]}: `) });

/** Waits until no list is fetching (the body is aria-busy while it does). */
export async function settled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** The record count the caption states. */
export async function total(page: Page, list: ListName): Promise<number> {
  const text = (await caption(page, list).textContent()) ?? "";
  const match = /([\d,]+) records?/.exec(text);
  return match ? Number(match[1]!.replace(/,/g, "")) : 0;
}

/** The visible header labels of the table, in order. */
export async function headers(page: Page): Promise<string[]> {
  return page
    .locator("table thead th")
    .evaluateAll((ths) => ths.map((th) => th.getAttribute("data-label") ?? th.textContent ?? ""))
    .then((labels) => labels.map((l) => l.trim()));
}

/** The texts of one column's cells on the page shown (null when the column is not shown). */
export async function columnTexts(page: Page, header: string): Promise<string[] | null> {
  return page.locator("table").evaluate((table, name) => {
    const ths = [...table.querySelectorAll("thead th")];
    const at = ths.findIndex((th) => {
      const label = th.getAttribute("data-label") ?? th.textContent ?? "";
      return label.trim() === name || label.trim().startsWith(`${name} `);
    });
    if (at < 0) return null;
    return [...table.querySelectorAll("tbody tr")].map(
      (tr) => tr.children[at]?.textContent?.trim() ?? "",
    );
  }, header);
}

/** A money or number cell's value ('$1,234.50' → 1234.5). */
export const amountOf = (text: string) => Number(text.replace(/[^\d.-]/g, ""));

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** A 'MMM DD, YYYY' cell as YYYY-MM-DD. */
export function isoOf(text: string): string {
  const m = /^([A-Z][a-z]{2}) (\d{2}), (\d{4})$/.exec(text.trim());
  if (!m) throw new Error(`not a date cell: "${text}"`);
  const month = String(MONTHS.indexOf(m[1]!) + 1).padStart(2, "0");
  return `${m[3]}-${month}-${m[2]}`;
}

/** The filter builder's popover. */
export const builder = (page: Page) => page.getByRole("dialog", { name: "Add a filter" });
export const filterButton = (page: Page) =>
  page.getByRole("button", { name: "Filter", exact: true });

export type FilterInput =
  | { field: string; operator: string; value: string; how: "type" }
  | { field: string; operator: string; value: string; how: "pick" }
  | { field: string; operator: string; value: "Yes" | "No"; how: "choose" }
  | { field: string; operator: string; how: "none" };

/** Builds and applies one filter with the pointer. */
export async function addFilter(page: Page, input: FilterInput) {
  await filterButton(page).click();
  const pop = builder(page);
  await expect(pop).toBeVisible();
  await pop.getByLabel("Field").selectOption({ label: input.field });
  await pop.getByLabel("Condition").selectOption({ label: input.operator });
  if (input.how === "type") await pop.getByLabel("Value").fill(input.value);
  else if (input.how === "choose") await pop.getByRole("radio", { name: input.value }).check();
  else if (input.how === "pick") {
    // Opening the box lists the field's existing values (at most 50, enough for these fields).
    const box = pop.getByRole("combobox", { name: "Value" });
    await box.click();
    await pop.getByRole("option", { name: input.value, exact: true }).click();
    await expect(box).toHaveValue(input.value);
  }
  await pop.getByRole("button", { name: "Apply" }).click();
  await expect(pop).toBeHidden();
}

/** The remove button of an applied filter's chip. */
export const chipRemover = (page: Page, label: string): Locator =>
  page.getByRole("button", { name: `Remove filter ${label}`, exact: true });
