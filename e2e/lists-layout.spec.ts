import { columnWidth, headerLabels, listTable, openList } from "./support/dashboard";
import { expect, test } from "./support/signed-in";

// A user of its own (Contoso Pharmacy's data): the widths it saves are nobody else's.
test.use({ user: { customer: "cus_acme_1003" } });

test("a width changed just before a reload is saved on the way out and still there after it", async ({
  page,
}) => {
  await openList(page, "invoices");
  const label = (await headerLabels(page))[1]!;
  const before = await columnWidth(page, label);
  const widthSaves: string[] = [];
  page.on("request", (req) => {
    if (req.method() === "PUT" && req.url().includes("/api/lists/invoices/layout"))
      widthSaves.push(req.postData() ?? "");
  });

  // Three steps of 10 px with the keyboard, then a reload well inside the 600 ms debounce.
  const edge = page.getByRole("separator", { name: `Width of ${label}`, exact: true });
  await edge.focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
  expect(widthSaves, "no save before the reload: the debounce is still waiting").toEqual([]);
  await page.reload();

  await expect(listTable(page, "invoices")).toBeVisible();
  // The page going away sent the waiting save (keepalive), with the new width.
  await expect.poll(() => widthSaves.length).toBe(1);
  expect(JSON.parse(widthSaves[0]!)).toMatchObject({ kind: "widths" });
  expect(Object.values(JSON.parse(widthSaves[0]!).widths)).toEqual([before + 30]);

  // And it is stored: a visit after it has arrived shows it. The reload above may have been
  // rendered before the keepalive save reached the server (the two race on a loaded machine).
  await expect
    .poll(async () => {
      await page.reload();
      await expect(listTable(page, "invoices")).toBeVisible();
      return columnWidth(page, label);
    })
    .toBe(before + 30);
});
