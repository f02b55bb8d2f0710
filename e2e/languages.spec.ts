// The portal in German and in Arabic (issue 13): sign-in, the dashboard with a filter typed as the
// reader writes dates and numbers, the export dialog, the account with the change-password dialog,
// the subscriptions with the cancel dialog. Everything is found by the roles and labels a reader of
// that language meets (the texts come from its catalogues); axe runs on every page and dialog.
// Arabic runs at desktop and phone width, right to left, and leaves screenshots of each.
import type { TestInfo } from "@playwright/test";
import { snapDialog } from "./support/account";
import { columnTexts, settled } from "./support/dashboard";
import { expectLocale, inLocale } from "./support/locale";
import { texts } from "./support/messages";
import { expectAccessible, expectNoHorizontalScroll, snap } from "./support/page-checks";
import { PASSWORD } from "./support/sandbox";
import { expect, test } from "./support/signed-in";
import { HEAD_OFFICE, expand, panelOf } from "./support/subscriptions";

// A user of its own on Ada's customer: the column widths this spec changes are no other test's.
test.use({ user: { customer: "cus_acme_1001" } });

const DUE_DATE = "Due Date"; // the company's own column label, shown as it wrote it
const BALANCE = "Balance";

/** A day `days` before today, as YYYY-MM-DD (the seed's dates follow the sandbox's clock). */
function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

/** A date cell as the locale shows it, read back as YYYY-MM-DD (day first in both locales here). */
function isoOfCell(text: string): string {
  const [day, month, year] = text.replace(/[\u200e\u200f\u061c]/g, "").split(/\D+/);
  return `${year}-${month!.padStart(2, "0")}-${day!.padStart(2, "0")}`;
}

/** The locale's medium date of a YYYY-MM-DD day, as the chips and cells show it. */
const mediumDate = (locale: string, iso: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(`${iso}T12:00:00Z`),
  );

/** A money cell in German ('1.234,56 $') as a number. */
const germanAmount = (text: string) => Number(text.replace(/[^\d,-]/g, "").replace(",", "."));

const isMobile = (testInfo: TestInfo) => testInfo.project.name === "mobile";

for (const locale of ["ar", "de"] as const) {
  const t = texts(locale);
  // Arabic also runs at phone width (the mobile project runs what is tagged @mobile).
  const tag = locale === "ar" ? " @mobile" : "";

  test.describe(`in ${locale}`, () => {
    test(`signs in${tag}`, async ({ browser, baseURL }, testInfo) => {
      const context = await browser.newContext({
        storageState: { cookies: [], origins: [] },
        viewport: testInfo.project.use.viewport,
      });
      await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: baseURL! }]);
      const page = await context.newPage();
      await page.goto("/portal/login");
      await expectLocale(page, locale);
      await expect(page.getByRole("heading", { name: t("common.login.title") })).toBeVisible();
      await expectAccessible(page);
      await expectNoHorizontalScroll(page);
      await snap(page, testInfo, `${locale}-login`);

      await page.getByLabel(t("common.login.email"), { exact: true }).fill("ada@acme.test");
      await page.getByLabel(t("common.login.password"), { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: t("common.login.submit"), exact: true }).click();
      await expect(page).toHaveURL(/\/portal\/dashboard/);
      await expect(
        page.getByRole("heading", { name: t("common.dashboard.title"), level: 1 }),
      ).toBeVisible();
      await expectLocale(page, locale);
      await context.close();
    });

    test(`filters the invoices as the reader writes dates, and opens the export dialog${tag}`, async ({
      page,
      baseURL,
    }, testInfo) => {
      // Filters, chips, pages and the export dialog in one walk: 18 s of the 30 on a quiet machine.
      test.slow();
      const mobile = isMobile(testInfo);
      await inLocale(page, locale, baseURL);
      await page.goto("/portal/dashboard?tab=invoices");
      await expectLocale(page, locale);
      // The table (cards at phone width) is named '<list>: <count>' in the reader's words.
      const invoices = new RegExp(`^${t("lists.tabs.invoices")}: `);
      await expect(page.getByRole(mobile ? "list" : "table", { name: invoices })).toBeVisible();
      await settled(page);
      await expectAccessible(page);
      await snap(page, testInfo, `${locale}-dashboard`);

      // The builder, in the reader's words, with a date written as they write it.
      const pivot = daysAgo(45);
      const [year, month, day] = pivot.split("-");
      const typed = locale === "de" ? `${day}.${month}.${year}` : `${day}/${month}/${year}`;
      await page.getByRole("button", { name: t("lists.filter.button"), exact: true }).click();
      const builder = page.getByRole("dialog", { name: t("lists.filter.title") });
      await expect(builder).toBeVisible();
      await expect(builder.getByText(t("lists.filter.dateHint"))).toBeHidden();
      await builder.getByLabel(t("lists.filter.field")).selectOption({ label: DUE_DATE });
      await builder
        .getByLabel(t("lists.filter.operator"))
        .selectOption({ label: t("lists.filter.operators.gte") });
      const value = builder.getByLabel(t("lists.filter.value"));
      await expect(value).toHaveAttribute("placeholder", t("lists.filter.datePlaceholder"));
      await expect(builder.getByText(t("lists.filter.dateHint"))).toBeVisible();
      // No such day: the error says so in the reader's language, once the box is left.
      await value.fill("31.02.2026");
      await value.blur();
      await expect(builder.getByText(t("lists.filter.invalidDate"))).toBeVisible();
      await value.fill(typed);
      await expectAccessible(page);
      await snapDialog(page, testInfo, `${locale}-filter-builder`);
      await builder.getByRole("button", { name: t("lists.filter.apply") }).click();
      await expect(builder).toBeHidden();

      // The wire keeps YYYY-MM-DD; the chip reads the date as the cells do.
      await expect(page).toHaveURL(new RegExp(`filters=due_date\\.gte\\.${pivot}`));
      await expect(
        page.getByRole("button", {
          name: t("lists.filter.remove", {
            field: DUE_DATE,
            operator: t("lists.filter.operators.gte"),
            value: mediumDate(locale, pivot),
          }),
        }),
      ).toBeVisible();
      await settled(page);
      if (!mobile) {
        const dates = await columnTexts(page, DUE_DATE);
        expect(dates.length).toBeGreaterThan(0);
        for (const cell of dates) {
          expect(cell).toBe(mediumDate(locale, isoOfCell(cell)));
          expect(isoOfCell(cell) >= pivot, `${cell} is on or after ${pivot}`).toBe(true);
        }
      }

      if (locale === "de" && !mobile) {
        // A decimal comma, as German is written; the wire gets 100.50.
        await page.getByRole("button", { name: t("lists.filter.button"), exact: true }).click();
        await builder.getByLabel(t("lists.filter.field")).selectOption({ label: BALANCE });
        await builder
          .getByLabel(t("lists.filter.operator"))
          .selectOption({ label: t("lists.filter.operators.gt") });
        await builder.getByLabel(t("lists.filter.value")).fill("100,50");
        await builder.getByRole("button", { name: t("lists.filter.apply") }).click();
        await expect(page).toHaveURL(/filters=[^&]*balance\.gt\.100\.50/);
        await expect(
          page.getByRole("button", {
            name: t("lists.filter.remove", {
              field: BALANCE,
              operator: t("lists.filter.operators.gt"),
              value: "100,50",
            }),
          }),
        ).toBeVisible();
        await settled(page);
        const balances = (await columnTexts(page, BALANCE)).map(germanAmount);
        expect(balances.length).toBeGreaterThan(0);
        for (const balance of balances) expect(balance).toBeGreaterThan(100.5);
      }
      await expectAccessible(page);
      await expectNoHorizontalScroll(page);
      await snap(page, testInfo, `${locale}-dashboard-filtered`);

      await page.getByRole("button", { name: t("lists.export.button"), exact: true }).click();
      const exportDialog = page.getByRole("dialog");
      await expect(exportDialog.getByRole("radio", { name: t("lists.export.csv") })).toBeVisible();
      await expect(exportDialog.getByRole("radio", { name: t("lists.export.xlsx") })).toBeVisible();
      await expectAccessible(page);
      await snapDialog(page, testInfo, `${locale}-export-dialog`);
      await exportDialog.getByRole("button", { name: t("lists.export.decline") }).click();
      await expect(exportDialog).toBeHidden();
    });

    // Desktop only: at phone width the columns are cards.
    test(`changes a column's width the way the arrow points`, async ({
      page,
      baseURL,
    }, testInfo) => {
      await inLocale(page, locale, baseURL);
      await page.goto("/portal/dashboard?tab=invoices");
      await expect(
        page.getByRole("table", { name: new RegExp(`^${t("lists.tabs.invoices")}: `) }),
      ).toBeVisible();
      await settled(page);
      const edge = page.getByRole("separator", {
        name: t("lists.table.resize.handle", { column: DUE_DATE }),
        exact: true,
      });
      const before = Number(await edge.getAttribute("aria-valuenow"));
      // The edge is the cell's end: its left side right to left, so ← widens there.
      await edge.focus();
      await page.keyboard.press("ArrowLeft");
      const step = locale === "ar" ? 10 : -10;
      await expect(edge).toHaveAttribute("aria-valuenow", String(before + step));
      await page.keyboard.press("ArrowRight");
      await expect(edge).toHaveAttribute("aria-valuenow", String(before));

      // The column's menu and the column picker open on the reading side.
      await page
        .getByRole("button", { name: t("lists.table.menu.button", { column: DUE_DATE }) })
        .click();
      const menu = page.getByRole("menu");
      await expect(menu.getByRole("menuitem", { name: t("lists.table.menu.wider") })).toBeVisible();
      await expectAccessible(page);
      await snapDialog(page, testInfo, `${locale}-column-menu`);
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await page.getByRole("button", { name: t("lists.table.picker.button"), exact: true }).click();
      const picker = page.getByRole("dialog", { name: t("lists.table.picker.title") });
      await expect(picker).toBeVisible();
      await expectAccessible(page);
      await snapDialog(page, testInfo, `${locale}-column-picker`);
      await page.keyboard.press("Escape");
      await expect(picker).toBeHidden();
    });

    test(`shows the account and the change-password dialog${tag}`, async ({
      page,
      baseURL,
    }, testInfo) => {
      await inLocale(page, locale, baseURL);
      await page.goto("/portal/account");
      await expectLocale(page, locale);
      await expect(page.getByRole("heading", { name: t("account.title"), level: 1 })).toBeVisible();
      await settled(page);
      // Numbers a reader copies stay in their order right to left.
      await expect(page.getByText("+1 617 555 0101", { exact: true })).toBeVisible();
      await expectAccessible(page);
      await expectNoHorizontalScroll(page);
      await snap(page, testInfo, `${locale}-account`);

      // A dialog on a desktop; its own view, with a way back, on a phone.
      const mobile = isMobile(testInfo);
      const changePassword = t("account.views.changePassword");
      await page.getByRole("button", { name: changePassword }).click();
      const form = mobile
        ? page.getByRole("main")
        : page.getByRole("dialog", { name: changePassword });
      if (mobile)
        await expect(page.getByRole("heading", { name: changePassword, level: 1 })).toBeVisible();
      else await expect(form).toBeVisible();
      const current = form.getByLabel(t("account.changePassword.current"));
      const fresh = form.getByLabel(t("account.changePassword.new"), { exact: true });
      await expect(form.getByLabel(t("account.changePassword.confirmation"))).toBeVisible();
      await current.fill("not-the-password");
      await fresh.fill("short");
      await form.getByRole("button", { name: changePassword }).click();
      // Refused in the reader's language, nothing typed lost.
      await expect(fresh).toHaveAttribute("aria-invalid", "true");
      await expect(current).toHaveValue("not-the-password");
      await expectAccessible(page);
      await snapDialog(page, testInfo, `${locale}-change-password`);
      if (mobile) await page.getByRole("button", { name: t("account.views.back") }).click();
      else await page.keyboard.press("Escape");
      await expect(page.getByRole("heading", { name: t("account.title"), level: 1 })).toBeVisible();
    });

    test(`shows the subscriptions and the cancel dialog${tag}`, async ({
      page,
      baseURL,
    }, testInfo) => {
      // The cancel dialog's three steps, each checked by axe and photographed.
      test.slow();
      await inLocale(page, locale, baseURL);
      await page.goto("/portal/dashboard?tab=subscriptions");
      await expectLocale(page, locale);
      const panel = panelOf(page, HEAD_OFFICE);
      await expect(panel).toBeVisible();
      await settled(page);
      await expectAccessible(page);
      await expectNoHorizontalScroll(page);
      await snap(page, testInfo, `${locale}-subscriptions`);

      // Expanded: the plans and their charges, the chevrons pointing the reading way.
      await expand(page, HEAD_OFFICE, t("subscriptions.panel.plansAndCharges"));
      await expectAccessible(page);
      await expectNoHorizontalScroll(page);
      await snap(page, testInfo, `${locale}-subscription-expanded`);

      await panel
        .getByRole("button", { name: t("subscriptions.actions.cancel"), exact: true })
        .click();
      const dialog = page.getByRole("dialog", { name: t("subscriptionDialogs.cancel.title") });
      await expect(dialog).toBeVisible();
      // Its three steps in the locale: why (Acme's six reasons), the offers, the confirmation.
      await expect(
        dialog.getByRole("group", { name: t("subscriptionDialogs.cancel.reasonLegend") }),
      ).toBeVisible();
      await expect(dialog.getByRole("radio")).toHaveCount(6);
      await settled(page);
      await expectAccessible(page);
      await snapDialog(page, testInfo, `${locale}-cancel-reason`);
      await dialog.getByRole("button", { name: t("subscriptionDialogs.cancel.skip") }).click();
      await expect(
        dialog.getByRole("heading", { name: t("subscriptionDialogs.cancel.offersHeading") }),
      ).toBeVisible();
      await expect(
        dialog.getByRole("button", { name: t("subscriptionDialogs.cancel.accept") }).first(),
      ).toBeVisible();
      await settled(page);
      await expectAccessible(page);
      await snapDialog(page, testInfo, `${locale}-cancel-offers`);
      await dialog.getByRole("button", { name: t("subscriptionDialogs.cancel.decline") }).click();
      await expect(
        dialog.getByRole("button", { name: t("subscriptionDialogs.cancel.ok") }),
      ).toBeVisible();
      await settled(page);
      await expectAccessible(page);
      await snapDialog(page, testInfo, `${locale}-cancel-dialog`);
      await dialog.getByRole("button", { name: t("subscriptionDialogs.cancel.keep") }).click();
      await expect(dialog).toBeHidden();
    });
  });
}
