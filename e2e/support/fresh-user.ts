import { expect, type Page } from "@playwright/test";
import { DASHBOARD_URL, signInAndLand } from "./auth";
import { PASSWORD, sandboxUrl, uniqueEmail } from "./sandbox";

/**
 * A user of its own (faults can be scoped to it) for a customer with invoices (Northwind, shared
 * read-only), invited, registered and signed in on the dashboard; answers its e-mail.
 */
export async function freshUser(page: Page, prefix = "resilience"): Promise<string> {
  const email = uniqueEmail(prefix);
  const res = await fetch(`${sandboxUrl}/__sandbox/invitations`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, company: "acme", customerId: "cus_acme_1002" }),
  });
  expect(res.ok).toBe(true);
  const { link } = (await res.json()) as { link: string };
  const url = new URL(link);
  await page.goto(url.pathname + url.search);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/portal\/login\?message=registered/);
  await signInAndLand(page, email, DASHBOARD_URL);
  return email.toLowerCase();
}

/** Errors the page itself reports: uncaught exceptions and console errors. */
export function browserErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  return errors;
}

/** The app's own errors among them: the browser's network lines for failed calls are not. */
export function appErrors(errors: string[]): string[] {
  return errors.filter((e) => !e.startsWith("Failed to load resource"));
}
