// A signed-in browser per test without signing in per test: each worker signs each user it needs in
// once (through the login form) and reuses that storage state.
// - `test.use({ user: "zero@acme.test" })` picks a seeded user (ada is the default).
// - `test.use({ user: { customer: "cus_acme_1002" } })` gets a user of its own, invited and
//   registered for that customer once per worker: its saved table layouts and selected customer
//   belong to no other test, so tests that change them cannot disturb other specs.
import { test as base, expect, type Browser } from "@playwright/test";
import { PORTAL_PORT } from "../../playwright.config";
import { signInToDashboard } from "./auth";
import { hydrated } from "./hydration";
import { PASSWORD, sandboxUrl, uniqueEmail } from "./sandbox";

export const ADA = "ada@acme.test";

export type TestUser = string | { customer: string };

async function inviteForCustomer(email: string, customer: string): Promise<string> {
  const res = await fetch(`${sandboxUrl}/__sandbox/invitations`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, company: "acme", customerId: customer }),
  });
  if (!res.ok) throw new Error(`invitation for ${customer} → ${res.status}: ${await res.text()}`);
  const { link } = (await res.json()) as { link: string };
  const url = new URL(link);
  return url.pathname + url.search;
}

async function signInOnce(browser: Browser, user: TestUser, path: string): Promise<string> {
  const context = await browser.newContext({ baseURL: `http://localhost:${PORTAL_PORT}` });
  const page = await context.newPage();
  let email = typeof user === "string" ? user : uniqueEmail("tables");
  if (typeof user !== "string") {
    await page.goto(await inviteForCustomer(email, user.customer));
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/portal\/login\?message=registered/);
    email = email.toLowerCase();
  }
  await signInToDashboard(page, email);
  await context.storageState({ path });
  await context.close();
  return path;
}

type WorkerFixtures = { storageFor: (user: TestUser) => Promise<string> };

export const test = base.extend<{ user: TestUser }, WorkerFixtures>({
  user: [ADA, { option: true }],
  storageFor: [
    async ({ browser }, provide, workerInfo) => {
      const files = new Map<string, Promise<string>>();
      await provide((user) => {
        const key = typeof user === "string" ? user : `customer-${user.customer}`;
        let file = files.get(key);
        if (!file) {
          const name = `${key.replace(/[^a-z0-9]/gi, "_")}-${workerInfo.project.name}-${workerInfo.workerIndex}`;
          file = signInOnce(browser, user, `test-results/.auth/${name}.json`);
          files.set(key, file);
        }
        return file;
      });
    },
    { scope: "worker" },
  ],
  storageState: async ({ user, storageFor }, provide) => {
    await provide(await storageFor(user));
  },
  // A visit or reload returns once the page can be used: hydrated, not just painted.
  page: async ({ page }, provide) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await hydrated(page);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      await hydrated(page);
      return response;
    };
    await provide(page);
  },
});

export { expect };
