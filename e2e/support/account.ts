// Helpers of the account e2e spec: customers of their own (so tests never share a customer's
// payment methods), payment methods saved straight through the provider doubles and the API,
// and the provider frames.
import {
  expect,
  type FrameLocator,
  type Locator,
  type Page,
  type TestInfo,
} from "@playwright/test";
import { PORTAL_PORT } from "../../playwright.config";
import { signIn } from "./auth";
import { hydrated } from "./hydration";
import { PASSWORD, sandboxUrl, uniqueEmail } from "./sandbox";

export type Company = "acme" | "globex";

/** Acme Water lives at localhost (Stripe), Globex Energy at 127.0.0.1 (CardConnect). */
export const PORTAL: Record<Company, string> = {
  acme: `http://localhost:${PORTAL_PORT}`,
  globex: `http://127.0.0.1:${PORTAL_PORT}`,
};
const COMPANY_NAME: Record<Company, string> = { acme: "Acme Water", globex: "Globex Energy" };

/** A sandbox call (a /v1 answer's `data`, a control endpoint's body); throws on an error status. */
export async function api<T>(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const res = await fetch(`${sandboxUrl}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data?: T } & T;
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${JSON.stringify(json)}`);
  return (path.startsWith("/v1/") ? json.data : json) as T;
}

/**
 * A new user with a new customer of its own (an invitation without a customer), registered at
 * the API: the registration page has its own tests. Optionally bound to an existing customer.
 */
export async function freshUser(
  company: Company,
  { prefix = "acct", customerId }: { prefix?: string; customerId?: string } = {},
): Promise<string> {
  const email = uniqueEmail(prefix, `${company}.test`);
  const { tokenId } = await api<{ tokenId: string }>("POST", "/__sandbox/invitations", {
    email,
    company,
    ...(customerId ? { customerId } : {}),
  });
  await api("POST", "/v1/auth/register", {
    email,
    password: PASSWORD,
    tokenId,
    companyId: company,
    company: COMPANY_NAME[company],
  });
  return email;
}

async function accessToken(email: string, company: Company): Promise<string> {
  const { accessToken: token } = await api<{ accessToken: string }>("POST", "/v1/auth/login", {
    email,
    password: PASSWORD,
    companyId: company,
  });
  return token;
}

/** Saves a card for the user's customer as the portal would: a provider token, then the add call. */
export async function saveCard(
  email: string,
  company: Company,
  number: string,
  isDefault = false,
): Promise<{ id: string }> {
  const token = await accessToken(email, company);
  let providerToken: string;
  let brand: string | undefined;
  if (company === "acme") {
    const pm = await api<{ id: string; card: { brand: string } }>(
      "POST",
      "/__sandbox/stripe/v1/payment_methods",
      {
        type: "card",
        key: "pk_test_sandbox_acme_water",
        card: {
          number,
          exp_month: "12",
          exp_year: String(new Date().getFullYear() + 3),
          cvc: "123",
        },
      },
    );
    providerToken = pm.id;
    brand = pm.card.brand;
  } else {
    const out = await api<{ token: string }>("POST", "/cardsecure/api/v1/ccn/tokenize", {
      account: number,
      expiry: `12${String(new Date().getFullYear() + 3).slice(2)}`,
      cvv: "123",
      unique: true,
    });
    providerToken = out.token;
  }
  return api<{ id: string }>(
    "POST",
    "/v1/paymentMethods",
    {
      payment_method_id: providerToken,
      paymentMethod: "CC",
      payment_type: "Credit Card",
      default: isDefault,
      ...(brand ? { type: brand } : {}),
      gateway_name: company === "acme" ? "stripe" : "cardconnect",
    },
    token,
  );
}

/** Signs in on the company's portal and opens /portal/account. */
export async function openAccount(page: Page, email: string, company: Company, query = "") {
  await page.goto(
    `${PORTAL[company]}/portal/login?returnTo=${encodeURIComponent(`/portal/account${query}`)}`,
  );
  await signIn(page, email);
  await expect(page).toHaveURL(/\/portal\/account/);
  // A click before the page has hydrated does nothing (seconds on a busy CI machine).
  await hydrated(page);
}

/**
 * A new user of its own on the account page, its contact form open with the required fields
 * filled (Grace Hopper, its own e-mail); answers the form's region and the e-mail.
 */
export async function openFilledContactForm(page: Page, prefix: string) {
  const email = await freshUser("acme", { prefix });
  await openAccount(page, email, "acme");
  const contact = page.getByRole("region", { name: "Contact details" });
  await contact.getByRole("button", { name: "Edit" }).click();
  await contact.getByLabel("First name").fill("Grace");
  await contact.getByLabel("Last name").fill("Hopper");
  await contact.getByLabel("Email").fill(email);
  return { contact, email };
}

/**
 * Opens the add-payment dialog (desktop). A click that lands before the page has hydrated does
 * nothing, so it is repeated until the dialog shows.
 */
export async function openAddPaymentDialog(page: Page): Promise<Locator> {
  const dialog = page.getByRole("dialog", { name: "Add payment method" });
  await expect(async () => {
    if (!(await dialog.isVisible()))
      await page.getByRole("button", { name: "Add payment method" }).click();
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  return dialog;
}

/** The Stripe.js double's card frame. */
export function stripeCardFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe[title="Secure card payment input frame"]');
}

/** Types a card into Stripe's card element (number, expiry, CVC, ZIP). */
export async function typeStripeCard(page: Page, number: string) {
  const frame = stripeCardFrame(page);
  await frame.getByLabel("Credit or debit card number").fill(number);
  await frame
    .getByLabel("Credit or debit card expiration date")
    .fill(`12${String(new Date().getFullYear() + 3).slice(2)}`);
  await frame.getByLabel("Credit or debit card CVC/CVV").fill("123");
  // The postal code is left out of a narrow card element.
  const zip = frame.getByLabel("ZIP");
  if (await zip.isVisible()) await zip.fill("02139");
}

/** Saves a bank account (Stripe: pending verification; CardConnect: ECHK) through the doubles and the API. */
export async function saveBankAccount(email: string, company: Company): Promise<{ id: string }> {
  const token = await accessToken(email, company);
  let providerToken: string;
  if (company === "acme") {
    const pm = await api<{ id: string }>("POST", "/__sandbox/stripe/v1/payment_methods", {
      type: "us_bank_account",
      key: "pk_test_sandbox_acme_water",
      us_bank_account: {
        account_number: "000123456789",
        routing_number: "110000000",
        account_holder_type: "individual",
      },
      billing_details: { name: "Test Holder", email },
    });
    providerToken = pm.id;
  } else {
    const out = await api<{ token: string }>("POST", "/cardsecure/api/v1/ccn/tokenize", {
      account: "036001808/123456789",
      unique: true,
    });
    providerToken = out.token;
  }
  return api<{ id: string }>(
    "POST",
    "/v1/paymentMethods",
    {
      payment_method_id: providerToken,
      paymentMethod: "ACH",
      payment_type: "Bank Account",
      default: false,
      gateway_name: company === "acme" ? "stripe" : "cardconnect",
    },
    token,
  );
}

/** The CardConnect tokenizer frame of a form. */
export function tokenizerFrame(page: Page, kind: "card" | "bank"): FrameLocator {
  const title =
    kind === "card"
      ? "Card number, expiry and security code (secure form)"
      : "Routing and account number (secure form)";
  return page.frameLocator(`iframe[title="${title}"]`);
}

/** Types a card into the tokenizer frame and waits for its token (the frame tokenizes when idle). */
export async function typeTokenizerCard(page: Page, number: string) {
  const frame = tokenizerFrame(page, "card");
  await frame.locator("#ccnumfield").fill(number);
  await frame.locator("#ccexpirymonth").selectOption("12");
  await frame.locator("#ccexpiryyear").selectOption(String(new Date().getFullYear() + 3));
  await frame.locator("#cccvvfield").fill("123");
  await frame.locator("#cccvvfield").blur();
}

/**
 * A screenshot of what the viewport shows, beside the full-page ones of snap(): a modal dialog's
 * overlay covers the viewport only, so a full-page picture of it would look broken below the fold.
 */
export async function snapDialog(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({
    path: `e2e/screenshots/${testInfo.project.name}/${name}.png`,
    animations: "disabled",
  });
}

/** A saved payment method's row on the account page, by its label ("Visa ending in 4242"). */
export const methodRow = (page: Page, name: string | RegExp) =>
  page.getByTestId("payment-method").filter({ hasText: name });
