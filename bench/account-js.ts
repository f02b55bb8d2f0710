// First-load JavaScript of the account page (issue 6 §3): the scripts Chromium fetches to load
// /portal/account, and then what opening the add-payment dialog and choosing a card adds (the
// dialog's chunks and the payment provider's script, which must not load before). For run.ts:
//   const account = await measureAccountScripts(browser, portalUrl, cookie).catch(message);
//   pages["account"] = typeof account === "string" ? account : account.firstLoad;
//   pages["account + add dialog"] = typeof account === "string" ? account : account.withAddDialog;
// The portal must run with STRIPE_JS_URL (and CARDCONNECT_TOKENIZER_ORIGIN) pointing at the
// sandbox's doubles, as the demo's does: there is no internet to fetch Stripe.js from.
import type { Browser, Request } from "@playwright/test";
import type { ScriptBytes } from "./first-load-js";

export type AccountScripts = {
  /** Scripts of the page's first load (before its load event). */
  firstLoad: ScriptBytes;
  /** The first load plus everything fetched to open the add dialog and show the card form. */
  withAddDialog: ScriptBytes;
  /** Whether a provider script was fetched before the dialog opened (it must not be). */
  providerBeforeDialog: boolean;
};

const PROVIDER = /\/__sandbox\/stripe\/|js\.stripe\.com|\/itoke\//;

/**
 * Loads /portal/account as the cookie's user (a company on stripe, e.g. ada at localhost) in a
 * fresh context, sums the scripts' transferred (gzip) bytes, then opens "Add payment method",
 * chooses Card and waits for the card element, and sums again.
 */
export async function measureAccountScripts(
  browser: Browser,
  portalUrl: string,
  cookieHeader: string,
): Promise<AccountScripts> {
  const context = await browser.newContext();
  try {
    const url = `${portalUrl}/portal/account`;
    await context.addCookies(
      cookieHeader.split(";").map((pair) => {
        const [name = "", ...rest] = pair.trim().split("=");
        return { name, value: rest.join("="), url };
      }),
    );
    const page = await context.newPage();
    let phase: "load" | "idle" | "dialog" = "load";
    page.once("load", () => {
      phase = "idle";
    });
    const sums = {
      load: empty(),
      idle: empty(),
      dialog: empty(),
    };
    let providerBeforeDialog = false;
    const pending: Promise<void>[] = [];
    page.on("requestfinished", (request: Request) => {
      if (request.resourceType() !== "script") return;
      const bucket = sums[phase];
      if (phase !== "dialog" && PROVIDER.test(request.url())) providerBeforeDialog = true;
      pending.push(add(bucket, request));
    });
    const res = await page.goto(url, { waitUntil: "load" });
    if (!res || res.status() !== 200)
      throw new Error(`${url} answered ${res?.status() ?? "nothing"} (final URL ${page.url()})`);
    await page.waitForLoadState("networkidle");
    await Promise.all(pending);

    phase = "dialog";
    await page.getByRole("button", { name: "Add payment method" }).click();
    await page.getByRole("dialog").getByRole("radio", { name: "Card" }).check();
    await page
      .frameLocator('iframe[title="Secure card payment input frame"], iframe[title^="Card number"]')
      .locator("input")
      .first()
      .waitFor();
    // Not "networkidle": the card frame keeps a connection open. The element is up, so its
    // scripts have run; a second lets late chunks finish.
    await page.waitForTimeout(1000);
    await Promise.all(pending);

    const firstLoad = { ...sums.load, lateBytes: sums.idle.bytes };
    const withAddDialog: ScriptBytes = {
      bytes: sums.load.bytes + sums.idle.bytes + sums.dialog.bytes,
      scripts: sums.load.scripts + sums.idle.scripts + sums.dialog.scripts,
      lateBytes: 0,
      encodings: [...new Set([...sums.load.encodings, ...sums.dialog.encodings])],
    };
    return { firstLoad, withAddDialog, providerBeforeDialog };
  } finally {
    await context.close();
  }
}

function empty(): ScriptBytes {
  return { bytes: 0, scripts: 0, lateBytes: 0, encodings: [] };
}

async function add(bucket: ScriptBytes, request: Request): Promise<void> {
  const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
  const encoding = (await response?.headerValue("content-encoding")) ?? "none";
  if (!bucket.encodings.includes(encoding)) bucket.encodings.push(encoding);
  bucket.bytes += sizes.responseBodySize;
  bucket.scripts += 1;
}
