import { expect, type Page } from "@playwright/test";
import { hydrated } from "./hydration";
import { PASSWORD } from "./sandbox";

/** Fills and submits the login form as a person would. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** The dashboard, with or without its tab in the URL. */
export const DASHBOARD_URL = /\/portal\/dashboard(\?tab=[a-z]+)?$/;

/** Signs in on the login form the page shows and waits until the page it lands on can be used. */
export async function signInAndLand(
  page: Page,
  email: string,
  landing: RegExp,
  password = PASSWORD,
) {
  await signIn(page, email, password);
  await expect(page).toHaveURL(landing);
  // The next step clicks: one before hydration does nothing.
  await hydrated(page);
}

/** Goes to the login page, signs in and waits for the dashboard. */
export async function signInToDashboard(page: Page, email: string, password = PASSWORD) {
  await page.goto("/portal/login");
  await signInAndLand(page, email, DASHBOARD_URL, password);
}
