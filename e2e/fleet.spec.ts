import { expect, test, type APIRequestContext } from "@playwright/test";
import { signIn } from "./support/auth";
import { fleetControl, instanceUrl, postFrom, startFleet, type Fleet } from "./support/fleet";
import { hydrated } from "./support/hydration";
import { expectAccessible, snap } from "./support/page-checks";
import { PASSWORD } from "./support/sandbox";

// Two portal instances behind one (imagined) load balancer, each its own process: what one instance
// knows only in its memory must never sign anybody out on the other (issue 15).

test.describe.configure({ mode: "serial" });

let fleet: Fleet | undefined;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  // Three failures per client, so the per-client limit shows within a test.
  fleet = await startFleet({ LOGIN_MAX_FAILURES_PER_CLIENT: "3" });
});
test.afterAll(async () => {
  await fleet?.stop();
});

const ada = { email: "ada@acme.test", password: PASSWORD };

/** Ada signs in on one instance, as the browser's form does (same origin, X-CSRF). */
function signInOn(browser: APIRequestContext, i: 0 | 1, headers: Record<string, string> = {}) {
  return browser.post(`${instanceUrl(i)}/api/auth/login`, {
    headers: { Origin: instanceUrl(i), "X-CSRF": "1", ...headers },
    data: ada,
  });
}

test("a page that finds the access token refused does not sign the user out on the other instance", async ({
  playwright,
}) => {
  test.setTimeout(60_000);
  // A client without JavaScript: only the two page loads below reach the portal, nothing between.
  const browser = await playwright.request.newContext();
  try {
    const signIn = await signInOn(browser, 0);
    expect(signIn.status()).toBe(200);

    // The billing API stops accepting the access token before the cookie says it expires.
    await fleetControl("sessions/expire", { email: ada.email });
    const account = await browser.get(`${instanceUrl(0)}/portal/account`);
    expect(account.status()).toBe(200);
    expect(new URL(account.url()).pathname).toBe("/portal/account");

    // Past the billing API's 10 s overlap, in which a rotated-out refresh token still works.
    await new Promise((r) => setTimeout(r, 12_000));
    const dashboard = await browser.get(`${instanceUrl(1)}/portal/dashboard`);
    expect(new URL(dashboard.url()).pathname).toBe("/portal/dashboard");
    expect(dashboard.status()).toBe(200);
    expect(await dashboard.text()).toContain("ada@acme.test");
  } finally {
    await browser.dispose();
  }
});

test("the per-client sign-in limit counts the socket's address, whatever headers the client sends", async () => {
  const login = `${instanceUrl(0)}/api/auth/login`;
  // One client guessing, with a different forged address header on every try.
  for (let i = 0; i < 3; i++) {
    const res = await postFrom(
      "127.0.0.2",
      login,
      { email: `nobody-${i}@acme.test`, password: "wrong-password" },
      { "X-Real-IP": `198.51.100.${i}`, "X-Forwarded-For": `203.0.113.${i}` },
    );
    expect(res.status).toBe(401);
  }
  const blocked = await postFrom(
    "127.0.0.2",
    login,
    { email: "nobody-3@acme.test", password: "wrong-password" },
    { "X-Real-IP": "198.51.100.99", "X-Forwarded-For": "203.0.113.99" },
  );
  expect(blocked.status).toBe(429);

  // Another client is not locked out by the first one's failures.
  const other = await postFrom("127.0.0.3", login, ada);
  expect(other.status).toBe(200);
});

test("a request's id is in the portal's log line and the billing API's, and no secret is in either", async ({
  playwright,
}) => {
  const browser = await playwright.request.newContext();
  try {
    const signIn = await signInOn(browser, 0, { "X-Request-Id": "e2e-sign-in-1" });
    expect(signIn.status()).toBe(200);
    expect(signIn.headers()["x-request-id"]).toBe("e2e-sign-in-1");
    const session = await browser.get(`${instanceUrl(0)}/api/session`, {
      headers: { "X-Request-Id": "e2e-session-1" },
    });
    expect(session.status()).toBe(200);

    await expect
      .poll(() => fleet!.logs(0).find((l) => l.requestId === "e2e-session-1"))
      .toMatchObject({ company: "localhost", method: "GET", route: "/api/session", status: 200 });
    expect(fleet!.logs(0).find((l) => l.requestId === "e2e-sign-in-1")).toMatchObject({
      method: "POST",
      route: "/api/auth/login",
      status: 200,
    });
    // The same ids reach the billing API with the calls they caused.
    await expect
      .poll(() => fleet!.logs("sandbox").filter((l) => l.requestId === "e2e-session-1"))
      .toEqual([expect.objectContaining({ route: "/v1/user/me", status: 200 })]);
    expect(fleet!.logs("sandbox").filter((l) => l.requestId === "e2e-sign-in-1")).toEqual(
      expect.arrayContaining([expect.objectContaining({ route: "/v1/auth/login", status: 200 })]),
    );

    const cookies = (await browser.storageState()).cookies.map((c) => c.value);
    expect(cookies.length).toBeGreaterThan(0);
    const everything = JSON.stringify([fleet!.logs(0), fleet!.logs(1), fleet!.logs("sandbox")]);
    for (const secret of [PASSWORD, ...cookies]) expect(everything).not.toContain(secret);
  } finally {
    await browser.dispose();
  }
});

test("wrong passwords from elsewhere do not keep a customer out: the form asks for the human check", async ({
  page,
}, testInfo) => {
  const login = `${instanceUrl(0)}/api/auth/login`;
  // Someone who knows the address guesses from five addresses (each under the per-client limit).
  for (let i = 0; i < 5; i++) {
    const guess = await postFrom(`127.0.0.${20 + i}`, login, {
      email: "zero@acme.test",
      password: `Guess!${i}234`,
    });
    expect(guess.status).toBe(401);
  }

  // The customer, from their own browser: asked to prove they are human, not refused.
  await page.goto(`${instanceUrl(0)}/portal/login`);
  await hydrated(page);
  await signIn(page, "zero@acme.test");
  await expect(page.getByRole("alert", { name: "Error" })).toContainText(
    "This e-mail address had several failed sign-ins. Confirm that you are human, then sign in again.",
  );
  const check = page.getByRole("group", { name: "Human check" });
  await expect(check.getByLabel("I am human")).toBeVisible();
  // What was typed stays.
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue("zero@acme.test");
  await expectAccessible(page);
  await snap(page, testInfo, "login-human-check");
  await page.setViewportSize({ width: 375, height: 812 });
  await expectAccessible(page);
  await page.screenshot({ path: "e2e/screenshots/mobile/login-human-check.png", fullPage: true });

  await check.getByLabel("I am human").check();
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/portal\/dashboard/);
});

// Last: it stops instance 1.
test("SIGTERM: the instance finishes the request in flight, then exits and takes no new ones", async ({
  playwright,
}) => {
  test.setTimeout(60_000);
  const browser = await playwright.request.newContext();
  try {
    const signIn = await signInOn(browser, 1);
    expect(signIn.status()).toBe(200);
    // The billing API takes 2 s to answer the next /v1/user/me: the request is in flight when
    // the instance is told to stop.
    await fleetControl("faults", { method: "GET", path: "/v1/user/me", delayMs: 2_000 });
    const inFlight = browser.get(`${instanceUrl(1)}/api/session`);
    await new Promise((r) => setTimeout(r, 500));
    const exited = fleet!.terminate(1);

    const answer = await inFlight;
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toMatchObject({ user: { email: ada.email } });
    expect(await exited).toBe(0);
    await expect(fetch(`${instanceUrl(1)}/api/health`)).rejects.toThrow();
    // The other instance serves on.
    const health = await fetch(`${instanceUrl(0)}/api/health`);
    expect(health.status).toBe(200);
  } finally {
    await browser.dispose();
  }
});
