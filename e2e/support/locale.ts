// The reader's language for a spec: the portal's own cookie, set before a visit, and the check
// that a page came in that language and its direction.
import { expect, type Page } from "@playwright/test";
import { directionOf } from "../../lib/i18n/locales";

/** Reads the portal in `locale` on each of these origins (the cookie the language picker sets). */
export async function inLocale(page: Page, locale: string, ...origins: (string | undefined)[]) {
  await page
    .context()
    .addCookies(origins.map((url) => ({ name: "NEXT_LOCALE", value: locale, url: url! })));
}

/** The page is in `locale`: `<html lang dir>`. */
export async function expectLocale(page: Page, locale: string) {
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  await expect(page.locator("html")).toHaveAttribute("dir", directionOf(locale));
}
