// Locators and small steps of the dashboard and its lists, by role and label.
import { expect, type Page, type Response } from "@playwright/test";
import { hydrated } from "./hydration";

export type ListName = "invoices" | "payments" | "usages" | "credits" | "statements";
export const LISTS: readonly ListName[] = [
  "invoices",
  "payments",
  "usages",
  "credits",
  "statements",
];
export const TAB_TITLES = {
  invoices: "Invoices",
  payments: "Payments",
  usages: "Usages",
  credits: "Credits",
  subscriptions: "Subscriptions",
  statements: "Statements",
} as const;

/** Each list's id column and default sort column, as the seeded configuration labels them. */
export const LIST_COLUMNS: Record<ListName, { id: string; date: string }> = {
  invoices: { id: "Invoice ID", date: "Invoice Date" },
  payments: { id: "Payment ID", date: "Payment Date" },
  usages: { id: "Usage ID", date: "Date" },
  credits: { id: "Credit ID", date: "Credit Date" },
  statements: { id: "Statement ID", date: "Statement Date" },
};

const named = (list: ListName) => new RegExp(`^${TAB_TITLES[list]}: `);

/** The list's table (desktop), named by its caption ('Invoices: 120 records'). */
export const listTable = (page: Page, list: ListName) =>
  page.getByRole("table", { name: named(list) });

/** The list's cards (small screens), named like the table. */
export const listCards = (page: Page, list: ListName) =>
  page.getByRole("list", { name: named(list) });

/** Waits until the page is hydrated and nothing on it is fetching (lists and buttons are aria-busy while they do). */
export async function settled(page: Page) {
  await hydrated(page);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Opens a list's tab by URL and waits for its rows (table, or cards on a small screen). */
export async function openList(page: Page, list: ListName, query = "", mobile = false) {
  await page.goto(`/portal/dashboard?tab=${list}${query}`);
  await expect(mobile ? listCards(page, list) : listTable(page, list)).toBeVisible();
  await settled(page);
}

/** The header labels of the table shown, in order. */
export async function headerLabels(page: Page): Promise<string[]> {
  // Data columns only: not the selection column's checkbox.
  return page
    .locator("table thead th[data-label]")
    .evaluateAll((ths) => ths.map((th) => th.getAttribute("data-label") ?? ""));
}

/** The position of a column among the row's cells (the selection column included), from 0. */
export async function cellIndex(page: Page, label: string): Promise<number> {
  return page
    .locator("table thead th")
    .evaluateAll(
      (ths, wanted) => ths.findIndex((th) => th.getAttribute("data-label") === wanted),
      label,
    );
}

/** The texts of one column's cells on the page shown. */
export async function columnTexts(page: Page, label: string): Promise<string[]> {
  const at = await cellIndex(page, label);
  expect(at, `column ${label}`).toBeGreaterThanOrEqual(0);
  return page
    .locator("table tbody tr")
    .evaluateAll((trs, i) => trs.map((tr) => tr.children[i]?.textContent?.trim() ?? ""), at);
}

/** The header cell of a column. */
export const headerCell = (page: Page, label: string) =>
  page.locator(`table thead th[data-label="${label}"]`);

/** A column's width in pixels, as its resize handle states it. */
export async function columnWidth(page: Page, label: string): Promise<number> {
  const edge = page.getByRole("separator", { name: `Width of ${label}`, exact: true });
  return Number(await edge.getAttribute("aria-valuenow"));
}

/** The pager of the list on screen. */
export const pager = (page: Page) => page.getByRole("navigation", { name: /^Pages of / });

/** Counts the BFF answers to saves of a list's layout, so a test can wait for them. */
export function layoutSaves(page: Page, list: ListName) {
  const seen: Response[] = [];
  page.on("response", (res) => {
    if (res.request().method() === "PUT" && res.url().includes(`/api/lists/${list}/layout`))
      seen.push(res);
  });
  return {
    /** Waits for `count` saves in all, and checks they succeeded. */
    async waitFor(count: number) {
      await expect.poll(() => seen.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
      for (const res of seen) expect(res.status(), res.url()).toBe(200);
    },
    /** Waits for a widths save carrying `px` for some column (width saves are debounced and may merge). */
    async waitForWidth(px: number) {
      await expect
        .poll(
          () =>
            seen.some((res) => {
              const body = res.request().postDataJSON() as {
                kind?: string;
                widths?: Record<string, number>;
              } | null;
              return body?.kind === "widths" && Object.values(body.widths ?? {}).includes(px);
            }),
          { timeout: 10_000 },
        )
        .toBe(true);
    },
  };
}

/** Drags with the mouse from one point to another in small steps (dnd-kit and the resize handle follow pointer moves). */
export async function drag(
  page: Page,
  from: { x: number; y: number },
  to: { x: number; y: number },
) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 6, from.y, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
}

/** The centre of an element, scrolled into view first (the mouse reaches only what is on screen). */
export async function centre(page: Page, locator: ReturnType<Page["locator"]>) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  if (!box) throw new Error("element not on screen");
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}
