import {
  LISTS,
  LIST_COLUMNS,
  TAB_TITLES,
  centre,
  columnTexts,
  columnWidth,
  drag,
  headerCell,
  headerLabels,
  layoutSaves,
  listTable,
  openList,
  pager,
  settled,
} from "./support/dashboard";
import type { Page } from "@playwright/test";
import { toast } from "./support/page-checks";
import { injectFault } from "./support/sandbox";
import { expect, test } from "./support/signed-in";

// The table engine, list by list, as a user of its own (Northwind Traders' data): its saved layouts
// are nobody else's. Within this file the tests run in order because they share that layout.
test.use({ user: { customer: "cus_acme_1002" } });
test.describe.configure({ mode: "default" });

const byteOrder = (values: string[]) => [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * The first arrow key after a keyboard pick-up. dnd-kit measures where the columns are a frame or
 * more after it announces the pick-up, and an arrow pressed before that moves nothing (on a busy
 * machine the test presses faster than anyone who waits for the announcement). The key is pressed
 * again only while the pick-up is still what the live region says, so no press is ever doubled.
 */
async function firstMove(page: Page, key: string, pickedUp: string, moved: string) {
  await expect(async () => {
    if ((await page.getByText(pickedUp).count()) > 0) await page.keyboard.press(key);
    await expect(page.getByText(moved)).toBeAttached({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

for (const list of LISTS) {
  const { id: idColumn, date: dateColumn } = LIST_COLUMNS[list];

  test.describe(`${TAB_TITLES[list]} table`, () => {
    test("sorts, pages, changes page size and jumps; the URL holds the view for back, forward and sharing", async ({
      page,
      browser,
      storageState,
    }) => {
      test.slow();
      await openList(page, list);
      const table = listTable(page, list);

      // Sort by the id column: ascending first (text), then descending; saved for the user.
      const saves = layoutSaves(page, list);
      await table.getByRole("button", { name: idColumn, exact: true }).click();
      await expect(page).toHaveURL(/[?&]sort=id\.asc(&|$)/);
      await settled(page);
      await expect(headerCell(page, idColumn)).toHaveAttribute("aria-sort", "ascending");
      const ascending = await columnTexts(page, idColumn);
      expect(ascending).toEqual(byteOrder(ascending));
      await table.getByRole("button", { name: idColumn, exact: true }).click();
      await expect(page).toHaveURL(/[?&]sort=id\.desc(&|$)/);
      await settled(page);
      await expect(headerCell(page, idColumn)).toHaveAttribute("aria-sort", "descending");
      const firstPage = await columnTexts(page, idColumn);
      expect(firstPage).toEqual(byteOrder(firstPage).reverse());
      await saves.waitFor(2);

      // Page size 5: back to page one, five rows.
      await page.getByLabel("Rows per page").selectOption("5");
      await expect(page).toHaveURL(/[?&]size=5(&|$)/);
      await expect(page).not.toHaveURL(/[?&]page=/);
      await settled(page);
      await expect(table.locator("tbody tr")).toHaveCount(5);
      const pageOne = await columnTexts(page, idColumn);

      // Page 2 continues the order.
      await pager(page).getByRole("button", { name: "Page 2", exact: true }).click();
      await expect(page).toHaveURL(/[?&]page=2(&|$)/);
      await settled(page);
      await expect(
        pager(page).getByRole("button", { name: "Page 2", exact: true }),
      ).toHaveAttribute("aria-current", "page");
      const pageTwo = await columnTexts(page, idColumn);
      expect(pageTwo[0]! < pageOne.at(-1)!).toBe(true);

      // Last page, then the jump box: 1..page count, anything else puts the current page back.
      await pager(page).getByRole("button", { name: "Last page" }).click();
      await settled(page);
      const status = await page.getByText(/^Page \d+ of \d+$/).textContent();
      const [, last, count] = /Page (\d+) of (\d+)/.exec(status ?? "") ?? [];
      expect(last).toBe(count);
      await expect(pager(page).getByRole("button", { name: "Next page" })).toBeDisabled();

      const jump = page.getByLabel("Go to page");
      await jump.fill("2");
      await jump.press("Enter");
      await expect(page).toHaveURL(/[?&]page=2(&|$)/);
      await settled(page);
      expect(await columnTexts(page, idColumn)).toEqual(pageTwo);
      for (const bad of ["0", String(Number(count) + 1), "abc"]) {
        await jump.fill(bad);
        await jump.press("Enter");
        await expect(jump).toHaveValue("2");
        await expect(page).toHaveURL(/[?&]page=2(&|$)/);
      }

      // Back steps through the views (last page, then page 2 again going forward).
      const viewUrl = page.url();
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`[?&]page=${last}(&|$)`));
      await settled(page);
      await page.goForward();
      await expect(page).toHaveURL(viewUrl);
      await settled(page);
      expect(await columnTexts(page, idColumn)).toEqual(pageTwo);

      // The same URL in another browser shows the same rows.
      const other = await browser.newContext({ storageState });
      const second = await other.newPage();
      await second.goto(viewUrl);
      await expect(listTable(second, list)).toBeVisible();
      expect(await columnTexts(second, idColumn)).toEqual(pageTwo);
      await other.close();

      // Put the user's saved sort back to the list's default (date, newest first).
      const restore = layoutSaves(page, list);
      const dateButton = table.getByRole("button", { name: dateColumn, exact: true });
      await dateButton.click();
      await settled(page);
      if ((await headerCell(page, dateColumn).getAttribute("aria-sort")) !== "descending") {
        await dateButton.click();
        await settled(page);
      }
      await expect(headerCell(page, dateColumn)).toHaveAttribute("aria-sort", "descending");
      await restore.waitFor(1);
    });

    test("reorders and resizes columns by mouse, by keyboard and by menu; the layout survives a reload", async ({
      page,
    }) => {
      test.slow();
      await openList(page, list);
      const original = await headerLabels(page);
      const [a, b, c, d] = original as [string, string, string, string];
      const saves = layoutSaves(page, list);

      // Mouse: drag B's handle onto A.
      const gripB = page.getByRole("button", { name: `Move ${b}`, exact: true });
      const gripA = page.getByRole("button", { name: `Move ${a}`, exact: true });
      await drag(page, await centre(page, gripB), await centre(page, gripA));
      await expect.poll(() => headerLabels(page)).toEqual([b, a, c, d, ...original.slice(4)]);

      // Keyboard: pick C up with space, move it left, drop it.
      const gripC = page.getByRole("button", { name: `Move ${c}`, exact: true });
      // Each step is announced to screen readers (dnd-kit's live region).
      await gripC.focus();
      await page.keyboard.press("Space");
      await expect(page.getByText(`Picked up ${c}, position 3 of`)).toBeAttached();
      await firstMove(
        page,
        "ArrowLeft",
        `Picked up ${c}, position 3 of`,
        `${c} is now at position 2 of`,
      );
      await page.keyboard.press("Space");
      await expect(page.getByText(`${c} dropped at position 2 of`)).toBeAttached();
      await expect.poll(() => headerLabels(page)).toEqual([b, c, a, d, ...original.slice(4)]);
      await saves.waitFor(2);

      // Presses in a row across a wide table: past the scroller's middle each arrow key scrolls the
      // table by a column as the column moves, and no press is lost on the way there or back. Each
      // press follows the announcement of the one before (a person's held key repeats every 33 ms;
      // on a loaded test machine a fixed pace outran the browser's frames and lost presses that a
      // phone would not, while a press lost to a scroll still leaves its announcement missing).
      const steps = Math.min(6, original.length - 2);
      const repeat = async (key: string, from: number) => {
        const delta = key === "ArrowRight" ? 1 : -1;
        for (let i = 1; i < steps; i++) {
          await page.keyboard.press(key);
          await expect(
            page.getByText(`${c} is now at position ${from + delta * i} of`),
          ).toBeAttached();
        }
      };
      await gripC.focus();
      await page.keyboard.press("Space");
      await expect(page.getByText(`Picked up ${c}, position 2 of`)).toBeAttached();
      await firstMove(
        page,
        "ArrowRight",
        `Picked up ${c}, position 2 of`,
        `${c} is now at position 3 of`,
      );
      await repeat("ArrowRight", 3);
      await page.keyboard.press("Space");
      await expect(page.getByText(`${c} dropped at position ${2 + steps} of`)).toBeAttached();
      await expect.poll(async () => (await headerLabels(page)).indexOf(c)).toBe(1 + steps);
      await gripC.focus();
      await page.keyboard.press("Space");
      const pickedUpAgain = `Picked up ${c}, position ${2 + steps} of`;
      await expect(page.getByText(pickedUpAgain)).toBeAttached();
      await firstMove(page, "ArrowLeft", pickedUpAgain, `${c} is now at position ${1 + steps} of`);
      await repeat("ArrowLeft", 1 + steps);
      await page.keyboard.press("Space");
      await expect(page.getByText(`${c} dropped at position 2 of`)).toBeAttached();
      await expect.poll(() => headerLabels(page)).toEqual([b, c, a, d, ...original.slice(4)]);

      // Mouse: drag A's edge 80 px to the right. Keyboard: D's edge three steps right (10 px each).
      const widthA = await columnWidth(page, a);
      const edgeA = page.getByRole("separator", { name: `Width of ${a}`, exact: true });
      const from = await centre(page, edgeA);
      await drag(page, from, { x: from.x + 80, y: from.y });
      await expect.poll(() => columnWidth(page, a)).toBeGreaterThanOrEqual(widthA + 76);
      const widthD = await columnWidth(page, d);
      const edgeD = page.getByRole("separator", { name: `Width of ${d}`, exact: true });
      await edgeD.focus();
      for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
      await expect(edgeD).toHaveAttribute("aria-valuenow", String(widthD + 30));
      const resizedA = await columnWidth(page, a);
      // Both widths must be stored before the reload: A's and D's saves may come apart or merged.
      await saves.waitForWidth(resizedA);
      await saves.waitForWidth(widthD + 30);
      await saves.waitFor(3);

      // A reload shows the saved layout.
      await page.reload();
      await expect(listTable(page, list)).toBeVisible();
      await expect.poll(() => headerLabels(page)).toEqual([b, c, a, d, ...original.slice(4)]);
      expect(await columnWidth(page, a)).toBe(resizedA);
      expect(await columnWidth(page, d)).toBe(widthD + 30);

      // The column menu does the same without dragging: put everything back.
      const restore = layoutSaves(page, list);
      const menuOf = (label: string) =>
        page.getByRole("button", { name: `Options for ${label}`, exact: true });
      await menuOf(c).click();
      await page.getByRole("menuitem", { name: "Move right" }).click();
      await page.keyboard.press("Escape");
      await menuOf(b).click();
      await page.getByRole("menuitem", { name: "Move right" }).click();
      await page.keyboard.press("Escape");
      await expect.poll(() => headerLabels(page)).toEqual(original);
      for (const label of [a, d]) {
        await menuOf(label).click();
        await page.getByRole("menuitem", { name: "Reset width" }).click();
      }
      await expect.poll(() => columnWidth(page, d)).toBe(widthD);
      await expect.poll(() => columnWidth(page, a)).toBe(widthA);
      await restore.waitFor(3);
    });
  });
}

test.describe("saving the layout", () => {
  test("a saved change says so (spec 001 §8's column saved message)", async ({ page }) => {
    await openList(page, "statements");
    const original = await headerLabels(page);
    const saves = layoutSaves(page, "statements");
    const moveRight = async (label: string) => {
      await page.getByRole("button", { name: `Options for ${label}`, exact: true }).click();
      await page.getByRole("menuitem", { name: "Move right" }).click();
      await page.keyboard.press("Escape");
    };
    await moveRight(original[0]!);
    await expect(toast(page, "Column saved.")).toBeVisible();
    // Put it back for the tests after this one.
    await moveRight(original[1]!);
    await expect.poll(() => headerLabels(page)).toEqual(original);
    await saves.waitFor(2);
  });

  test("a failed save is rolled back with a message", async ({ page }) => {
    await openList(page, "credits");
    const original = await headerLabels(page);
    await injectFault({
      method: "PUT",
      path: "/v1/column/save_column_order",
      status: 500,
      times: 1,
    });
    await page.getByRole("button", { name: `Options for ${original[0]}`, exact: true }).click();
    await page.getByRole("menuitem", { name: "Move right" }).click();
    await page.keyboard.press("Escape");
    await expect(page.getByText("The column order could not be saved.")).toBeVisible();
    await expect.poll(() => headerLabels(page)).toEqual(original);
  });
});
