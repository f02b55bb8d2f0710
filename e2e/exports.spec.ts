import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import type { Page } from "@playwright/test";
import { expectAccessible, snap } from "./support/page-checks";
import {
  ADA,
  addFilter,
  chipRemover,
  expect,
  headerLabels,
  openList,
  settled,
  test,
  total,
  type ListName,
} from "./support/list-toolbar";
import { mailbox } from "./support/sandbox";

type Attachment = { filename: string; contentType: string; size: number; url: string };
type MailWithFiles = { subject: string; attachments?: Attachment[] };

/** The export files mailed to ada for a list and format so far. */
async function exportFiles(list: ListName, format: "csv" | "xlsx"): Promise<Attachment[]> {
  const mails = (await mailbox(ADA)) as MailWithFiles[];
  return mails
    .flatMap((m) => m.attachments ?? [])
    .filter((a) => a.filename.startsWith(`${list}-`) && a.filename.endsWith(`.${format}`));
}

/** Waits for one more mailed file than `before`, downloads it and returns its rows (header first). */
async function nextExport(
  list: ListName,
  format: "csv" | "xlsx",
  before: number,
): Promise<string[][]> {
  let files: Attachment[] = [];
  await expect
    .poll(async () => (files = await exportFiles(list, format)).length, { timeout: 30_000 })
    .toBeGreaterThan(before);
  const file = files.at(-1)!;
  const res = await fetch(file.url);
  expect(res.status, file.url).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  if (format === "csv") return parse(bytes, { bom: true, relaxColumnCount: false }) as string[][];
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets.forEach((sheet, n) => {
    sheet.eachRow((row, r) => {
      // Every sheet repeats the header; keep the first one only.
      if (n > 0 && r === 1) return;
      rows.push(Array.from({ length: sheet.columnCount }, (_, i) => row.getCell(i + 1).text));
    });
  });
  return rows;
}

const exportButton = (page: Page) => page.getByRole("button", { name: "Export", exact: true });
const exportDialog = (page: Page, list: string) =>
  page.getByRole("dialog", { name: `Export ${list}` });

test.describe.configure({ timeout: 120_000 });

test("filtered invoices as CSV: the rows of the filter, the columns the table shows", async ({
  page,
}) => {
  await openList(page, "invoices");
  await page.getByRole("button", { name: "Columns" }).click();
  await page.getByRole("checkbox", { name: "Overdue" }).uncheck();
  await page.keyboard.press("Escape");
  await addFilter(page, { field: "Status", operator: "is", value: "unpaid", how: "pick" });
  await settled(page);
  const count = await total(page, "invoices");
  expect(count).toBeGreaterThan(0);
  const shownHeaders = await headerLabels(page);
  expect(shownHeaders).not.toContain("Overdue");

  const before = (await exportFiles("invoices", "csv")).length;
  await exportButton(page).click();
  const dialog = exportDialog(page, "invoices");
  await expect(dialog.getByRole("radio", { name: /Filtered data/ })).toBeChecked();
  await expect(dialog.getByRole("radio", { name: "Excel (XLSX)" })).toBeChecked();
  await dialog.getByRole("radio", { name: "CSV" }).check();
  await dialog.getByRole("button", { name: "Export" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Export started: we will e-mail it to you")).toBeVisible();

  const [header, ...rows] = await nextExport("invoices", "csv", before);
  // The file names columns as the table does (the company's names: "Total", not the portal's
  // "Amount"); the column hidden in the table is not in the file.
  expect(header).toEqual(
    expect.arrayContaining(["Invoice ID", "Invoice Date", "Total", "Status", "Balance"]),
  );
  // Every shown column under the table's own header, in its order; the VIEW links are no data.
  expect(header).toEqual(shownHeaders.filter((label) => label !== "Invoice PDF"));
  expect(header).not.toContain("Overdue");
  expect(rows).toHaveLength(count);
  const status = header!.indexOf("Status");
  expect(rows.filter((r) => r[status]?.toLowerCase() !== "unpaid")).toEqual([]);
});

test("all usages as XLSX, after the all-records question, whatever the table's filter", async ({
  page,
}) => {
  await openList(page, "usages");
  const all = await total(page, "usages");
  await addFilter(page, {
    field: "Quantity",
    operator: "is greater than",
    value: "1000",
    how: "type",
  });
  await expect(chipRemover(page, "Quantity is greater than 1000")).toBeVisible();

  const before = (await exportFiles("usages", "xlsx")).length;
  await exportButton(page).click();
  const dialog = exportDialog(page, "usages");
  await dialog.getByRole("radio", { name: /All data/ }).check();
  await dialog.getByRole("button", { name: "Export" }).click();
  const question = page
    .getByRole("dialog")
    .filter({ hasText: "Do you want to export all records?" });
  await expect(question).toBeVisible();
  await question.getByRole("button", { name: "Export all" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Export started: we will e-mail it to you")).toBeVisible();

  const [header, ...rows] = await nextExport("usages", "xlsx", before);
  expect(header).toEqual(expect.arrayContaining(["Usage ID", "Date", "Quantity"]));
  expect(rows).toHaveLength(all);
});

test("filtered payments as XLSX and all credits as CSV", async ({ page }) => {
  await openList(page, "payments");
  await addFilter(page, { field: "Auto Apply", operator: "is", value: "No", how: "choose" });
  await settled(page);
  const payments = await total(page, "payments");
  const beforeXlsx = (await exportFiles("payments", "xlsx")).length;
  await exportButton(page).click();
  await exportDialog(page, "payments").getByRole("button", { name: "Export" }).click();
  await expect(exportDialog(page, "payments")).toBeHidden();
  const [payHeader, ...payRows] = await nextExport("payments", "xlsx", beforeXlsx);
  expect(payRows).toHaveLength(payments);
  // Auto apply is hidden by default (the company's configuration), so the file leaves it out too.
  expect(payHeader).toEqual(expect.arrayContaining(["Payment ID", "Status"]));
  expect(payHeader).not.toContain("Auto Apply");

  await openList(page, "credits");
  const credits = await total(page, "credits");
  await openList(page, "credits", "&filters=currency.eq.EUR");
  await expect(chipRemover(page, "Currency is EUR")).toBeVisible();
  expect(await total(page, "credits")).toBeLessThan(credits);
  const beforeCsv = (await exportFiles("credits", "csv")).length;
  await exportButton(page).click();
  const dialog = exportDialog(page, "credits");
  await dialog.getByRole("radio", { name: /All data/ }).check();
  await dialog.getByRole("radio", { name: "CSV" }).check();
  await dialog.getByRole("button", { name: "Export" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Export all" }).click();
  await expect(dialog).toBeHidden();
  const [, ...creditRows] = await nextExport("credits", "csv", beforeCsv);
  expect(creditRows).toHaveLength(credits);
});

test("the dialog works from the keyboard alone, and a second click while it runs sends nothing", async ({
  page,
}) => {
  await openList(page, "statements");
  const posts: string[] = [];
  await page.route("**/api/lists/statements/exports**", async (route) => {
    posts.push(route.request().method());
    // Long enough to click again while the first request runs.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });

  await exportButton(page).focus();
  await page.keyboard.press("Enter");
  const dialog = exportDialog(page, "statements");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("radio", { name: /Filtered data/ })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("radio", { name: "Excel (XLSX)" })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(dialog.getByRole("radio", { name: "CSV" })).toBeChecked();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  // Cancel, then Download now (issue 32 §4), then Export.
  await expect(dialog.getByRole("button", { name: "Download now" })).toBeFocused();
  await page.keyboard.press("Tab");
  const confirm = dialog.getByRole("button", { name: "Export" });
  await expect(confirm).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(confirm).toHaveAttribute("aria-busy", "true");
  await expect(dialog.getByRole("status")).toHaveText("Starting the export…");
  await page.keyboard.press("Enter");
  await confirm.click({ force: true });
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Export started: we will e-mail it to you")).toBeVisible();
  expect(posts).toEqual(["POST"]);
  await expect(exportButton(page)).toBeFocused();
});

test("a failed export keeps the dialog open and says why", async ({ page }) => {
  await openList(page, "credits");
  await page.route("**/api/lists/credits/exports**", (route) =>
    route.fulfill({
      status: 502,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "upstream", message: "errors.upstream" } }),
    }),
  );
  await exportButton(page).click();
  const dialog = exportDialog(page, "credits");
  await dialog.getByRole("button", { name: "Export" }).click();
  await expect(
    page.getByText("The billing service is not available right now. Please try again later."),
  ).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Export" })).toBeEnabled();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
});

test("the export dialog and the all-records question are accessible @mobile", async ({
  page,
}, testInfo) => {
  await openList(page, "invoices", "&filters=status.eq.unpaid", testInfo.project.name === "mobile");
  await expect(chipRemover(page, "Status is unpaid")).toBeVisible();
  await exportButton(page).click();
  const dialog = exportDialog(page, "invoices");
  await expect(dialog.getByText("The records matching the 1 filter shown")).toBeVisible();
  await expectAccessible(page);
  await snap(page, testInfo, "export-dialog");

  await dialog.getByRole("radio", { name: /All data/ }).check();
  await dialog.getByRole("button", { name: "Export" }).click();
  await expect(page.getByText("Do you want to export all records?")).toBeVisible();
  await expectAccessible(page);
  await snap(page, testInfo, "export-all-question");
  const question = page
    .getByRole("dialog")
    .filter({ hasText: "Do you want to export all records?" });
  await question.getByRole("button", { name: "Cancel" }).click();
  await expect(question).toBeHidden();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
});
