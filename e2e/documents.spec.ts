// Documents in bulk and exports downloaded now (issue 32 §3, §4): the selected invoices or
// statements as one zip (entries named by id, the zip by company and date, progress said), more
// than 500 refused with a clear message; the export dialog's "Download now" saves the file the
// e-mail would carry. On a phone the rows are cards, each with its own checkbox, and two of them
// download the same way.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { PORTAL, api, freshUser } from "./support/account";
import { signInAndLand } from "./support/auth";
import { expectAccessible, expectNoHorizontalScroll } from "./support/page-checks";
import { PASSWORD } from "./support/sandbox";
import { expect, test } from "./support/signed-in";

const box = (page: Page, id: string) => page.getByRole("checkbox", { name: `Select ${id}` });
const bar = (page: Page) => page.getByRole("group", { name: "Selected rows" });

/** The names inside a zip file, read by unzip (not the writer's library). */
function zipEntries(path: string): string[] {
  const listing = execFileSync("unzip", ["-Z1", path], { encoding: "utf8" });
  return listing.split("\n").filter(Boolean).sort();
}

async function bearer(email: string): Promise<string> {
  const out = await api<{ accessToken: string }>("POST", "/v1/auth/login", {
    email,
    password: PASSWORD,
    companyId: "acme",
  });
  return out.accessToken;
}

test.describe("documents in bulk", () => {
  test("downloads the selected invoices as one zip named by company and date", async ({
    page,
  }, testInfo) => {
    const email = await freshUser("acme", { prefix: "zip" });
    const { invoices } = await api<{ invoices: { id: string }[] }>(
      "POST",
      "/__sandbox/invoices/copy",
      { email },
    );
    await page.context().clearCookies();
    await page.goto(`${PORTAL.acme}/portal/login`);
    await signInAndLand(page, email, /\/portal\/dashboard/);
    const page1 = await api<{ invoices: { id: string }[] }>(
      "GET",
      "/v1/invoices?page=1&size=10&sort=invoice_date%20desc",
      undefined,
      await bearer(email),
    );
    const chosen = page1.invoices.slice(0, 3).map((i) => i.id);
    for (const id of chosen) await box(page, id).click();
    await expectAccessible(page);
    const download = page.waitForEvent("download");
    await bar(page).getByRole("button", { name: "Download PDFs" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^acme-water-documents-\d{4}-\d{2}-\d{2}\.zip$/);
    const saved = testInfo.outputPath("invoices.zip");
    await file.saveAs(saved);
    expect(zipEntries(saved)).toEqual(chosen.map((id) => `invoices/${id}.pdf`).sort());
    await expect(bar(page).getByRole("status")).toContainText(
      "3 documents downloaded as one zip file.",
    );

    // More than 500 chosen: said at once, nothing downloaded.
    for (let i = 0; i < 4; i++) await api("POST", "/__sandbox/invoices/copy", { email });
    expect(invoices.length * 5).toBeGreaterThan(500);
    await page.reload();
    await page.getByRole("checkbox", { name: "Select every row on this page" }).check();
    await bar(page)
      .getByRole("button", { name: /^Select all \d+ rows/ })
      .click();
    await bar(page).getByRole("button", { name: "Download PDFs" }).click();
    await expect(bar(page).getByRole("alert")).toHaveText(
      "One download holds at most 500 documents. Select fewer and download the rest afterwards.",
    );
  });

  test("on a phone, two selected invoice cards download as one zip @mobile-only", async ({
    page,
  }, testInfo) => {
    // Ada's invoices, only read: nothing to reset.
    const { invoices } = await api<{ invoices: { id: string }[] }>(
      "GET",
      "/v1/invoices?page=1&size=10&sort=invoice_date%20desc",
      undefined,
      await bearer("ada@acme.test"),
    );
    // Two cards apart, so a range or a neighbour taken by mistake would show in the zip.
    const chosen = [invoices[0]!.id, invoices[2]!.id];
    await page.goto("/portal/dashboard?tab=invoices");
    // The phone layout: the rows are cards, each with its own checkbox; no table.
    const cards = page.getByRole("list", { name: /^Invoices: / });
    await expect(cards).toBeVisible();
    await expect(page.getByRole("table", { name: /^Invoices: / })).toBeHidden();
    for (const id of chosen) await cards.getByRole("checkbox", { name: `Select ${id}` }).tap();
    for (const id of chosen)
      await expect(cards.getByRole("checkbox", { name: `Select ${id}` })).toBeChecked();
    await expect(bar(page)).toContainText("2 rows selected");

    const download = page.waitForEvent("download");
    await bar(page).getByRole("button", { name: "Download PDFs" }).tap();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^acme-water-documents-\d{4}-\d{2}-\d{2}\.zip$/);
    const saved = testInfo.outputPath("invoices-phone.zip");
    await file.saveAs(saved);
    expect(zipEntries(saved)).toEqual(chosen.map((id) => `invoices/${id}.pdf`).sort());
    // Each entry is that invoice's PDF: its document title (in the PDF's Info dictionary) names it.
    for (const id of chosen) {
      const pdf = execFileSync("unzip", ["-p", saved, `invoices/${id}.pdf`]).toString("latin1");
      expect(pdf.startsWith("%PDF-"), `invoices/${id}.pdf is a PDF`).toBe(true);
      expect(pdf.includes(`Invoice ${id}`), `invoices/${id}.pdf is titled "Invoice ${id}"`).toBe(
        true,
      );
    }
    await expect(bar(page).getByRole("status")).toContainText(
      "2 documents downloaded as one zip file.",
    );
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    // For people to look at (test-results/, not kept): the bar and the cards at phone width.
    await bar(page).scrollIntoViewIfNeeded();
    await page.screenshot({
      path: testInfo.outputPath("phone-selection-bar.png"),
      animations: "disabled",
    });
  });

  test("downloads selected statements, and an export at once", async ({ page }, testInfo) => {
    await page.goto("/portal/dashboard?tab=statements");
    const statements = await api<{ statements: { id: string }[] }>(
      "GET",
      "/v1/statements?page=1&size=10",
      undefined,
      await bearer("ada@acme.test"),
    );
    const chosen = statements.statements.slice(0, 2).map((s) => s.id);
    expect(chosen).toHaveLength(2);
    for (const id of chosen) await box(page, id).click();
    const download = page.waitForEvent("download");
    await bar(page).getByRole("button", { name: "Download PDFs" }).click();
    const saved = testInfo.outputPath("statements.zip");
    await (await download).saveAs(saved);
    expect(zipEntries(saved)).toEqual(chosen.map((id) => `statements/${id}.pdf`).sort());

    // The export dialog downloads the current view now: the list's rows, one per line.
    await page.goto("/portal/dashboard?tab=invoices");
    await page.getByRole("button", { name: "Export" }).click();
    const dialog = page.getByRole("dialog", { name: /^Export/ });
    await dialog.getByRole("radio", { name: "CSV" }).check();
    const csv = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Download now" }).click();
    const file = await csv;
    expect(file.suggestedFilename()).toMatch(/^invoices-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parse(readFileSync(await file.path()), { bom: true }) as string[][];
    const { total } = await api<{ total: number }>(
      "GET",
      "/v1/invoices?page=1&size=5&with_total=true",
      undefined,
      await bearer("ada@acme.test"),
    );
    expect(rows).toHaveLength(total + 1);
    expect(rows[0]).toContain("Invoice ID");
    await expect(dialog).toBeHidden();
  });
});
