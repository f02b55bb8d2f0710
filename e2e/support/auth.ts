import { expect, type Page } from "@playwright/test";
import { hydrated } from "./hydration";
import { PASSWORD } from "./sandbox";

/** Fills and submits the login form as a person would. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Goes to the login page, signs in and waits for the dashboard. */
export async function signInToDashboard(page: Page, email: string, password = PASSWORD) {
  await page.goto("/portal/login");
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/portal\/dashboard(\?tab=[a-z]+)?$/);
  // The next step clicks: one before hydration does nothing.
  await hydrated(page);
}
