// Helpers of the subscriptions e2e spec: users with subscriptions of their own (a copy of ada's,
// so tests that change them never disturb the tests that read ada's), the sandbox's own answers
// (change preview, cancel dates) to compare the screen with, and the tab's locators by role.
import { expect, type Locator, type Page } from "@playwright/test";
import { PORTAL, api as call, freshUser } from "./account";
import { signInAndLand } from "./auth";
import { PASSWORD } from "./sandbox";

export type Copied = { from: string; id: string; name: string; status: string };

/** Ada's subscriptions, as the seed names them (sandbox/src/seed/subscriptions.ts). */
export const HEAD_OFFICE = "Head Office Water Service";
export const WORKSHOP = "Workshop Metered Water";
export const POOL = "Pool Fill Service";

/** Gives the user's customer a copy of ada's subscriptions; answers the copies, oldest first. */
export async function copyAdasSubscriptions(email: string): Promise<Copied[]> {
  const out = await call<{ subscriptions: Copied[] }>("POST", "/__sandbox/subscriptions/copy", {
    email,
  });
  return out.subscriptions;
}

/**
 * A new Acme user whose own customer has a copy of ada's subscriptions, signed in on `page`
 * (whatever storage state it had) at the subscriptions tab.
 */
export async function ownSubscriptions(
  page: Page,
  query = "",
): Promise<{ email: string; copies: Copied[]; idOf: (name: string) => string }> {
  const email = await freshUser("acme", { prefix: "subs" });
  const copies = await copyAdasSubscriptions(email);
  await page.context().clearCookies();
  const target = `/portal/dashboard?tab=subscriptions${query}`;
  await page.goto(`${PORTAL.acme}/portal/login?returnTo=${encodeURIComponent(target)}`);
  await signInAndLand(page, email, /\/portal\/dashboard\?tab=subscriptions/);
  const idOf = (name: string) => {
    const copy = copies.find((c) => c.name === name);
    if (!copy) throw new Error(`no copy of ${name}`);
    return copy.id;
  };
  return { email, copies, idOf };
}

/** A /v1 bearer of the user. */
export async function bearerOf(email: string): Promise<string> {
  const out = await call<{ accessToken: string }>("POST", "/v1/auth/login", {
    email,
    password: PASSWORD,
    companyId: "acme",
  });
  return out.accessToken;
}

type FieldDto = { value: string | number | boolean | null };
export type SubscriptionDto = Record<string, FieldDto> & {
  plans: (Record<string, FieldDto> & { charges: Record<string, FieldDto>[] })[];
};
export type PreviewDto = {
  prior_invoice: { invoice_amount: number };
  current_invoice: { invoice_amount: number };
  next_invoice: { invoice_amount: number };
  contract_effective_date: string;
  currency: string;
};

/** One of the user's subscriptions as /v1 answers it. */
export async function subscriptionOf(email: string, id: string): Promise<SubscriptionDto> {
  const { subscriptions } = await call<{ subscriptions: SubscriptionDto[] }>(
    "GET",
    "/v1/subscriptions",
    undefined,
    await bearerOf(email),
  );
  const found = subscriptions.find((s) => s.id?.value === id);
  if (!found) throw new Error(`${id} is not ${email}'s`);
  return found;
}

/** The billing API's estimate of a subscription's period (GET …/{id}/period_estimate). */
export async function periodEstimateOf(
  email: string,
  id: string,
): Promise<{ projected_total: number; cost_so_far: number }> {
  const { estimate } = await call<{ estimate: { projected_total: number; cost_so_far: number } }>(
    "GET",
    `/v1/subscriptions/${id}/period_estimate`,
    undefined,
    await bearerOf(email),
  );
  return estimate;
}

/** What the sandbox previews for a change (PUT /v1/subscriptions/{id}/change_preview). */
export async function sandboxPreview(
  email: string,
  id: string,
  change: Record<string, unknown>,
): Promise<PreviewDto> {
  return call("PUT", `/v1/subscriptions/${id}/change_preview`, change, await bearerOf(email));
}

/** The effective date the sandbox answers for a cancellation type (GET …/cancel_date). */
export async function sandboxCancelDate(email: string, id: string, type: string): Promise<string> {
  const out = await call<{ endDate: string }>(
    "GET",
    `/v1/subscriptions/${id}/cancel_date?cancellation_type=${type}`,
    undefined,
    await bearerOf(email),
  );
  return out.endDate;
}

type CancelPreview = {
  effective_date: string;
  final_document: {
    kind: "invoice" | "credit_note" | "none";
    date: string;
    amount: number;
    lines: { kind: "usage" | "unused" }[];
  };
};

/** The billing API's preview of a cancellation: its effective date and last bill. */
export async function sandboxCancelPreview(
  email: string,
  id: string,
  type: string,
  date?: string,
): Promise<CancelPreview> {
  const query = `cancellation_type=${type}${date ? `&cancellation_date=${date}` : ""}`;
  return call<CancelPreview>(
    "GET",
    `/v1/subscriptions/${id}/cancel_preview?${query}`,
    undefined,
    await bearerOf(email),
  );
}

/** The cancel dialog's words for a preview's last bill (its sentence, then the usage note). */
export function lastBillWords(p: CancelPreview): { sentence: string; usage: boolean } {
  const last = p.final_document;
  const on = longDate(last.date);
  const sentence =
    last.kind === "invoice"
      ? `An invoice of ${usd(last.amount)} on ${on}`
      : last.kind === "credit_note"
        ? `A credit of ${usd(-last.amount)} on ${on}`
        : "Nothing more to pay";
  return { sentence, usage: last.lines.some((l) => l.kind === "usage") };
}

/** A YYYY-MM-DD day as the dialogs show it: 'MMMM DD, YYYY'. */
export function longDate(iso: string): string {
  return new Intl.DateTimeFormat("en-US", {
    month: "long",
    day: "2-digit",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${iso}T00:00:00Z`));
}

/** The day before a YYYY-MM-DD day. */
export function dayBefore(iso: string): string {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

/** An amount as the preview shows it (USD, two decimals). */
export const usd = (amount: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(amount);

// ——— Dialogs by their accessible names ———

export const dialog = (page: Page, name: string): Locator => page.getByRole("dialog", { name });
export const changeDialog = (page: Page) => dialog(page, "Change Subscription");
export const previewDialog = (page: Page) => dialog(page, "Change Preview");
export const cancelDialog = (page: Page) => dialog(page, "Cancel Subscription");
export const reactivateDialog = (page: Page) => dialog(page, "Reactivate Subscription");
export const addPlanDialog = (page: Page) => dialog(page, "Add Plan");
export const upgradeDialog = (page: Page) => dialog(page, "Upgrade / Downgrade Plan");

/**
 * The value a term of a description list has (Change Preview's amounts, the cancel dates, a
 * field): nothing in ARIA ties a definition to its term, so it is the term's next sibling.
 */
export function definition(scope: Locator, term: string): Locator {
  return scope
    .getByRole("term")
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator("xpath=following-sibling::dd[1]");
}

// ——— The tab ———

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A sub-tab's list of subscription panels. */
export const subscriptionList = (page: Page, status: "active" | "cancelled") =>
  page.getByRole("list", {
    name: status === "active" ? "Active subscriptions" : "Cancelled subscriptions",
  });

/** The sub-tabs 'Active Subscriptions' and 'Cancelled Subscriptions'. */
export const subTab = (page: Page, status: "active" | "cancelled") =>
  page.getByRole("tablist", { name: "Subscriptions by status" }).getByRole("tab", {
    name: status === "active" ? "Active Subscriptions" : "Cancelled Subscriptions",
  });

/** A subscription's panel, by its name. */
export const panelOf = (page: Page, name: string) =>
  page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 3, name: new RegExp(`^${escape(name)}`) }) });

/** The button that expands or collapses a subscription's panel (its name; aria-expanded tells which). */
export const panelToggle = (panel: Locator, name: string) =>
  panel.getByRole("button", { name, exact: true });

/**
 * Expands a subscription's panel and waits for its "Plans & Charges" tab. A click that lands
 * before the page has hydrated does nothing, so it is repeated until the panel opens.
 */
export async function expand(
  page: Page,
  name: string,
  plansTab = "Plans & Charges",
): Promise<Locator> {
  const panel = panelOf(page, name);
  const toggle = panelToggle(panel, name);
  await expect(async () => {
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true", { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(panel.getByRole("tab", { name: plansTab })).toBeVisible();
  return panel;
}

/** A subscription's "Basic information". */
export const basicInfo = (panel: Locator) =>
  panel.getByRole("region", { name: "Basic information" });

/** A plan of a subscription, by its name ('(New)' after it when added here). */
export const planOf = (panel: Locator, name: string, isNew = false) =>
  panel.getByRole("region", {
    name: new RegExp(`^${escape(name)}${isNew ? "\\s*\\(New\\)" : ""}$`),
  });

/** A subscription's actions (Add Plan, Cancel, Reactivate). */
export const actionsOf = (panel: Locator, name: string) =>
  panel.getByRole("group", { name: `Actions of ${name}` });

/** The bar of unsaved changes at the foot of a panel: a group named 'Unsaved changes: n changes'. */
export const pendingBar = (panel: Locator) =>
  panel.getByRole("group", { name: /^Unsaved changes: / });
/** The bar's count ('Unsaved changes: 1 change'), announced as it changes. */
export const pendingStatus = (panel: Locator) =>
  panel.getByRole("status").filter({ hasText: /^Unsaved changes/ });

/** Opens a subscription's panel action's dialog, repeating a click that lands before hydration. */
export async function openDialog(trigger: Locator, target: Locator): Promise<Locator> {
  await expect(async () => {
    if (!(await target.isVisible())) await trigger.click();
    await expect(target).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  return target;
}

/**
 * Cancel's confirmation (its five timings), past the steps before it where the company has them
 * (issue 33 §2): "Skip" the reason, "No thanks, continue" past the offers.
 */
export async function toCancelConfirmation(dialog: Locator): Promise<Locator> {
  const skip = dialog.getByRole("button", { name: "Skip" });
  const decline = dialog.getByRole("button", { name: "No thanks, continue" });
  const today = dialog.getByRole("radio", { name: "Today" });
  await expect(skip.or(decline).or(today).first()).toBeVisible();
  if (await skip.isVisible()) await skip.click();
  await expect(decline.or(today).first()).toBeVisible();
  if (await decline.isVisible()) await decline.click();
  await expect(today).toBeVisible();
  return dialog;
}

// ——— Leaving (issue 33): pause, resume, offers, the customer's clock and invoices ———

export const pauseDialog = (page: Page) => dialog(page, "Pause Subscription");
/** Resume now's dialog while paused; "Call Off Pause" while a pause is only set. */
export const resumeDialog = (page: Page, begun = true) =>
  dialog(page, begun ? "Resume Subscription" : "Call Off Pause");

export type SettlingDocument = CancelPreview["final_document"];
export type ChargeNow = { date: string; amount: number };
export type PausePreview = {
  cycles: number;
  pause_start: string;
  resume_date: string;
  currency: string;
  bill_at_pause: SettlingDocument;
  charge_at_resume: ChargeNow;
};
export type ResumePreview = { currency: string; charge_now: ChargeNow; next_invoice_date: string };
export type RetentionOffer = {
  id: string;
  kind: "pause" | "cheaper_plan" | "discount";
  cycles: number | null;
  percent_off: number | null;
  resume_date: string | null;
  plan_line_id: string | null;
  plan: { id: string; name: string } | null;
  change_preview: PreviewDto | null;
};

/** The billing API's preview of a pause of `cycles` cycles (GET …/pause_preview). */
export async function sandboxPausePreview(
  email: string,
  id: string,
  cycles: number,
): Promise<PausePreview> {
  return call<PausePreview>(
    "GET",
    `/v1/subscriptions/${id}/pause_preview?cycles=${cycles}`,
    undefined,
    await bearerOf(email),
  );
}

/** What resuming now charges, as the billing API previews it (GET …/resume_preview). */
export async function sandboxResumePreview(email: string, id: string): Promise<ResumePreview> {
  return call<ResumePreview>(
    "GET",
    `/v1/subscriptions/${id}/resume_preview`,
    undefined,
    await bearerOf(email),
  );
}

/** The offers the billing API makes to a customer about to cancel (GET …/retention_offers). */
export async function sandboxOffers(email: string, id: string): Promise<RetentionOffer[]> {
  const out = await call<{ offers: RetentionOffer[] }>(
    "GET",
    `/v1/subscriptions/${id}/retention_offers`,
    undefined,
    await bearerOf(email),
  );
  return out.offers;
}

/** Pauses a subscription at the API, as another tab or the company would (PUT …/pause). */
export async function pauseAtApi(email: string, id: string, cycles: number): Promise<void> {
  await call("PUT", `/v1/subscriptions/${id}/pause`, { cycles }, await bearerOf(email));
}

/** The words of a settling bill (a pause's or a cancellation's), as the dialogs say it. */
export const settlingBillWords = (document: SettlingDocument) =>
  lastBillWords({ effective_date: document.date, final_document: document });

/** "Charged when it resumes" / "Charged now": '$X on <day>' (or ', invoiced on'), or 'Nothing'. */
export function chargeWords(charge: ChargeNow, joiner: " on " | ", invoiced on "): string {
  return charge.amount > 0 ? `${usd(charge.amount)}${joiner}${longDate(charge.date)}` : "Nothing";
}

export type InvoiceRow = { id: string; invoice_date: string; invoice_amount: number };

/** Every invoice of the user's customer (GET /v1/invoices), oldest first. */
export async function invoicesOf(email: string): Promise<InvoiceRow[]> {
  const out = await call<{ invoices: InvoiceRow[] }>(
    "GET",
    "/v1/invoices?size=100&sort=invoice_date%20asc",
    undefined,
    await bearerOf(email),
  );
  return out.invoices;
}

/**
 * Moves the user's customer's billing day forward to `to` (YYYY-MM-DD), issuing what closes on
 * the way (POST /__sandbox/test_clocks/advance).
 */
export async function advanceClock(email: string, to: string): Promise<{ today: string }> {
  return call<{ today: string }>("POST", "/__sandbox/test_clocks/advance", { email, to });
}

/** The same day of the month `months` later (the pause boundaries of a subscription's cycles). */
export function monthsAfter(iso: string, months: number): string {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, last))).toISOString().slice(0, 10);
}
