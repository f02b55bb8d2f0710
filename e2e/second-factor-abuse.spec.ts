// The second step's abuse cases in a real browser (issue 34 §4): wrong codes are throttled as wrong
// passwords are, per user on one client address; failures from another address make this one's
// next sign-in ask for the human check, never lock the customer out; a code that signed in once
// does not sign in again. Each test has a user of its own, so its failures throttle nobody else
// (the suite's per-client limit is raised for the shared address: playwright.config.ts).
import { expect, test, type Page } from "@playwright/test";
import { PORTAL } from "./support/account";
import { codeAt, nextCode, userWithApp } from "./support/factors";
import { DASHBOARD_URL, signIn } from "./support/auth";
import { postFrom } from "./support/fleet";
import { hydrated } from "./support/hydration";
import { expectAccessible } from "./support/page-checks";
import { PASSWORD } from "./support/sandbox";

/** A six-digit code that is not the app's now, nor one step either side. */
function wrongCode(secret: string): string {
  const near = new Set([-30_000, 0, 30_000].map((d) => codeAt(secret, Date.now() + d)));
  for (let n = 100_000; ; n += 1) if (!near.has(String(n))) return String(n);
}

const NOT_RIGHT = "That code is not right. Check it and try again.";
const THROTTLED = /Too many sign-in attempts\. Try again in \d+ minutes?\./;

async function toSecondStep(page: Page, email: string) {
  await page.goto(`${PORTAL.acme}/portal/login`);
  await hydrated(page);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/portal\/login\/second-factor$/);
  await hydrated(page);
}

/** Types a code and presses Verify; the BFF's answer status. */
async function verify(page: Page, code: string): Promise<number> {
  await page.getByLabel("Authentication code").fill(code);
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/auth/second-factor"));
  await page.getByRole("button", { name: "Verify" }).click();
  return (await answer).status();
}

const sessionCookies = async (page: Page) =>
  (await page.context().cookies()).filter((c) => /portal_session/.test(c.name));

test("five wrong codes from one address make it wait; then even the right code waits", async ({
  page,
}) => {
  const { email, secret } = await userWithApp("mfa-abuse");
  await toSecondStep(page, email);
  const wrong = wrongCode(secret);
  for (let i = 0; i < 5; i += 1) {
    expect(await verify(page, wrong)).toBe(400);
    await expect(page.getByText(NOT_RIGHT)).toBeVisible();
  }
  expect(await verify(page, wrong)).toBe(429);
  await expect(page.getByText(THROTTLED)).toBeVisible();
  await expect(page.getByText(NOT_RIGHT)).toBeHidden();
  await expectAccessible(page);
  expect(await verify(page, nextCode(secret))).toBe(429);
  await expect(page.getByText(THROTTLED)).toBeVisible();
  await expect(page).toHaveURL(/\/portal\/login\/second-factor$/);
  expect(await sessionCookies(page)).toEqual([]);
});

test("failures from another address ask this one for the human check, and the customer gets in", async ({
  page,
}) => {
  const { email, secret } = await userWithApp("mfa-abuse");
  // Somebody else, from another client socket, has the password and guesses codes.
  const elsewhere = "127.0.0.2";
  const password = await postFrom(elsewhere, `${PORTAL.acme}/api/auth/login`, {
    email,
    password: PASSWORD,
  });
  expect(password.status).toBe(200);
  const step = password.setCookies.find((c) => c.startsWith("portal_second_step="));
  expect(step).toBeDefined();
  const cookie = step!.split(";")[0]!;
  const guess = (code: string) =>
    postFrom(elsewhere, `${PORTAL.acme}/api/auth/second-factor`, { code }, { Cookie: cookie });
  const wrong = wrongCode(secret);
  for (let i = 0; i < 5; i += 1) expect((await guess(wrong)).status).toBe(400);
  // That address now waits, whatever it sends.
  expect((await guess(nextCode(secret))).status).toBe(429);

  // The customer, from their own address: the password asks for the human check first.
  await page.goto(`${PORTAL.acme}/portal/login`);
  await hydrated(page);
  await signIn(page, email, PASSWORD);
  const human = page.getByRole("checkbox", { name: "I am human" });
  await expect(human).toBeVisible();
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue(PASSWORD);
  await human.check();
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/portal\/login\/second-factor$/);
  await hydrated(page);
  // Solved at the password, the check is not asked again for the code.
  expect(await verify(page, nextCode(secret))).toBe(200);
  await expect(page).toHaveURL(DASHBOARD_URL);
  expect(await sessionCookies(page)).toHaveLength(1);
});

test("a code that signed in once does not sign in again in its window", async ({ page }) => {
  const { email, secret } = await userWithApp("mfa-abuse");
  await toSecondStep(page, email);
  const code = nextCode(secret);
  expect(await verify(page, code)).toBe(200);
  await expect(page).toHaveURL(DASHBOARD_URL);

  await page.context().clearCookies();
  await toSecondStep(page, email);
  expect(await verify(page, code)).toBe(400);
  await expect(page.getByText(NOT_RIGHT)).toBeVisible();
  expect(await sessionCookies(page)).toEqual([]);
});
