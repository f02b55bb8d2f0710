// Manage Account (issue 6 §2, spec 000 §2–§8) against the sandbox and its provider doubles: Acme
// Water at localhost pays through Stripe (the Stripe.js double), Globex Energy at 127.0.0.1
// through CardConnect (the tokenizer frame double). Tests that change data use a customer of
// their own; the seeded customers are only read.
import { expect, test, type Page, type Request } from "@playwright/test";
import {
  openAddPaymentDialog,
  PORTAL,
  freshUser,
  methodRow,
  openAccount,
  openFilledContactForm,
  saveCard,
  snapDialog,
  stripeCardFrame,
  tokenizerFrame,
  typeStripeCard,
  typeTokenizerCard,
} from "./support/account";
import { signIn } from "./support/auth";
import { expectAccessible, expectNoHorizontalScroll, snap, toast } from "./support/page-checks";
import { injectFault, sandboxUrl } from "./support/sandbox";
import { isolate } from "../lib/format/bidi";

function recordRequests(page: Page, match: (url: string) => boolean): Request[] {
  const seen: Request[] = [];
  page.on("request", (request) => {
    if (match(request.url())) seen.push(request);
  });
  return seen;
}

test.describe("manage account: Acme Water on Stripe", () => {
  test("paints ada's account from the server with every display rule @mobile", async ({
    page,
  }, testInfo) => {
    // The sign-in security and sessions cards are read by the browser after the page loads (never
    // prefetched: e2e/factors.spec.ts, e2e/sessions.spec.ts).
    const bffCalls = recordRequests(
      page,
      (url) =>
        url.includes("/api/account/") &&
        !url.includes("/api/account/sessions") &&
        !url.includes("/api/account/factors"),
    );
    await openAccount(page, "ada@acme.test", "acme");
    await expect(page.getByRole("heading", { name: "Manage account", level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/^Manage account · Acme Water$/);

    const contact = page.getByRole("region", { name: "Contact details" });
    await expect(contact.getByText("Lovelace")).toBeVisible();

    const options = page.getByTestId("payment-options");
    await expect(options).toContainText("Card payments");
    // Stripe: bank-account credit and Affirm are shown.
    await expect(options).toContainText("Bank-account credit");
    await expect(options).toContainText("Affirm");

    await expect(page.getByRole("switch", { name: "Pay invoices automatically" })).toHaveAttribute(
      "aria-checked",
      "false",
    );

    const visa = methodRow(page, "Visa ending in 4242");
    await expect(visa.getByText("Default", { exact: true })).toBeVisible();
    await expect(visa.getByRole("switch")).toBeDisabled();
    await expect(visa.getByRole("switch")).toHaveAttribute("aria-checked", "true");

    const verified = methodRow(page, /ending in 6789/);
    await expect(verified.getByText("VERIFIED", { exact: true })).toBeVisible();
    await expect(verified).toContainText("Expires -");
    await expect(verified.getByRole("switch")).toBeEnabled();

    const pending = methodRow(page, /ending in 1116/);
    await expect(pending.getByText("UNVERIFIED", { exact: true })).toBeVisible();
    const verify = pending.getByRole("link", { name: /Verify/ });
    await expect(verify).toHaveAttribute("target", "_blank");
    await expect(verify).toHaveAttribute("href", /\/hosted\/verify-bank-account\//);
    await expect(visa.getByRole("link", { name: /Verify/ })).toHaveCount(0);

    const transfer = page.getByRole("region", { name: "Bank-transfer details" });
    await expect(transfer).toContainText("$125.50");
    await expect(page.getByRole("link", { name: /Add a card there/ })).toHaveAttribute(
      "target",
      "_blank",
    );

    // Hydrated from the server render: the first paint asked the BFF for nothing.
    expect(bffCalls.map((r) => r.url())).toEqual([]);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await snap(page, testInfo, "account-acme");

    // Each view has its address, and its title comes from the route.
    await page.goto("/portal/account?view=change-password");
    await expect(page).toHaveTitle(/^Change password · Manage account · Acme Water$/);
    await expect(page.getByRole("heading", { name: "Change password", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/portal\/account$/);
    await expect(page.getByRole("heading", { name: "Manage account", level: 1 })).toBeVisible();
  });

  test("loads provider code only when the add dialog opens, and allows exactly its origins", async ({
    page,
  }) => {
    const provider = recordRequests(
      page,
      (url) => url.includes("/__sandbox/stripe/") || url.includes("/itoke/"),
    );
    const email = await freshUser("acme");
    await openAccount(page, email, "acme");
    const res = await page.request.get(`${PORTAL.acme}/portal/account`);
    const csp = res.headers()["content-security-policy"] ?? "";
    expect(csp).toMatch(new RegExp(`frame-src 'self' ${sandboxUrl}(;|$)`));
    expect(csp).toMatch(new RegExp(`connect-src 'self' ${sandboxUrl}(;|$)`));
    const dashboard = await page.request.get(`${PORTAL.acme}/portal/dashboard`);
    expect(dashboard.headers()["content-security-policy"]).not.toContain(sandboxUrl);

    await expect(page.getByRole("button", { name: "Add payment method" })).toBeVisible();
    expect(provider).toHaveLength(0);
    const dialog = await openAddPaymentDialog(page);
    await dialog.getByRole("radio", { name: "Card" }).check();
    await expect(stripeCardFrame(page).getByLabel("Credit or debit card number")).toBeVisible();
    expect(provider.map((r) => new URL(r.url()).pathname)).toContain("/__sandbox/stripe/v3.js");
  });

  test("adds a card with 'default' on at the start; the others lose the flag", async ({
    page,
  }, testInfo) => {
    const email = await freshUser("acme");
    await saveCard(email, "acme", "5555555555554444");
    await openAccount(page, email, "acme");
    await expect(
      methodRow(page, "Mastercard ending in 4444").getByText("Default", { exact: true }),
    ).toBeVisible();

    const dialog = await openAddPaymentDialog(page);
    // No type is chosen at first.
    await expect(dialog.getByRole("radio", { name: "Card" })).not.toBeChecked();
    await expect(dialog.getByRole("radio", { name: "Bank account" })).not.toBeChecked();
    await dialog.getByRole("radio", { name: "Card" }).check();
    await expect(
      dialog.getByRole("switch", { name: "Use as my default payment method" }),
    ).toHaveAttribute("aria-checked", "true");
    await expect(dialog.getByRole("list", { name: "Accepted cards" }).getByRole("img")).toHaveCount(
      4,
    );
    await typeStripeCard(page, "4242424242424242");
    await expectAccessible(page);
    await snapDialog(page, testInfo, "account-add-card-acme");
    await dialog.getByRole("button", { name: "Save payment method" }).click();

    await expect(page.getByText("The payment method has been saved.")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(
      methodRow(page, "Visa ending in 4242").getByText("Default", { exact: true }),
    ).toBeVisible();
    await expect(
      methodRow(page, "Mastercard ending in 4444").getByText("Default", { exact: true }),
    ).toHaveCount(0);
    await page.reload();
    await expect(
      methodRow(page, "Visa ending in 4242").getByText("Default", { exact: true }),
    ).toBeVisible();
  });

  test("refuses a brand the company does not take and shows a provider decline inline", async ({
    page,
  }) => {
    const adds = recordRequests(page, (url) => url.endsWith("/api/account/payment-methods"));
    const email = await freshUser("acme");
    await openAccount(page, email, "acme");
    const dialog = await openAddPaymentDialog(page);
    await dialog.getByRole("radio", { name: "Card" }).check();

    await typeStripeCard(page, "6011111111111117");
    await expect(
      dialog.getByText("Card type Discover not enabled in your payment setup."),
    ).toBeVisible();
    await dialog.getByRole("button", { name: "Save payment method" }).click();
    await expect(
      dialog.getByText("Card type Discover not enabled in your payment setup."),
    ).toBeVisible();

    await typeStripeCard(page, "4000000000000002");
    await expect(dialog.getByText(/Card type/)).toHaveCount(0);
    await dialog.getByRole("button", { name: "Save payment method" }).click();
    await expect(dialog.getByText("Your card was declined.")).toBeVisible();
    expect(adds.filter((r) => r.method() === "POST")).toHaveLength(0);
  });
});

test.describe("manage account: Globex Energy on CardConnect", () => {
  test("paints gina's account: ECHK always verified, no Stripe-only options @mobile", async ({
    page,
  }, testInfo) => {
    await openAccount(page, "gina@globex.test", "globex");
    await expect(page).toHaveTitle(/^Manage account · Globex Energy$/);
    const echk = methodRow(page, "Bank account (e-check) ending in 0014");
    await expect(echk.getByText("VERIFIED", { exact: true })).toBeVisible();
    await expect(echk.getByRole("link", { name: /Verify/ })).toHaveCount(0);
    const options = page.getByTestId("payment-options");
    await expect(options).toContainText("Card payments");
    await expect(options).not.toContainText("Bank-account credit");
    await expect(options).not.toContainText("Affirm");
    await expect(page.getByRole("region", { name: "Bank-transfer details" })).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await snap(page, testInfo, "account-globex");
  });

  test("adds a card through the tokenizer frame with the address and a country", async ({
    page,
  }, testInfo) => {
    const email = await freshUser("globex");
    await openAccount(page, email, "globex");
    const dialog = await openAddPaymentDialog(page);
    await dialog.getByRole("radio", { name: "Card" }).check();
    // CVV accepted at Globex: the card frame is 250px high.
    const frame = dialog.locator('iframe[title^="Card number"]');
    await expect(frame).toHaveAttribute(
      "src",
      new RegExp(`^${sandboxUrl}/itoke/ajax-tokenizer\\.html\\?`),
    );
    expect(await frame.evaluate((el) => el.getBoundingClientRect().height)).toBe(250);
    await typeTokenizerCard(page, "4111111111111111");
    await dialog.getByLabel("Account holder name").fill("Gina García-Müller");
    await dialog.getByLabel("Address").fill("12 Garden Row");
    await dialog.getByLabel("City").fill("Springfield");
    await dialog.getByLabel("Postal code").fill("62701");
    const country = dialog.getByRole("combobox", { name: "Choose a country" });
    await country.fill("germ");
    await expect(dialog.getByRole("option", { name: /Germany/ })).toBeVisible();
    await country.press("Enter");
    await expect(country).toHaveValue("Germany");
    await expectAccessible(page);
    await snapDialog(page, testInfo, "account-add-card-globex");
    await dialog.getByRole("button", { name: "Save payment method" }).click();
    await expect(page.getByText("The payment method has been saved.")).toBeVisible();
    await expect(
      methodRow(page, "Visa ending in 1111").getByText("Default", { exact: true }),
    ).toBeVisible();
  });

  test("ignores a frame message from a foreign origin and refuses a brand the company does not take", async ({
    page,
  }) => {
    const email = await freshUser("globex");
    await openAccount(page, email, "globex");
    const dialog = await openAddPaymentDialog(page);
    await dialog.getByRole("radio", { name: "Card" }).check();
    await expect(tokenizerFrame(page, "card").locator("#ccnumfield")).toBeVisible();
    // A token posted by the portal's own window (not the tokenizer's origin) is ignored.
    await page.evaluate(() =>
      window.postMessage(JSON.stringify({ message: "9411111111111111" }), "*"),
    );
    await dialog.getByRole("button", { name: "Save payment method" }).click();
    await expect(dialog.getByText("Enter the details in the secure form.")).toBeVisible();

    await typeTokenizerCard(page, "30569309025904");
    await expect(
      dialog.getByText("Card type Diners Club not enabled in your payment setup."),
    ).toBeVisible();
  });
});

test.describe("change password", () => {
  test("checks each rule as it is typed, refuses a wrong current password as a field error, then changes it", async ({
    page,
  }, testInfo) => {
    const email = await freshUser("acme", { prefix: "pw" });
    await openAccount(page, email, "acme");
    await page.getByRole("button", { name: "Change password" }).click();
    const dialog = page.getByRole("dialog", { name: "Change password" });
    const rule = (name: string) =>
      dialog.locator("#change-password-rules li").filter({ hasText: name });
    const newPassword = dialog.getByLabel("New password", { exact: true });
    const steps: [string, string][] = [
      ["a", "One lowercase letter"],
      ["aB", "One uppercase letter"],
      ["aB3", "One number"],
      ["aB3!", "One special character"],
      ["aB3!long", "At least 8 characters"],
    ];
    await expect(rule("No spaces")).toHaveAttribute("data-met", "false");
    for (const [typed, name] of steps) {
      await expect(rule(name)).toHaveAttribute("data-met", "false");
      await newPassword.fill(typed);
      await expect(rule(name)).toHaveAttribute("data-met", "true");
    }
    await expect(rule("No spaces")).toHaveAttribute("data-met", "true");
    await newPassword.fill("aB3! long");
    await expect(rule("No spaces")).toHaveAttribute("data-met", "false");

    await dialog.getByLabel("Current password").fill("Portal!2345");
    await dialog.getByLabel("Confirm new password").fill("aB3! long");
    await dialog.getByRole("button", { name: "Change password" }).click();
    await expect(dialog.getByText("Password Conditions not met.")).toBeVisible();
    await expectAccessible(page);
    await snapDialog(page, testInfo, "account-change-password-checklist-acme");

    await dialog.getByLabel("Current password").fill("Wrong!Password1");
    await newPassword.fill("Fresh#Start9");
    await dialog.getByLabel("Confirm new password").fill("Fresh#Start9");
    await dialog.getByRole("button", { name: "Change password" }).click();
    await expect(dialog.getByText("The current password is not correct.")).toBeVisible();
    await expect(toast(page, "The current password is not correct.")).toBeVisible();
    await expect(page).toHaveURL(/\/portal\/account/);

    await dialog.getByLabel("Current password").fill("Portal!2345");
    await dialog.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Your password has been changed.")).toBeVisible();
    await expect(dialog).toBeHidden();
    // Still signed in here.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Manage account", level: 1 })).toBeVisible();

    await page.getByRole("button", { name: email }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/portal\/login/);
    await signIn(page, email, "Fresh#Start9");
    await expect(page).toHaveURL(/\/portal\/dashboard/);
  });
});

test.describe("payment methods: changes", () => {
  test("adds a bank account that awaits verification, and verifies it on the hosted page", async ({
    page,
  }) => {
    const email = await freshUser("acme");
    await openAccount(page, email, "acme");
    const dialog = await openAddPaymentDialog(page);
    await dialog.getByRole("radio", { name: "Bank account" }).check();
    await dialog.getByRole("button", { name: "Save payment method" }).click();
    // The four required fields.
    await expect(dialog.getByText("Required")).toHaveCount(4);
    await dialog.getByLabel("Account holder name").fill("Test Holder");
    await dialog.getByLabel("Account holder email").fill(email);
    await dialog.getByLabel("Routing number").fill("110000000");
    await dialog.getByLabel("Account number").fill("000123456789");
    await dialog.getByRole("button", { name: "Save payment method" }).click();
    await expect(page.getByText("The payment method has been saved.")).toBeVisible();

    const bank = methodRow(page, "STRIPE TEST BANK ending in 6789");
    await expect(bank.getByText("UNVERIFIED", { exact: true })).toBeVisible();
    const popupPromise = page.waitForEvent("popup");
    await bank.getByRole("link", { name: /Verify/ }).click();
    const popup = await popupPromise;
    await popup.getByRole("button", { name: "Verify" }).click();
    await expect(popup.getByText(/is now verified/)).toBeVisible();
    await popup.close();
    await page.reload();
    await expect(bank.getByText("VERIFIED", { exact: true })).toBeVisible();
    await expect(bank.getByRole("link", { name: /Verify/ })).toHaveCount(0);
  });

  test("sets another default, and deletes a method after confirming", async ({ page }) => {
    const email = await freshUser("acme");
    await saveCard(email, "acme", "4242424242424242", true);
    await saveCard(email, "acme", "5555555555554444");
    await openAccount(page, email, "acme");

    const mastercard = methodRow(page, "Mastercard ending in 4444");
    const visa = methodRow(page, "Visa ending in 4242");
    const sets = recordRequests(page, (url) => url.includes("/default"));
    await mastercard.getByRole("switch", { name: /Set as default/ }).click();
    await expect(page.getByText("Your default payment method has been changed.")).toBeVisible();
    await expect(mastercard.getByText("Default", { exact: true })).toBeVisible();
    await expect(mastercard.getByRole("switch")).toBeDisabled();
    await expect(visa.getByText("Default", { exact: true })).toHaveCount(0);
    await expect(visa.getByRole("switch")).toBeEnabled();
    // The default's switch is disabled: a second click sent nothing.
    await mastercard.getByRole("switch").click({ force: true });
    expect(sets).toHaveLength(1);

    await visa.getByRole("button", { name: "Delete Visa ending in 4242" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete payment method" });
    await expect(confirm).toContainText(
      `Delete ${isolate("Visa ending in 4242")}? You cannot undo this.`,
    );
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(visa).toHaveCount(1);

    await visa.getByRole("button", { name: "Delete Visa ending in 4242" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("The payment method has been deleted.")).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(visa).toHaveCount(0);
    await page.reload();
    await expect(methodRow(page, "Mastercard ending in 4444")).toHaveCount(1);
    await expect(visa).toHaveCount(0);
  });

  test("hides delete while auto-pay is on and only one method exists", async ({ page }) => {
    await openAccount(page, "zero@acme.test", "acme");
    const only = methodRow(page, "Mastercard ending in 4444");
    await expect(only.getByRole("switch")).toBeDisabled();
    await expect(only.getByRole("button", { name: /Delete/ })).toHaveCount(0);
    await expect(page.getByText(/Auto-pay is on: add another payment method/)).toBeVisible();
    await expect(page.getByRole("switch", { name: "Pay invoices automatically" })).toHaveAttribute(
      "aria-checked",
      "true",
    );
  });

  test("turns auto-pay on and off, refuses it without a payment method, and only shows it when not editable", async ({
    page,
  }) => {
    const bare = await freshUser("acme", { prefix: "ap" });
    await openAccount(page, bare, "acme");
    const autoPay = page.getByRole("switch", { name: "Pay invoices automatically" });
    await autoPay.click();
    await expect(page.getByText("Add a payment method before you turn on auto-pay.")).toBeVisible();
    await expect(autoPay).toHaveAttribute("aria-checked", "false");

    await saveCard(bare, "acme", "4242424242424242");
    await page.reload();
    await autoPay.click();
    await expect(page.getByText("Auto-pay has been updated.")).toBeVisible();
    await expect(autoPay).toHaveAttribute("aria-checked", "true");
    // On with a single method: its delete is hidden now.
    await expect(
      methodRow(page, "Visa ending in 4242").getByRole("button", { name: /Delete/ }),
    ).toHaveCount(0);
    await page.reload();
    await expect(autoPay).toHaveAttribute("aria-checked", "true");
    await autoPay.click();
    await expect(autoPay).toHaveAttribute("aria-checked", "false");
    await expect(
      methodRow(page, "Visa ending in 4242").getByRole("button", { name: /Delete/ }),
    ).toHaveCount(1);

    // Contoso Pharmacy may not change auto-pay: its state is text, not a switch.
    await page.context().clearCookies();
    const contoso = await freshUser("acme", { prefix: "contoso", customerId: "CUST-1003" });
    await openAccount(page, contoso, "acme");
    await expect(page.getByRole("region", { name: "Auto-pay" })).toContainText("Enabled");
    await expect(page.getByRole("switch", { name: "Pay invoices automatically" })).toHaveCount(0);
  });

  test("edits contact details; a failure keeps what was typed", async ({ page }) => {
    const { contact } = await openFilledContactForm(page, "contact");
    await contact.getByLabel("Phone").fill("call me");
    await contact.getByRole("button", { name: "Save changes" }).click();
    await expect(contact.getByText("Enter a phone number")).toBeVisible();
    await expect(contact.getByLabel("Phone")).toBeFocused();
    await contact.getByLabel("Phone").fill("+1 (555) 010-2030 ext. 7");
    await contact.getByLabel("City").fill("Arlington");

    await injectFault({ method: "PUT", path: "/v1/user/me/contactDetails", status: 503, times: 1 });
    await contact.getByRole("button", { name: "Save changes" }).click();
    await expect(contact.getByRole("alert")).toBeVisible();
    await expect(contact.getByLabel("First name")).toHaveValue("Grace");
    await expect(contact.getByLabel("City")).toHaveValue("Arlington");

    await contact.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Your contact details have been saved.")).toBeVisible();
    await expect(contact.getByText("Hopper")).toBeVisible();
    await expect(contact.getByText("+1 (555) 010-2030 ext. 7")).toBeVisible();
    await page.reload();
    await expect(contact.getByText("Arlington")).toBeVisible();
  });

  test("the add-payment link opens the hosted page; a card added there appears on return", async ({
    page,
  }) => {
    const email = await freshUser("acme");
    await openAccount(page, email, "acme");
    await expect(page.getByTestId("payment-method")).toHaveCount(0);
    const popupPromise = page.waitForEvent("popup");
    await page.getByRole("link", { name: /Add a card there/ }).click();
    const popup = await popupPromise;
    await expect(popup).toHaveURL(/\/hosted\/add-payment-method\//);
    await popup.getByLabel("Card number").fill("4242 4242 4242 4242");
    await popup.getByLabel("Name on card").fill("Test Holder");
    await popup
      .getByLabel("Expiry date (MM/YY)")
      .fill(`12/${String(new Date().getFullYear() + 3).slice(2)}`);
    await popup.getByRole("button", { name: "Add card" }).click();
    await expect(popup.getByText(/was added/)).toBeVisible();
    const cleared = page.waitForRequest((r) => r.url().endsWith("/api/account/clear-cache"));
    await popup.close();
    await page.bringToFront();
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await cleared;
    await expect(methodRow(page, "Visa ending in 4242")).toHaveCount(1);
  });
});

test.describe("CardConnect bank accounts", () => {
  test("adds a bank account through the 50px frame; ECHK shows VERIFIED", async ({ page }) => {
    const email = await freshUser("globex");
    await openAccount(page, email, "globex");
    const dialog = await openAddPaymentDialog(page);
    await dialog.getByRole("radio", { name: "Bank account" }).check();
    const frame = dialog.locator('iframe[title^="Routing and account number"]');
    await expect(frame).toBeVisible();
    expect(await frame.evaluate((el) => el.getBoundingClientRect().height)).toBe(50);
    await tokenizerFrame(page, "bank").locator("#ccnumfield").fill("036001808/123456789");
    await tokenizerFrame(page, "bank").locator("#ccnumfield").blur();
    await dialog.getByLabel("Account holder name").fill("Gina García-Müller");
    await dialog.getByLabel("Address").fill("12 Garden Row");
    await dialog.getByLabel("City").fill("Springfield");
    await dialog.getByLabel("Postal code").fill("62701");
    await dialog.getByRole("combobox", { name: "Choose a country" }).fill("United States");
    await dialog
      .getByRole("option", { name: /^United States/ })
      .first()
      .click();
    await dialog.getByRole("button", { name: "Save payment method" }).click();
    await expect(page.getByText("The payment method has been saved.")).toBeVisible();
    const echk = methodRow(page, "Bank account (e-check) ending in 6789");
    await expect(echk.getByText("VERIFIED", { exact: true })).toBeVisible();
  });
});

test.describe("keyboard only", () => {
  test("uses the change-password dialog with the keyboard alone", async ({ page }) => {
    const email = await freshUser("acme", { prefix: "kb" });
    await openAccount(page, email, "acme");
    const button = page.getByRole("button", { name: "Change password" });
    await button.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Change password" });
    await expect(dialog.getByLabel("Current password")).toBeFocused();
    await page.keyboard.type("Portal!2345");
    await page.keyboard.press("Tab");
    await expect(dialog.getByLabel("New password", { exact: true })).toBeFocused();
    await page.keyboard.type("Keyboard#Only7");
    await page.keyboard.press("Tab");
    await expect(dialog.getByLabel("Confirm new password")).toBeFocused();
    await page.keyboard.type("Keyboard#Only7");
    await page.keyboard.press("Enter");
    await expect(page.getByText("Your password has been changed.")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });

  test("uses the add-payment dialog with the keyboard alone, the country picker included", async ({
    page,
  }) => {
    const email = await freshUser("globex", { prefix: "kb" });
    await openAccount(page, email, "globex");
    await page.getByRole("button", { name: "Add payment method" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Add payment method" });
    const card = dialog.getByRole("radio", { name: "Card" });
    await expect(card).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(dialog.getByRole("radio", { name: "Bank account" })).toBeChecked();
    await page.keyboard.press("ArrowLeft");
    await expect(card).toBeChecked();
    const frame = tokenizerFrame(page, "card");
    await expect(frame.locator("#ccnumfield")).toBeVisible();

    // Into the tokenizer frame and through its fields.
    await page.keyboard.press("Tab");
    await expect(frame.locator("#ccnumfield")).toBeFocused();
    await page.keyboard.type("4111111111111111");
    await page.keyboard.press("Tab");
    await page.keyboard.type("12");
    await page.keyboard.press("Tab");
    await page.keyboard.type(String(new Date().getFullYear() + 3));
    await page.keyboard.press("Tab");
    await expect(frame.locator("#cccvvfield")).toBeFocused();
    await page.keyboard.type("123");
    await expect(dialog.getByText("Card details received.")).toBeVisible();

    await page.keyboard.press("Tab");
    await expect(dialog.getByLabel("Account holder name")).toBeFocused();
    await page.keyboard.type("Gina García-Müller");
    await page.keyboard.press("Tab");
    await page.keyboard.type("12 Garden Row");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Springfield");
    await page.keyboard.press("Tab");
    await page.keyboard.type("62701");
    await page.keyboard.press("Tab");
    const country = dialog.getByRole("combobox", { name: "Choose a country" });
    await expect(country).toBeFocused();
    await page.keyboard.type("fra");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Enter");
    await expect(country).toHaveValue("France");
    // Escape closes the list, not the dialog.
    await page.keyboard.press("ArrowDown");
    await expect(country).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(country).toHaveAttribute("aria-expanded", "false");
    await expect(dialog).toBeVisible();

    await page.keyboard.press("Tab");
    await expect(
      dialog.getByRole("switch", { name: "Use as my default payment method" }),
    ).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Save payment method" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByText("The payment method has been saved.")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(methodRow(page, "Visa ending in 1111")).toHaveCount(1);
  });
});

for (const company of ["acme", "globex"] as const) {
  test.describe(`screens of ${company}`, () => {
    test(`every view and dialog, desktop and mobile (${company}) @mobile`, async ({
      page,
    }, testInfo) => {
      // Five axe runs and as many screenshots: three times the usual time on a busy machine.
      test.slow();
      const mobile = testInfo.project.name === "mobile";
      const email = await freshUser(company, { prefix: "screens" });
      await saveCard(
        email,
        company,
        company === "acme" ? "4242424242424242" : "4111111111111111",
        true,
      );
      await saveCard(email, company, "5555555555554444");
      await openAccount(page, email, company);
      await expect(page.getByRole("heading", { name: "Manage account", level: 1 })).toBeVisible();

      // Change password.
      await page.getByRole("button", { name: "Change password" }).click();
      if (mobile) {
        // Restricted mode: a full view in the URL instead of a dialog.
        await expect(page).toHaveURL(/view=change-password/);
        await expect(page.getByRole("dialog")).toHaveCount(0);
        await expect(
          page.getByRole("heading", { name: "Change password", level: 1 }),
        ).toBeVisible();
      } else {
        await expect(page.getByRole("dialog", { name: "Change password" })).toBeVisible();
      }
      await expect(page.getByLabel("Current password")).toBeVisible();
      await expectAccessible(page);
      await (mobile ? snap : snapDialog)(page, testInfo, `account-change-password-${company}`);
      if (mobile) await page.getByRole("button", { name: "Back" }).click();
      else await page.getByRole("button", { name: "Cancel" }).click();
      await expect(page).not.toHaveURL(/view=/);

      // Add payment method, card form.
      await page.getByRole("button", { name: "Add payment method" }).click();
      if (mobile) await expect(page).toHaveURL(/view=add-payment-method/);
      await page.getByRole("radio", { name: "Card" }).check();
      if (company === "acme")
        await expect(stripeCardFrame(page).getByLabel("Credit or debit card number")).toBeVisible();
      else await expect(tokenizerFrame(page, "card").locator("#ccnumfield")).toBeVisible();
      await expectAccessible(page);
      await (mobile ? snap : snapDialog)(page, testInfo, `account-add-card-form-${company}`);
      await page.getByRole("radio", { name: "Bank account" }).check();
      if (company === "globex")
        await expect(tokenizerFrame(page, "bank").locator("#ccnumfield")).toBeVisible();
      else await expect(page.getByLabel("Routing number")).toBeVisible();
      await expectAccessible(page);
      await (mobile ? snap : snapDialog)(page, testInfo, `account-add-bank-form-${company}`);
      await page.getByRole("button", { name: mobile ? "Back" : "Cancel" }).click();

      // Delete.
      const mastercard = methodRow(page, "Mastercard ending in 4444");
      await mastercard.getByRole("button", { name: /Delete/ }).click();
      if (mobile) {
        await expect(page).toHaveURL(/view=delete-payment-method/);
        await expect(
          page.getByText(`Delete ${isolate("Mastercard ending in 4444")}? You cannot undo this.`),
        ).toBeVisible();
      } else {
        await expect(page.getByRole("dialog", { name: "Delete payment method" })).toBeVisible();
      }
      await expectAccessible(page);
      await (mobile ? snap : snapDialog)(page, testInfo, `account-delete-${company}`);
      await page.getByRole("button", { name: "Delete", exact: true }).click();
      await expect(page.getByText("The payment method has been deleted.")).toBeVisible();
      await expect(mastercard).toHaveCount(0);
      await expectNoHorizontalScroll(page);
      await snap(page, testInfo, `account-after-delete-${company}`);
    });
  });
}
