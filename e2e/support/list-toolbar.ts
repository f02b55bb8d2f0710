// The list toolbar's filter builder and export, driven as a person would; the signed-in worker
// and the table helpers come from signed-in.ts and dashboard.ts.
import { expect, type Locator, type Page } from "@playwright/test";
import { TAB_TITLES, type ListName } from "./dashboard";

export { ADA, expect, test } from "./signed-in";
export { columnTexts, headerLabels, openList, settled, type ListName } from "./dashboard";

/** The table's caption ('Invoices: 120 records'), present on desktop and mobile. */
export const caption = (page: Page, list: ListName) =>
  page.locator("table caption").filter({ hasText: new RegExp(`^${TAB_TITLES[list]}: `) });

/** The record count the caption states. */
export async function total(page: Page, list: ListName): Promise<number> {
  const text = (await caption(page, list).textContent()) ?? "";
  const match = /([\d,]+) records?/.exec(text);
  return match ? Number(match[1]!.replace(/,/g, "")) : 0;
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
