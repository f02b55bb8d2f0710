// Passkeys (issue 34 §1, §4) in Chromium with the DevTools protocol's virtual authenticator, against
// the real portal and sandbox: added on the account page, then the second step of a password
// sign-in, then signing in with the passkey alone; a replayed answer, an answer made for another
// origin and a removed passkey sign nothing in.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { freshUser, openAccount, PORTAL, snapDialog } from "./support/account";
import { DASHBOARD_URL, signIn } from "./support/auth";
import { hydrated } from "./support/hydration";
import { expectAccessible, toast } from "./support/page-checks";
import { sandboxUrl } from "./support/sandbox";

/** A platform authenticator with user verification, as a laptop's fingerprint reader. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () =>
      (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
  };
}

const securityCard = (page: Page) => page.getByRole("region", { name: "Sign-in security" });

/** Adds a passkey from the open account page (`look` sees the dialog first); its codes dismissed. */
async function addPasskey(page: Page, name: string, look?: (dialog: Locator) => Promise<void>) {
  const card = securityCard(page);
  const dialog = page.getByRole("dialog", { name: "Add a passkey" });
  // A press before hydration does nothing: pressed again until the dialog opens.
  await expect(async () => {
    if (!(await dialog.isVisible()))
      await card.getByRole("button", { name: "Add passkey" }).click();
    await expect(dialog).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await look?.(dialog);
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("button", { name: "Create passkey" }).click();
  const codes = page.getByRole("dialog", { name: "Save your recovery codes" });
  await expect(codes.getByRole("listitem")).toHaveCount(10);
  await codes.getByRole("button", { name: "I've saved them" }).click();
  await expect(card.getByText(name, { exact: true })).toBeVisible();
}

/** The passkey sign-in's answer as the login page sends it, held back from the portal (unspent). */
async function heldBackAnswer(
  page: Page,
): Promise<{ response: { response: { clientDataJSON: string } } }> {
  let held: unknown;
  const answerRoute = (url: URL) => url.pathname === "/api/auth/passkey";
  await page.route(answerRoute, async (route) => {
    held = route.request().postDataJSON();
    await route.fulfill({
      status: 503,
      json: { error: { code: "upstream_unavailable", message: "held back by the test" } },
    });
  });
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect.poll(() => held).toBeTruthy();
  await page.unroute(answerRoute);
  return held as { response: { response: { clientDataJSON: string } } };
}

test("a passkey is added, answers the second step, then signs in alone; replayed or removed, it signs nothing in", async ({
  page,
}, testInfo) => {
  const authenticator = await virtualAuthenticator(page);
  const email = await freshUser("acme", { prefix: "passkey" });
  await openAccount(page, email, "acme");
  const card = securityCard(page);

  // Added: named, made by the device; the first factor's recovery codes follow.
  await addPasskey(page, "Work laptop", async (dialog) => {
    const name = dialog.getByLabel("Name");
    await expect(name).toBeFocused();
    await expect(name).toHaveValue("Passkey");
    await expectAccessible(page);
    await snapDialog(page, testInfo, "passkey-add");
  });
  const made = await authenticator.credentials();
  expect(made).toHaveLength(1);
  expect(made[0]?.rpId).toBe("localhost");
  expect(made[0]?.isResidentCredential).toBe(true);

  // The password now leads to the second step, which the passkey answers.
  await page.context().clearCookies();
  await page.goto(`${PORTAL.acme}/portal/login`);
  await hydrated(page);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/portal\/login\/second-factor$/);
  await expect(page.getByRole("heading", { name: "Confirm it's you" })).toBeVisible();
  await hydrated(page);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page).toHaveURL(DASHBOARD_URL);

  // The passkey alone signs in; its answer, sent again, is refused (its challenge is spent).
  await page.context().clearCookies();
  await page.goto(`${PORTAL.acme}/portal/login`);
  await hydrated(page);
  const answered = page.waitForRequest(
    (r) => r.url().endsWith("/api/auth/passkey") && r.method() === "POST",
  );
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  const assertion = (await answered).postDataJSON() as { response: unknown };
  await expect(page).toHaveURL(DASHBOARD_URL);
  const replay = await page.request.post(`${PORTAL.acme}/api/auth/passkey`, {
    // As the portal's own code sends it: same origin, JSON, the CSRF header.
    headers: { origin: PORTAL.acme, "x-csrf": "1" },
    data: assertion,
  });
  expect(replay.status()).toBe(401);
  expect((await replay.json()).error.code).toBe("passkey_refused");
  // Straight to the billing API, for another company: not a passkey of its users either.
  const elsewhere = await page.request.post(`${sandboxUrl}/v1/auth/passkey`, {
    data: { companyId: "globex", response: assertion.response },
  });
  expect(elsewhere.status()).toBe(404);

  // Removed: the passkey alone signs nobody in, and the password needs no second step.
  await page.goto(`${PORTAL.acme}/portal/account`);
  await hydrated(page);
  await card.getByRole("button", { name: "Remove Work laptop" }).click();
  await page
    .getByRole("dialog", { name: /^Remove \W?Work laptop\W?\?$/ })
    .getByRole("button", { name: "Remove" })
    .click();
  await expect(toast(page, /Work laptop\W? removed\./)).toBeVisible();
  await page.context().clearCookies();
  await page.goto(`${PORTAL.acme}/portal/login`);
  await hydrated(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(
    page.getByText("That passkey could not be used here.", { exact: false }),
  ).toBeVisible();
  await signIn(page, email);
  await expect(page).toHaveURL(DASHBOARD_URL);
});

test("a passkey's answer made for another origin is refused and spends its challenge; a new one signs in", async ({
  page,
}) => {
  await virtualAuthenticator(page);
  const email = await freshUser("acme", { prefix: "passkey-origin" });
  await openAccount(page, email, "acme");
  await addPasskey(page, "Phone");
  await page.context().clearCookies();
  await page.goto(`${PORTAL.acme}/portal/login`);
  await hydrated(page);
  const answer = await heldBackAnswer(page);

  // The browser writes the page's origin into the signed client data; a look-alike site's answer
  // says its own. The billing API compares it before the signature: refused.
  const clientData = JSON.parse(
    Buffer.from(answer.response.response.clientDataJSON, "base64url").toString("utf8"),
  ) as { origin: string };
  expect(clientData.origin).toBe(PORTAL.acme);
  const forged = structuredClone(answer);
  forged.response.response.clientDataJSON = Buffer.from(
    JSON.stringify({ ...clientData, origin: "https://acme-water.example" }),
  ).toString("base64url");
  const send = (body: unknown) =>
    page.request.post(`${PORTAL.acme}/api/auth/passkey`, {
      headers: { origin: PORTAL.acme, "x-csrf": "1" },
      data: body,
    });
  const refused = await send(forged);
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error.code).toBe("passkey_refused");
  expect((await page.context().cookies()).filter((c) => /portal_session/.test(c.name))).toEqual([]);

  // Its challenge is spent with it: not even the genuine answer goes through now.
  expect((await send(answer)).status()).toBe(401);
  // A new press, a new challenge: the customer signs in.
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(DASHBOARD_URL);
});
