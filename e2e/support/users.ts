import { expect, type Page } from "@playwright/test";
import { invite, linkPath, uniqueEmail, waitForMail } from "./sandbox";

export const NEW_PASSWORD = "Fresh#Start9";

/** Invites a new address to Acme and completes registration in the browser. */
export async function registerNewUser(page: Page, password = NEW_PASSWORD) {
  const email = uniqueEmail("new");
  await invite(email, "acme");
  const invitation = await waitForMail(email, /invit/i);
  const registerPath = linkPath(invitation, "/portal/register/");
  await page.goto(registerPath);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/portal\/login\?message=registered/);
  return { email, registerPath };
}
