import { expect, test, type Locator, type Page } from "@playwright/test";
import { PORTAL_PORT } from "../playwright.config";
import { api } from "./support/account";
import { DASHBOARD_URL, signIn } from "./support/auth";
import { browserErrors } from "./support/fresh-user";
import { hydrated } from "./support/hydration";
import { builder, filterButton } from "./support/list-toolbar";
import { expectAccessible, toast } from "./support/page-checks";
import { PASSWORD } from "./support/sandbox";
import {
  actionsOf,
  addPlanDialog,
  basicInfo,
  cancelDialog,
  changeDialog,
  expand,
  openDialog,
  panelOf,
  pendingBar,
  planOf,
  reactivateDialog,
  subTab,
} from "./support/subscriptions";
import { isolate } from "../lib/format/bidi";

// Stored XSS (issue 12 §4) in every upstream string the portal renders. The sandbox's hostile
// company (POST /__sandbox/companies/hostile, at hostile.localhost) has a script-shaped payload in
// each string it or its customer wrote: company and customer names, custom field labels and
// values, column names, list texts, plans, charges, subscription fields and their names. Each
// would set window.__xss (most would also open an alert) if it ran. Its logo and terms are
// javascript: URLs, its banner and privacy notice plain http elsewhere. Chromium resolves
// *.localhost to this machine, and the portal picks the company by host name.
//
// One after the other: every test signs in as the hostile company's one user, its faults are
// that user's, and creating the company again (beforeAll of a new worker) ends its sessions.
test.describe.configure({ mode: "serial" });

type Hostile = {
  companyId: string;
  domain: string;
  email: string;
  payloads: Record<string, string>;
  urls: { logo: string; tnc: string; banner: string; privacy: string };
  ids: {
    invoices: string[];
    attachment: string;
    activeSubscription: string;
    cancelledSubscription: string;
  };
};

const ORIGIN = `http://hostile.localhost:${PORTAL_PORT}`;
test.use({ baseURL: ORIGIN });

let hostile: Hostile;
let P: Record<string, string>;
test.beforeAll(async () => {
  hostile = await api<Hostile>("POST", "/__sandbox/companies/hostile", {});
  P = hostile.payloads;
});

/** A URL the portal must never link, load or open. */
const HOSTILE_URL = /^\s*(javascript:|data:|vbscript:|https?:\/\/evil\.example)/i;

/**
 * Watches a page for anything a payload would do: an alert, window.__xss, a request to a hostile
 * URL, a popup, an uncaught error, a CSP refusal. `check()` also reads the DOM: no element with an
 * inline event handler (React never writes one: any would be a payload parsed as markup), no
 * srcdoc frame, no link, image or form pointing at a hostile URL.
 */
async function guard(page: Page) {
  const dialogs: string[] = [];
  const requests: string[] = [];
  const popups: Page[] = [];
  const errors = browserErrors(page);
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.on("popup", (p) => popups.push(p));
  const context = page.context();
  context.on("request", (r) => {
    if (HOSTILE_URL.test(r.url())) requests.push(r.url());
  });
  // Nothing leaves this machine: hostile hosts fail, any https address gets a stub page.
  await context.route("http://evil.example/**", (route) => route.abort("blockedbyclient"));
  // (A glob "https://**" matches nothing: the predicate does.)
  await context.route(
    (url) => url.protocol === "https:",
    (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<title>stub</title>stub" }),
  );
  return {
    popups,
    /** What a page may never show; `allowErrors` filters console errors a test expects. */
    async check(allowErrors: RegExp | null = null) {
      expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
      expect(dialogs, "alerts").toEqual([]);
      expect(requests, "requests to hostile URLs").toEqual([]);
      expect(
        errors.filter((e) => !allowErrors?.test(e)),
        "errors in the page",
      ).toEqual([]);
      const found = await page.evaluate((pattern) => {
        const hostileUrl = new RegExp(pattern, "i");
        const out: string[] = [];
        for (const el of document.querySelectorAll("*")) {
          for (const attr of el.attributes) {
            if (/^on/i.test(attr.name)) out.push(`${el.tagName} ${attr.name}`);
            if (
              ["href", "src", "srcset", "action", "formaction", "srcdoc", "xlink:href"].includes(
                attr.name,
              ) &&
              (attr.name === "srcdoc" || hostileUrl.test(attr.value))
            )
              out.push(`${el.tagName} ${attr.name}=${attr.value}`);
          }
        }
        return out;
      }, HOSTILE_URL.source);
      expect(found, "hostile markup or URLs in the DOM").toEqual([]);
    },
  };
}

/** The payload is on screen as text, exactly as stored (cut cells carry it for screen readers). */
async function shown(scope: Locator | Page, text: string | undefined) {
  if (!text) throw new Error("no such payload");
  await expect(scope.getByText(text, { exact: true }).first()).toBeVisible();
}

/** Signs the hostile user in on the hostile host and lands on `path`. */
async function signInTo(page: Page, path = "/portal/dashboard") {
  await page.goto(`/portal/login?returnTo=${encodeURIComponent(path)}`);
  await hydrated(page);
  await signIn(page, hostile.email, PASSWORD);
  await expect(page).toHaveURL(new RegExp(`^${ORIGIN}${path.replace(/[?]/g, "\\?")}`));
  await hydrated(page);
}

/** Opens a dashboard tab by URL and waits for its table. */
async function openTab(page: Page, tab: string, title: string) {
  await page.goto(`/portal/dashboard?tab=${tab}`);
  await hydrated(page);
  await expect(page.getByRole("table", { name: new RegExp(`^${title}: `) })).toBeVisible();
}

const header = (page: Page, label: string | undefined) =>
  page.getByRole("columnheader").filter({ hasText: label ?? "no such payload" });

test("the sign-in page, the dashboard's lists and the account page show every payload as text", async ({
  page,
  context,
}) => {
  test.slow();
  const watch = await guard(page);

  // Signed out: the company's name as its wordmark (its javascript: logo is dropped), in the title
  // too; neither the javascript: terms nor the plain-http privacy notice is linked.
  await page.goto("/portal/login");
  await hydrated(page);
  await expect(page.getByRole("link", { name: P.companyName, exact: true })).toBeVisible();
  await expect(page.locator("img")).toHaveCount(1); // the vendor's logo in the footer
  await expect(page).toHaveTitle(`Sign in · ${P.companyName}`);
  await expect(page.getByRole("link", { name: /terms|privacy/i })).toHaveCount(0);
  await watch.check();
  await expectAccessible(page);

  // Signing in on this host works: the session cookie is the host's own.
  await signIn(page, hostile.email, PASSWORD);
  // Once hydrated, the dashboard names its first tab in the URL (spec 001 §2): either URL is it.
  await expect(page).toHaveURL(DASHBOARD_URL);
  expect(new URL(page.url()).origin).toBe(ORIGIN);
  await hydrated(page);
  const cookies = await context.cookies(ORIGIN);
  expect(cookies.map((c) => [c.name, c.domain, c.httpOnly])).toEqual([
    ["portal_session", "hostile.localhost", true],
  ]);
  await expect(page.getByRole("link", { name: P.companyName, exact: true })).toBeVisible();
  await shown(page.getByRole("banner"), P.customerName);

  // Invoices: the company's column names, custom field labels, and the rows' texts.
  await expect(page.getByRole("table", { name: /^Invoices: 3 records$/ })).toBeVisible();
  for (const label of [
    P.columnInvoiceDate,
    P.columnStatus,
    P.columnBalance,
    P.invoiceFieldLabel,
    P.invoiceNoteLabel,
    P.invoiceFileLabel,
  ])
    await expect(header(page, label)).toBeVisible();
  const table = page.getByRole("table", { name: /^Invoices: / });
  for (const text of [
    P.invoiceSalesforceId,
    P.invoiceFieldValue1,
    P.invoiceFieldValue2,
    P.invoiceFieldValue3,
    P.invoiceNoteValue,
    P.invoiceFileName,
  ])
    await shown(table, text);
  await watch.check();
  // A long file name without spaces is cut inside its cell, not spilled under the next cell's
  // button (axe's target-size found that once).
  await expectAccessible(page);

  // The column picker lists the payload names as the checkboxes' labels.
  await page.getByRole("button", { name: "Columns" }).click();
  const picker = page.getByRole("dialog", { name: "Show columns" });
  await expect(picker).toBeVisible();
  for (const label of [P.columnStatus, P.invoiceFieldLabel, P.invoiceNoteLabel, P.invoiceFileLabel])
    await expect(picker.getByRole("checkbox", { name: label, exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(picker).toBeHidden();

  // The filter builder offers the custom fields by their payload labels; a filter on one shows
  // its label and value in the chip, and keeps only the matching row.
  await filterButton(page).click();
  const pop = builder(page);
  await expect(pop).toBeVisible();
  const fieldBox = pop.getByLabel("Field");
  for (const label of [P.invoiceFieldLabel, P.invoiceNoteLabel])
    await expect(fieldBox.getByRole("option", { name: label, exact: true })).toBeAttached();
  await fieldBox.selectOption({ label: P.invoiceFieldLabel! });
  await pop.getByLabel("Condition").selectOption({ label: "contains" });
  await pop.getByLabel("Value").fill("invoice-field-value-2");
  await pop.getByRole("button", { name: "Apply" }).click();
  await expect(pop).toBeHidden();
  await expect(page.getByRole("table", { name: /^Invoices: 1 record$/ })).toBeVisible();
  await expect(
    page.getByRole("button", { name: new RegExp(`^Remove filter ${escape(P.invoiceFieldLabel)}`) }),
  ).toBeVisible();
  await shown(table, P.invoiceFieldValue2);
  await watch.check();

  // The other lists: their free texts, custom field labels and values.
  const lists: [string, string, (string | undefined)[]][] = [
    ["payments", "Payments", [P.paymentMethod, P.paymentFieldValue]],
    ["usages", "Usages", [P.usageDescription, P.usageUnit, P.usageFieldValue]],
    ["credits", "Credits", [P.creditReference, P.creditFieldValue]],
    ["statements", "Statements", [P.statementCustomerName, P.statementFieldValue]],
  ];
  const labels: Record<string, string | undefined> = {
    payments: P.paymentFieldLabel,
    usages: P.usageFieldLabel,
    credits: P.creditFieldLabel,
    statements: P.statementFieldLabel,
  };
  for (const [tab, title, texts] of lists) {
    await openTab(page, tab, title);
    await expect(header(page, labels[tab])).toBeVisible();
    const list = page.getByRole("table", { name: new RegExp(`^${title}: `) });
    for (const text of texts) await shown(list, text);
    await watch.check();
  }

  // The account page: contact details, the payment methods' bank name, the bank-transfer details.
  await page.goto("/portal/account");
  await hydrated(page);
  const contact = page.getByRole("region", { name: "Contact details" });
  for (const text of [
    P.contactFirstName,
    P.contactLastName,
    P.contactAddress1,
    P.contactAddress2,
    P.contactCity,
    P.contactState,
    P.contactJobTitle,
    P.contactDepartment,
  ])
    await expect(contact).toContainText(text!);
  await expect(page.getByRole("list", { name: "Payment methods" })).toContainText(
    `${P.bankAccountName} ending in 6789`,
  );
  await shown(page.getByRole("region", { name: "Bank-transfer details" }), P.achBankName);
  await shown(page.getByRole("banner"), P.customerName);
  await watch.check();
  await expectAccessible(page);
  expect(watch.popups).toEqual([]);
});

test("the subscriptions tab shows payload subscriptions, fields, plans and charges as text", async ({
  page,
}) => {
  test.slow();
  const watch = await guard(page);
  await signInTo(page, "/portal/dashboard?tab=subscriptions");

  const name = P.subscriptionName!;
  const panel = await expand(page, name);
  const info = basicInfo(panel);
  for (const text of [
    P.fieldLabelPoNumber,
    P.subscriptionPoNumber,
    P.fieldLabelDescription,
    P.subscriptionDescription,
    P.fieldLabelCrmReference,
    P.subscriptionCrmReference,
  ])
    await shown(info, text);
  const plan = planOf(panel, P.planName1!);
  await expect(plan).toBeVisible();
  await shown(plan, P.chargeName1a);
  await shown(plan, P.chargeName1b);
  // A charge's details: its unit of measure.
  await plan.getByRole("button", { name: P.chargeName1a, exact: true }).click();
  await shown(plan, P.chargeUnit1);
  await watch.check();
  await expectAccessible(page);

  // Add Plan lists the catalogue's payload names.
  const add = await openDialog(
    actionsOf(panel, name).getByRole("button", { name: "Add Plan" }),
    addPlanDialog(page),
  );
  const grid = add.getByRole("table", { name: "Plans you can add" });
  await expect(grid.getByRole("checkbox", { name: `Select ${P.planName2}` })).toBeEnabled();
  await expect(grid.getByRole("checkbox", { name: `Select ${P.planName3}` })).toBeEnabled();
  await shown(grid, P.planName2);
  await watch.check();
  await add.getByRole("button", { name: "Cancel" }).click();
  await expect(add).toBeHidden();

  // Change Subscription lists the pending change by the charge's payload name.
  await plan.getByRole("button", { name: `Increase quantity of ${P.chargeName1a}` }).click();
  await pendingBar(panel).getByRole("button", { name: "Save" }).click();
  const review = changeDialog(page);
  await expect(review.getByRole("table", { name: "Pending changes" })).toContainText(
    P.chargeName1a!,
  );
  await watch.check();
  await review.getByRole("button", { name: "Cancel" }).click();
  await expect(review).toBeHidden();
  await pendingBar(panel).getByRole("button", { name: "Cancel" }).click();

  await subTab(page, "cancelled").click();
  await expect(panelOf(page, P.cancelledSubscriptionName!)).toBeVisible();
  await watch.check();
  expect(watch.popups).toEqual([]);
});

/** Plants the next answer (or refusal) of a /v1 call for the hostile user only. */
const plant = (fault: Record<string, unknown>) =>
  api("POST", "/__sandbox/faults", { times: 1, email: hostile.email, method: "GET", ...fault });

test("a refusal's payload message is shown as text in the cancel and reactivate dialogs", async ({
  page,
}) => {
  const watch = await guard(page);
  await signInTo(page, "/portal/dashboard?tab=subscriptions");
  const name = P.subscriptionName!;
  const refusal = (where: string) =>
    `<img src=x onerror="window.__xss='${where}';alert('${where}')"> cannot be done online`;

  const cancel = await openDialog(
    actionsOf(panelOf(page, name), name).getByRole("button", { name: "Cancel" }),
    cancelDialog(page),
  );
  await expect(cancel).toContainText(
    `Choose when ${isolate(`${name} (${hostile.ids.activeSubscription})`)} ends.`,
  );
  await cancel.getByRole("radio", { name: "End of Current Billing Period" }).check();
  await plant({
    method: "PUT",
    path: `/v1/subscriptions/${hostile.ids.activeSubscription}/cancel`,
    status: 400,
    errorCode: "invalid_request",
    message: refusal("cancel-refusal"),
  });
  await cancel.getByRole("button", { name: "Cancel subscription" }).click();
  // Cancel says it in a toast; the dialog stays.
  await expect(toast(page, refusal("cancel-refusal"))).toBeVisible();
  await expect(cancel).toBeVisible();
  await watch.check(/status of 400/);
  await cancel.getByRole("button", { name: "Keep subscription" }).click();

  await subTab(page, "cancelled").click();
  const cancelledName = P.cancelledSubscriptionName!;
  const reactivate = await openDialog(
    actionsOf(panelOf(page, cancelledName), cancelledName).getByRole("button", {
      name: "Reactivate",
    }),
    reactivateDialog(page),
  );
  await expect(reactivate).toContainText(cancelledName);
  await plant({
    method: "PUT",
    path: `/v1/subscriptions/${hostile.ids.cancelledSubscription}/reactivate`,
    status: 400,
    errorCode: "invalid_request",
    message: refusal("reactivate-refusal"),
  });
  await reactivate.getByRole("button", { name: "Reactivate" }).click();
  // Reactivate says it inside the dialog.
  await expect(reactivate.getByRole("alert")).toHaveText(refusal("reactivate-refusal"));
  await watch.check(/status of 400/);
  expect(watch.popups).toEqual([]);
});

/** A link the portal may open: https, on another host (answered by the route stub). */
const SAFE_URL = "https://files.example/x.pdf";

type SignedLink = {
  control: Locator;
  /** The /v1 call whose answer is planted, the key of its URL, and the BFF route that asks it. */
  path: string;
  key: string;
  bff: string;
};

/**
 * Clicks a control that fetches a signed link (Pay now, an invoice's VIEW, an attachment) after
 * planting the upstream's answer. A hostile URL is refused: the BFF hands out no link, the tab
 * opened within the click stays blank and closes again, an error says so, the page stays where
 * it is. An https URL is opened in that tab.
 */
async function openPlanted(
  page: Page,
  watch: Awaited<ReturnType<typeof guard>>,
  link: SignedLink,
  url: string,
) {
  const here = () => `${new URL(page.url()).origin}${new URL(page.url()).pathname}`;
  const before = here();
  const seen = watch.popups.length;
  await plant({ path: link.path, data: { [link.key]: url } });
  const answer = page.waitForResponse((r) => r.url().startsWith(`${ORIGIN}${link.bff}`));
  await link.control.click();
  const body = (await (await answer).json()) as { url: string | null };
  await expect(link.control).not.toHaveAttribute("aria-busy", "true");
  expect(here()).toBe(before);
  const popups = watch.popups.slice(seen);
  if (url === SAFE_URL) {
    expect(body.url?.startsWith(url), JSON.stringify(body)).toBe(true);
    expect(popups).toHaveLength(1);
    await expect.poll(() => popups[0]!.url()).toContain(url);
    await popups[0]!.close();
    return;
  }
  expect(body).toEqual({ url: null });
  // An error says so; closed at once, so the next click finds nothing over its control.
  const error = toast(page, "Something went wrong. Please try again.");
  await expect(error).toHaveCount(1);
  await error.getByRole("button", { name: "Close notification" }).click();
  await expect(error).toHaveCount(0);
  for (const popup of popups) {
    await expect.poll(() => popup.isClosed()).toBe(true);
    expect(popup.url()).toBe("about:blank");
  }
}

test("a planted javascript: or plain-http pay-now, PDF or attachment URL is never opened; an https one is", async ({
  page,
}) => {
  test.slow();
  const watch = await guard(page);
  await signInTo(page);
  const links: SignedLink[] = [
    {
      control: page.getByRole("button", { name: "Make a payment (opens in a new tab)" }),
      path: "/v1/payments/getPayNowUrl",
      key: "payNowUrl",
      bff: "/api/pay-now",
    },
    {
      control: page.getByRole("button", {
        name: `VIEW invoice ${hostile.ids.invoices[0]} (opens in a new tab)`,
      }),
      path: "/v1/invoices/getPdfUrl",
      key: "pdf_url",
      bff: "/api/invoices/",
    },
    {
      control: page.getByRole("button", {
        name: `${P.invoiceFileName} Download (opens in a new tab)`,
      }),
      path: "/v1/download/download_attachments",
      key: "url",
      bff: "/api/attachments/",
    },
  ];
  for (const link of links) {
    await expect(link.control).toBeVisible();
    for (const url of [
      "javascript:window.__xss='planted-url';alert('planted-url')",
      "JaVaScRiPt:window.__xss='planted-url-mixed-case'",
      " javascript:window.__xss='planted-url-space'",
      "data:text/html,<script>alert('planted-data-url')</script>",
      "http://evil.example/x.pdf",
      "//evil.example/x.pdf",
      "https://user:pass@evil.example/x.pdf",
    ])
      await openPlanted(page, watch, link, url);
    await openPlanted(page, watch, link, SAFE_URL);
  }
  await watch.check(null);
  // Still the dashboard (the view may have written its tab into the query meanwhile).
  await expect(page).toHaveURL(new RegExp(`^${ORIGIN}/portal/dashboard(\\?tab=invoices)?$`));
});

test("planted statement rows link only their https PDF, never a javascript: or plain-http one", async ({
  page,
}) => {
  const watch = await guard(page);
  await signInTo(page);
  // The statements page as the API answers it, its signed link swapped for hostile ones and one
  // https link (which must show: the table does link statements).
  const { accessToken } = await api<{ accessToken: string }>("POST", "/v1/auth/login", {
    email: hostile.email,
    password: PASSWORD,
    companyId: hostile.companyId,
  });
  const real = await api<{ statements: { url: string | null }[] }>(
    "GET",
    "/v1/statements?page=1&size=10&initial_req=true",
    undefined,
    accessToken,
  );
  const urls = [
    "javascript:window.__xss='statement-url';alert('statement-url')",
    "http://evil.example/statement.pdf",
    "https://files.example/statement.pdf",
  ];
  const rows = urls.map((url, i) => ({ ...real.statements[0], id: `ST-H0000${i + 1}`, url }));
  // Every statements call of this user meanwhile (the page's prefetch, the browser's own).
  await plant({ path: "/v1/statements", times: 5, data: { ...real, statements: rows, total: 3 } });
  await openTab(page, "statements", "Statements");
  const table = page.getByRole("table", { name: /^Statements: 3 records$/ });
  await expect(table).toBeVisible();
  const links = table.getByRole("link");
  await expect(links).toHaveCount(1);
  await expect(links).toHaveAttribute("href", "https://files.example/statement.pdf");
  await expect(links).toHaveAccessibleName("VIEW statement ST-H00003 (opens in a new tab)");
  await watch.check();
  await api("DELETE", `/__sandbox/faults?email=${encodeURIComponent(hostile.email)}`);
});

const escape = (text: string | undefined) => (text ?? "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
