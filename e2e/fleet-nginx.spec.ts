import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_SESSION_SECRET, PORTAL_PORT, SANDBOX_PORT } from "../playwright.config";
import { ensureSystemPackages, startFleet, type Fleet } from "../scripts/fleet-lib.mjs";
import { signIn } from "./support/auth";
import { expectAccessible } from "./support/page-checks";
import { PASSWORD } from "./support/sandbox";

// `npm run fleet` as an operator runs it (issue 12 §1): nginx in front of two portal instances
// (round robin, passive health checks, idempotent requests retried on the other instance) and the
// sandbox on a real PostgreSQL. Ports apart from the suite's, the bench's and `npm run fleet`'s.

test.describe.configure({ mode: "serial" });

const NGINX_PORT = PORTAL_PORT + 400;
const INSTANCE_PORTS = [PORTAL_PORT + 401, PORTAL_PORT + 402];
const base = `http://localhost:${NGINX_PORT}`;
const logDir = path.join("test-results", "fleet-nginx-logs");
const ada = { email: "ada@acme.test", password: PASSWORD };

let fleet: Fleet | undefined;
test.beforeAll(async () => {
  test.setTimeout(300_000);
  // nginx and PostgreSQL from Debian's packages (installed here when run as root, as CI does).
  ensureSystemPackages();
  fleet = await startFleet({
    port: NGINX_PORT,
    instancePorts: INSTANCE_PORTS,
    sandboxPort: SANDBOX_PORT + 400,
    postgresPort: 55435,
    sessionSecret: E2E_SESSION_SECRET,
    // Three failures per client, so the per-client limit shows within a test.
    sandboxEnv: { LOGIN_MAX_FAILURES_PER_CLIENT: "3" },
    logDir,
  });
});
test.afterAll(async () => {
  await fleet?.stop();
});

/** The JSON lines a fleet process has written to its log file so far. */
async function logLines(file: string): Promise<Record<string, unknown>[]> {
  const text = await readFile(path.join(logDir, file), "utf8").catch(() => "");
  return text
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
const ids = (lines: Record<string, unknown>[]) => new Set(lines.map((l) => l.requestId));

test("nginx shares a customer's requests between both instances, and each id reaches the billing API", async ({
  playwright,
}) => {
  const browser = await playwright.request.newContext();
  try {
    const signedIn = await browser.post(`${base}/api/auth/login`, {
      headers: { Origin: base, "X-CSRF": "1" },
      data: ada,
    });
    expect(signedIn.status()).toBe(200);
    const sent = Array.from({ length: 6 }, (_, i) => `e2e-nginx-${i}`);
    for (const id of sent) {
      const res = await browser.get(`${base}/api/session`, { headers: { "X-Request-Id": id } });
      expect(res.status()).toBe(200);
      expect(res.headers()["x-request-id"]).toBe(id);
    }
    // Every request is in one instance's log (lines leave within a second of the answer)...
    const byInstance = async () =>
      Promise.all(
        INSTANCE_PORTS.map(async (port) => {
          const seen = ids(await logLines(`portal-${port}.log`));
          return sent.filter((id) => seen.has(id));
        }),
      );
    await expect.poll(async () => (await byInstance()).flat().sort()).toEqual(sent);
    // ...and, round robin, each instance answered some of them.
    for (const answered of await byInstance()) expect(answered).not.toHaveLength(0);
    // The billing API saw the same ids on the calls they caused.
    await expect
      .poll(async () => {
        const seen = ids(await logLines("sandbox.log"));
        return sent.filter((id) => seen.has(id));
      })
      .toEqual(sent);

    // Without an id of its own, a request gets nginx's, which the portal keeps and answers.
    const bare = await browser.get(`${base}/api/health`);
    expect(bare.headers()["x-request-id"]).toMatch(/^[0-9a-f]{32}$/);
  } finally {
    await browser.dispose();
  }
});

test("an instance stopped with SIGTERM: the customer's next clicks are answered by the other one", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto(`${base}/portal/login`);
  await signIn(page, ada.email);
  await expect(page).toHaveURL(/\/portal\/dashboard/);
  await expect(page.getByRole("table", { name: /^Invoices: / })).toBeVisible();

  expect(await fleet!.instances[0]!.stop()).toBe(0);
  // Tab after tab, then another page: each from the instance still running, no error shown.
  for (const tab of ["Payments", "Usages", "Credits"]) {
    await page
      .getByRole("tablist", { name: "Billing lists" })
      .getByRole("tab", { name: tab })
      .click();
    await expect(page.getByRole("table", { name: new RegExp(`^${tab}: `) })).toBeVisible();
    // (Next.js's route announcer is an alert too: only an error message counts.)
    await expect(
      page.getByRole("alert").filter({ hasText: /fail|could not|try again|error/i }),
    ).toHaveCount(0);
  }
  await page.goto(`${base}/portal/account`);
  await expect(page.getByRole("heading", { name: "Manage account", level: 1 })).toBeVisible();
  await expectAccessible(page);

  // Started again, it takes its share once more.
  await fleet!.instances[0]!.start();
  const before = (await logLines(`portal-${INSTANCE_PORTS[0]}.log`)).length;
  for (let i = 0; i < 4; i++)
    expect((await page.request.get(`${base}/api/session`)).status()).toBe(200);
  await expect
    .poll(async () => (await logLines(`portal-${INSTANCE_PORTS[0]}.log`)).length)
    .toBeGreaterThan(before);
});

test("behind nginx the per-client sign-in limit counts the real client, whatever it forwards", async ({
  playwright,
}) => {
  const browser = await playwright.request.newContext();
  try {
    // One client guessing, with a different forged X-Forwarded-For on every try: nginx appends
    // the address it saw, and only that entry counts.
    const guess = (i: number) =>
      browser.post(`${base}/api/auth/login`, {
        headers: { Origin: base, "X-CSRF": "1", "X-Forwarded-For": `203.0.113.${i}` },
        data: { email: `nobody-${i}@acme.test`, password: "wrong-password" },
      });
    for (let i = 0; i < 3; i++) expect((await guess(i)).status()).toBe(401);
    expect((await guess(99)).status()).toBe(429);
  } finally {
    await browser.dispose();
  }
});
