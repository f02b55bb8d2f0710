import { expect, test } from "@playwright/test";
import { freshUser, openAccount } from "./support/account";

// Stored XSS (issue 12 §4): strings the billing API hands back are the customer's own words, never
// markup. A customer saves script-shaped contact details (the billing API stores them as they
// are); every page that shows them must show the text and run none of it.

const PAYLOADS = {
  firstName: `<img src=x onerror="window.__xss='img'">`,
  lastName: `"><svg onload="window.__xss='svg'">`,
  address1: `<script>window.__xss='script'</script>`,
  city: `javascript:window.__xss='url'`,
  state: `{{constructor.constructor("window.__xss='template'")()}}`,
};

test("script-shaped contact details are shown as text and never run", async ({ page }) => {
  const email = await freshUser("acme", { prefix: "xss" });
  await openAccount(page, email, "acme");
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });

  const headers = { Origin: new URL(page.url()).origin, "X-CSRF": "1" };
  const current = await (await page.request.get("/api/account/contact-details")).json();
  const saved = await page.request.put("/api/account/contact-details", {
    headers,
    data: { ...current, email, ...PAYLOADS },
  });
  expect(saved.status()).toBe(200);

  for (const path of ["/portal/account", "/portal/dashboard"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    if (path === "/portal/account") {
      const contact = page.getByRole("region", { name: "Contact details" });
      for (const text of Object.values(PAYLOADS))
        await expect(contact.getByText(text, { exact: false })).toBeVisible();
      // Opening the form puts them in inputs, as values.
      await contact.getByRole("button", { name: "Edit" }).click();
      await expect(contact.getByLabel("First name")).toHaveValue(PAYLOADS.firstName);
    }
    // Any of them that ran (an attribute handler, a script that broke out of the page's data, a
    // javascript: URL followed) would have set it.
    expect(await page.evaluate(() => (window as { __xss?: string }).__xss)).toBeUndefined();
  }
  expect(dialogs).toEqual([]);
});
