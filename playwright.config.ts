import { defineConfig, devices } from "@playwright/test";

/** Ports of the e2e pair, apart from the demo's 3000/4010 so both can run at once. */
export const PORTAL_PORT = Number(process.env.E2E_PORT ?? 3100);
export const SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 4110);
/** Where the e2e portal's stderr is kept for the global teardown (e2e/support/global-teardown.ts). */
export const PORTAL_ERROR_LOG = `.data/e2e-portal-stderr-${PORTAL_PORT}.log`;
const api = `http://127.0.0.1:${SANDBOX_PORT}`;
/** The e2e portal's session secret: tests unseal the cookie to check the tokens never leak. */
/**
 * The e2e portal's BILLING_TIMEOUT_MS (10 s in production): every "slower than the timeout" fault
 * waits it out, about forty times a run, so the suite's clock pays for each second of it.
 */
export const E2E_BILLING_TIMEOUT_MS = 6_000;
export const E2E_SESSION_SECRET = "e2e-session-secret-that-is-long-enough-0123456789";

const launchOptions = {
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  // Chromium's background services try to reach Google; this machine has no internet.
  args: [
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

export default defineConfig({
  testDir: "./e2e",
  outputDir: "./test-results",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["json"]],
  globalSetup: "./e2e/support/global-setup.ts",
  globalTeardown: "./e2e/support/global-teardown.ts",
  use: {
    baseURL: `http://localhost:${PORTAL_PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions,
  },
  projects: [
    {
      name: "desktop",
      // Tests tagged @mobile-only check small-screen layouts and run in the mobile project alone.
      grepInvert: /@mobile-only/,
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1280, height: 800 },
        channel: undefined,
      },
    },
    {
      name: "mobile",
      // Mobile width runs the flows tagged @mobile: every screen, sign-in and the shell.
      grep: /@mobile/,
      use: { ...devices["Pixel 7"], viewport: { width: 375, height: 812 }, channel: undefined },
    },
  ],
  webServer: [
    {
      command: "node_modules/.bin/tsx sandbox/src/main.ts",
      url: `${api}/v1/portalConfiguration?host=localhost`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        SANDBOX_PORT: String(SANDBOX_PORT),
        SANDBOX_MODE: "test",
        SANDBOX_DATA_DIR: "memory",
        PORTAL_PORT: String(PORTAL_PORT),
        HCAPTCHA_MODE: "test",
        // The suite signs in many times from one machine; the per-client limit is tested on its own.
        LOGIN_MAX_FAILURES_PER_CLIENT: "10000",
      },
    },
    {
      // The portal's error lines go to the run's output and to a file too, which the global
      // teardown reads: an unhandled error anywhere in the run fails it (issue 12 §3). Its request
      // log (stdout) is not shown, as before.
      command: `mkdir -p .data && node server.mjs -p ${PORTAL_PORT} 2>&1 >/dev/null | tee ${PORTAL_ERROR_LOG} >&2`,
      url: `http://127.0.0.1:${PORTAL_PORT}/portal/login`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        NODE_ENV: "production",
        BILLING_API_URL: api,
        COOKIE_SECURE: "false",
        SESSION_SECRET: E2E_SESSION_SECRET,
        HCAPTCHA_SCRIPT_URL: `${api}/__sandbox/hcaptcha/api.js`,
        HCAPTCHA_SITEKEY: "10000000-ffff-ffff-ffff-000000000001",
        // The sandbox's payment provider doubles instead of Stripe.js and CardConnect's tokenizer.
        STRIPE_JS_URL: `${api}/__sandbox/stripe/v3.js`,
        CARDCONNECT_TOKENIZER_ORIGIN: api,
        PORTAL_CONFIG_TTL_MS: "1000",
        BILLING_TIMEOUT_MS: String(E2E_BILLING_TIMEOUT_MS),
      },
    },
  ],
});
