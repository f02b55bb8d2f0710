/**
 * The provider doubles in a real browser: Debian's Chromium (CHROME_PATH, default
 * /usr/bin/chromium) driven by playwright-core; skipped where no Chromium is installed. The page
 * (tests/support/doubles-portal-page.tsx) is served from another origin than the sandbox.
 */
import { existsSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { chromium, type Browser, type FrameLocator, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  lookupCardConnectToken,
  lookupProviderPaymentMethod,
  lookupProviderSetupIntent,
} from "../src/doubles/vault";
import { startHarness, type Harness } from "./support/harness";

const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const PAGE_SOURCE = fileURLToPath(new URL("./support/doubles-portal-page.tsx", import.meta.url));

type Change = { brand: string; complete: boolean; empty: boolean; error?: { message: string } };
type Result = {
  paymentMethod?: { id: string; card?: { brand: string; last4: string } };
  setupIntent?: { status: string; payment_method: string };
  error?: { type: string; code?: string; message: string };
};
type PortalTest = {
  ready: boolean;
  changes: Change[];
  createCard(): Promise<Result>;
  createBank(account: string): Promise<Result>;
  confirmCardSetup(secret: string): Promise<Result>;
  cardConnect: { frame: string; data: Record<string, string> }[];
  ignored: number;
};
type TestWindow = { portalTest: PortalTest };

describe.skipIf(!existsSync(CHROME))("the provider doubles in Chromium", () => {
  let h: Harness;
  let portal: Server;
  let browser: Browser;
  let page: Page;
  let card: FrameLocator;
  const consoleLines: string[] = [];
  const requests: { url: string; frameUrl: string; body: string | null }[] = [];

  beforeAll(async () => {
    h = await startHarness("doubles_browser");
    const bundle = await build({
      entryPoints: [PAGE_SOURCE],
      bundle: true,
      write: false,
      format: "iife",
      jsx: "automatic",
      define: { "process.env.NODE_ENV": '"production"' },
      logLevel: "silent",
    });
    const script = bundle.outputFiles[0]?.text ?? "";
    portal = createServer((req, res) => {
      if (req.url?.startsWith("/page.js")) {
        res.writeHead(200, { "Content-Type": "text/javascript" }).end(script);
      } else {
        res
          .writeHead(200, { "Content-Type": "text/html" })
          .end(
            '<!doctype html><html lang="en"><head><title>Portal</title></head><body><script src="/page.js"></script></body></html>',
          );
      }
    });
    await new Promise<void>((resolve) => portal.listen(0, "127.0.0.1", resolve));
    const portalUrl = `http://127.0.0.1:${(portal.address() as AddressInfo).port}`;

    browser = await chromium.launch({
      executablePath: CHROME,
      args: [
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    });
    page = await browser.newPage();
    page.on("console", (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
    page.on("pageerror", (e) => consoleLines.push(`pageerror: ${e.message}`));
    page.on("request", (r) =>
      requests.push({ url: r.url(), frameUrl: r.frame().url(), body: r.postData() }),
    );
    await page.goto(`${portalUrl}/?sandbox=${encodeURIComponent(h.url)}`);
    await page.waitForFunction(() => (window as unknown as TestWindow).portalTest.ready);
    card = page.frameLocator('iframe[title="Secure card payment input frame"]');
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => portal?.close(resolve));
    await h?.close();
  });

  const changes = () => page.evaluate(() => (window as unknown as TestWindow).portalTest.changes);
  const lastChange = async () => (await changes()).at(-1);

  async function typeCard(number: string, expiry = "1234", cvc = "123", zip = "12345") {
    for (const [placeholder, value] of [
      ["Card number", number],
      ["MM / YY", expiry],
      ["CVC", cvc],
      ["ZIP", zip],
    ] as const) {
      const input = card.getByPlaceholder(placeholder);
      await input.fill("");
      if (value) await input.pressSequentially(value);
    }
  }

  it("loads through @stripe/stripe-js/pure with no warning and no request to stripe.com", async () => {
    expect(requests.filter((r) => r.url.includes("stripe.com"))).toEqual([]);
    expect(
      consoleLines.filter((l) => l.startsWith("warning") || l.startsWith("pageerror")),
    ).toEqual([]);
    expect(await page.locator("iframe[title='Secure card payment input frame']").count()).toBe(1);
    const src = await page
      .locator("iframe[title='Secure card payment input frame']")
      .getAttribute("src");
    expect(src?.startsWith(`${h.url}/__sandbox/stripe/card-frame.html#`)).toBe(true);
  });

  it("reports the brand, completeness and Stripe's messages as the user types", async () => {
    await card.getByLabel("Credit or debit card number").pressSequentially("4");
    await expect.poll(lastChange).toMatchObject({ brand: "visa", complete: false, empty: false });

    await typeCard("6011111111111117");
    await expect.poll(lastChange).toMatchObject({ brand: "discover", complete: true });
    await typeCard("3056930009020004");
    await expect.poll(lastChange).toMatchObject({ brand: "diners", complete: true });
    await typeCard("378282246310005", "1234", "1234");
    await expect.poll(lastChange).toMatchObject({ brand: "amex", complete: true });
    expect(await card.getByPlaceholder("Card number").inputValue()).toBe("3782 822463 10005");

    await typeCard("4242424242424241", "", "", "");
    await expect
      .poll(async () => (await lastChange())?.error?.message)
      .toBe("Your card number is invalid.");
    await typeCard("4242", "", "", "");
    await card.getByPlaceholder("MM / YY").focus();
    await expect
      .poll(async () => (await lastChange())?.error?.message)
      .toBe("Your card number is incomplete.");
    expect(await page.locator("#card > div").getAttribute("class")).toContain(
      "StripeElement--invalid",
    );
  });

  it("creates the PaymentMethod from the frame: the portal's page never holds the number", async () => {
    await typeCard("4242424242424242");
    await expect.poll(lastChange).toMatchObject({ brand: "visa", complete: true });
    const result = await page.evaluate(() =>
      (window as unknown as TestWindow).portalTest.createCard(),
    );
    expect(result.paymentMethod?.card).toMatchObject({ brand: "visa", last4: "4242" });
    const id = result.paymentMethod?.id ?? "";
    expect(lookupProviderPaymentMethod(id)).toMatchObject({
      kind: "card",
      last4: "4242",
      expYear: 2034,
    });

    const sent = requests.filter((r) => r.body?.includes("card%5Bnumber%5D"));
    expect(sent.length).toBeGreaterThan(0);
    for (const r of sent)
      expect(r.frameUrl.startsWith(`${h.url}/__sandbox/stripe/card-frame.html`)).toBe(true);
    expect(await page.content()).not.toMatch(/4242 ?4242/);
  });

  it("answers a decline and an incomplete card with errors the portal can show inline", async () => {
    await typeCard("4000000000000002");
    const declined = await page.evaluate(() =>
      (window as unknown as TestWindow).portalTest.createCard(),
    );
    expect(declined.error).toMatchObject({
      type: "card_error",
      code: "card_declined",
      message: "Your card was declined.",
    });

    await typeCard("4242", "", "", "");
    const incomplete = await page.evaluate(() =>
      (window as unknown as TestWindow).portalTest.createCard(),
    );
    expect(incomplete.error).toEqual({
      type: "validation_error",
      code: "incomplete_number",
      message: "Your card number is incomplete.",
    });
  });

  it("creates us_bank_account payment methods from the page, and fails the unverifiable account", async () => {
    const ok = await page.evaluate(() =>
      (window as unknown as TestWindow).portalTest.createBank("000123456789"),
    );
    expect(ok.paymentMethod?.id).toMatch(/^pm_/);
    expect(lookupProviderPaymentMethod(ok.paymentMethod?.id ?? "")).toMatchObject({
      kind: "bank",
      last4: "6789",
    });
    const failed = await page.evaluate(() =>
      (window as unknown as TestWindow).portalTest.createBank("000111111116"),
    );
    expect(failed.error?.message).toBe("Your bank account could not be verified.");
  });

  it("confirms a card SetupIntent with the element", async () => {
    const res = await h.request<{ client_secret: string }>(
      "POST",
      "/__sandbox/stripe/v1/setup_intents",
      {
        body: { payment_method_types: ["card"] },
      },
    );
    await typeCard("5555555555554444");
    const result = await page.evaluate(
      (secret) => (window as unknown as TestWindow).portalTest.confirmCardSetup(secret),
      res.body.client_secret,
    );
    expect(result.setupIntent).toMatchObject({
      status: "succeeded",
      payment_method: expect.stringMatching(/^pm_/),
    });
  });

  it("verifies a bank SetupIntent on the hosted microdeposit page", async () => {
    const si = await h.request<{ id: string; client_secret: string }>(
      "POST",
      "/__sandbox/stripe/v1/setup_intents",
      { body: { payment_method_types: ["us_bank_account"] } },
    );
    const pm = await page.evaluate(() =>
      (window as unknown as TestWindow).portalTest.createBank("000123456789"),
    );
    const confirmed = await h.request<{
      status: string;
      next_action: { verify_with_microdeposits: { hosted_verification_url: string } };
    }>("POST", `/__sandbox/stripe/v1/setup_intents/${si.body.id}/confirm`, {
      body: {
        client_secret: si.body.client_secret,
        payment_method: pm.paymentMethod?.id,
        key: "pk_test_x",
      },
    });
    expect(confirmed.body.status).toBe("requires_action");
    const hosted = await browser.newPage();
    try {
      await hosted.goto(
        confirmed.body.next_action.verify_with_microdeposits.hosted_verification_url,
      );
      await hosted.getByLabel("Descriptor code").fill("SM00XX");
      await hosted.getByRole("button", { name: "Verify" }).click();
      await expect.poll(() => hosted.getByRole("status").textContent()).toContain("does not match");
      await hosted.getByLabel("Descriptor code").fill("sm11aa");
      await hosted.getByRole("button", { name: "Verify" }).click();
      await expect
        .poll(() => hosted.getByRole("status").textContent())
        .toBe("Your bank account is verified. You can close this page.");
    } finally {
      await hosted.close();
    }
    expect(lookupProviderSetupIntent(si.body.id)?.status).toBe("succeeded");
  });

  it("CardConnect: posts a token (with expiry) after a valid entry and validationError after an invalid one", async () => {
    const frame = page.frameLocator("#cardconnect-card");
    const messages = () =>
      page.evaluate(() => (window as unknown as TestWindow).portalTest.cardConnect);

    await frame.getByLabel("Card Number").pressSequentially("4111111111111112");
    await expect
      .poll(async () => (await messages()).at(-1))
      .toEqual({
        frame: "card",
        data: { validationError: "Invalid card number" },
      });
    expect(await frame.getByLabel("Card Number").getAttribute("class")).toBe("error");

    await frame.getByLabel("Card Number").fill("");
    await frame.getByLabel("Card Number").pressSequentially("4788250000028291");
    expect(await frame.getByLabel("Card Number").inputValue()).toBe("4788 2500 0002 8291");
    await frame.getByLabel("Expiration Date").selectOption("9");
    await frame.getByLabel("Expiration year").selectOption("2034");
    await frame.getByLabel("CVV").pressSequentially("123");
    await expect
      .poll(async () => (await messages()).at(-1)?.data.message ?? "")
      .toMatch(/^947\d{9}8291$/);
    const last = (await messages()).at(-1);
    expect(last?.data.expiry).toBe("20349"); // the real frame's year + unpadded month
    expect(lookupCardConnectToken(last?.data.message ?? "")).toMatchObject({
      kind: "card",
      brand: "visa",
      last4: "8291",
      expMonth: 9,
      expYear: 2034,
      cvvProvided: true,
    });
  });

  it("CardConnect: tokenizes routing/account in the ACH frame; the page ignores other origins", async () => {
    const frame = page.frameLocator("#cardconnect-ach");
    const messages = () =>
      page.evaluate(() => (window as unknown as TestWindow).portalTest.cardConnect);
    await frame.getByLabel("Card Number").pressSequentially("036001808/123456789");
    await frame.getByLabel("Card Number").blur();
    await expect
      .poll(async () => (await messages()).filter((m) => m.frame === "ach").length)
      .toBe(1);
    const token = (await messages()).find((m) => m.frame === "ach")?.data.message ?? "";
    expect(lookupCardConnectToken(token)).toMatchObject({
      kind: "bank",
      last4: "6789",
      routingNumber: "036001808",
    });

    const before = await page.evaluate(() => (window as unknown as TestWindow).portalTest.ignored);
    await page.evaluate(() =>
      window.postMessage(JSON.stringify({ message: "9411111111111111" }), "*"),
    );
    await expect
      .poll(() => page.evaluate(() => (window as unknown as TestWindow).portalTest.ignored))
      .toBe(before + 1);
  });
});
