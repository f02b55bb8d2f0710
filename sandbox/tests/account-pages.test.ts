import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PaymentMethodListDto } from "../src/account/payment-methods";
import { bearer } from "./support/account";
import { startHarness, type Harness } from "./support/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness("account_pages");
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.reset();
});

/** Path and query of a signed URL (the harness prefixes the sandbox's origin). */
const local = (url: string) => {
  const u = new URL(url);
  expect(u.origin).toBe(h.url);
  return `${u.pathname}${u.search}`;
};
/** The page with runs of whitespace as single spaces, as a browser shows its text. */
const squash = (html: string) => html.replace(/\s+/g, " ");
const tamper = (path: string) => path.replace(/signature=[^&]+/, "signature=AAAA");
const form = (fields: Record<string, string>) => ({
  rawBody: new URLSearchParams(fields).toString(),
  headers: { "content-type": "application/x-www-form-urlencoded" },
});

async function methods(email: string): Promise<PaymentMethodListDto["paymentMethods"]> {
  const res = await h.api<PaymentMethodListDto>("GET", "/v1/paymentMethods", {
    token: await bearer(h, email),
  });
  return res.body.data.paymentMethods;
}

async function verifyPath(): Promise<string> {
  const pending = (await methods("ada@acme.test")).find((m) => m.id === "pm_seed_ada_pending");
  return local(pending?.verify_url ?? "");
}

async function addPagePath(email: string): Promise<string> {
  const res = await h.api<{ formUrl: string }>(
    "GET",
    "/v1/paymentMethods/getAddPaymentMethodFormUrl",
    {
      token: await bearer(h, email),
    },
  );
  return local(res.body.data.formUrl);
}

describe("bank verification page (verify_url)", () => {
  it("shows the account and a Verify button, under a strict CSP", async () => {
    const res = await h.request("GET", await verifyPath());
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(squash(res.text)).toContain("STRIPE TEST BANK ****1116 of Ada Lovelace Engineering");
    expect(res.text).toMatch(/<button type="submit"[^>]*>Verify<\/button>/);
  });

  it("marks the account verified on POST and says so; the list then has no verify_url", async () => {
    const path = await verifyPath();
    const res = await h.request("POST", path, form({}));
    expect(res.status).toBe(200);
    expect(res.text).toContain('role="status"');
    expect(squash(res.text)).toContain("is now verified");
    const pending = (await methods("ada@acme.test")).find((m) => m.id === "pm_seed_ada_pending");
    expect(pending).toMatchObject({ status: "verified", verify_url: null });
    expect(squash((await h.request("GET", path)).text)).toContain("is already verified");
  });

  it("answers 403 to a bad signature and changes nothing", async () => {
    const path = tamper(await verifyPath());
    expect((await h.request("GET", path)).status).toBe(403);
    const post = await h.request("POST", path, form({}));
    expect(post.status).toBe(403);
    expect(squash(post.text)).toContain("This link is not valid");
    const pending = (await methods("ada@acme.test")).find((m) => m.id === "pm_seed_ada_pending");
    expect(pending?.status).toBe("unverified");
  });

  it("answers 403 once the link has expired", async () => {
    const path = await verifyPath();
    h.advance(3601_000);
    const res = await h.request("POST", path, form({}));
    expect(res.status).toBe(403);
    expect(squash(res.text)).toContain("This link has expired");
  });

  it("answers 403 to a signature without its expiry", async () => {
    const path = (await verifyPath()).replace(/expires=\d+&?/, "");
    expect((await h.request("GET", path)).status).toBe(403);
  });
});

describe("hosted add-payment page (getAddPaymentMethodFormUrl)", () => {
  it("shows a labelled card form listing the Stripe test numbers", async () => {
    const res = await h.request("GET", await addPagePath("ada@acme.test"));
    expect(res.status).toBe(200);
    for (const label of ["Card number", "Name on card", "Expiry date (MM/YY)"]) {
      expect(res.text).toContain(`>${label}</label>`);
    }
    expect(res.text).toContain('autocomplete="cc-number"');
    expect(res.text).toContain("4242 4242 4242 4242");
    expect(res.text).toContain("Ada Lovelace Engineering");
    expect(res.headers.get("content-security-policy")).toMatch(
      /default-src 'none'; style-src 'nonce-/,
    );
  });

  it("escapes what it shows", async () => {
    const res = await h.request("GET", await addPagePath("gina@globex.test"));
    expect(res.text).toContain("Gina&#39;s Garden Supplies");
    expect(res.text).not.toContain("Gina's Garden Supplies");
  });

  it("adds the card for the customer on POST and confirms it", async () => {
    const path = await addPagePath("ada@acme.test");
    const res = await h.request(
      "POST",
      path,
      form({
        card_number: "5555 5555 5555 4444",
        holder_name: "Ada Lovelace",
        expiry: "09/34",
        default: "on",
      }),
    );
    expect(res.status).toBe(200);
    expect(squash(res.text)).toContain(
      "Mastercard ending 4444 was added to Ada Lovelace Engineering as the default payment method.",
    );
    const added = (await methods("ada@acme.test")).at(-1);
    expect(added).toMatchObject({
      type: "mastercard",
      account_number: "****4444",
      exp_month: 9,
      exp_year: 2034,
      default: true,
    });
    const stored = await h.sandbox.db.query("SELECT * FROM payment_methods");
    expect(JSON.stringify(stored)).not.toContain("5555555555554444");
  });

  it("shows the provider's decline and adds nothing", async () => {
    const res = await h.request(
      "POST",
      await addPagePath("ada@acme.test"),
      form({ card_number: "4000000000000002", holder_name: "Ada", expiry: "09/34" }),
    );
    expect(res.status).toBe(400);
    expect(squash(res.text)).toContain('<p class="alert" role="alert">Your card was declined.</p>');
    expect(await methods("ada@acme.test")).toHaveLength(3);
  });

  it("refuses a brand outside allowed_cards with the spec's message", async () => {
    const res = await h.request(
      "POST",
      await addPagePath("ada@acme.test"),
      form({ card_number: "6011111111111117", holder_name: "Ada", expiry: "09/34" }),
    );
    expect(res.status).toBe(400);
    expect(squash(res.text)).toContain("Card type discover not enabled in your payment setup.");
    expect(await methods("ada@acme.test")).toHaveLength(3);
  });

  it("marks invalid fields and keeps what was typed, except the card number", async () => {
    const res = await h.request(
      "POST",
      await addPagePath("ada@acme.test"),
      form({ card_number: "4242424242424241", holder_name: "Ada <b>", expiry: "13/34" }),
    );
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/id="card-number"[^>]*aria-invalid="true"/);
    expect(res.text).toMatch(/id="expiry"[^>]*aria-invalid="true"/);
    expect(res.text).toContain('value="Ada &lt;b&gt;"');
    expect(res.text).not.toContain("4242424242424241");
  });

  it("answers 403 to a bad signature, to another customer's path, and after expiry", async () => {
    const path = await addPagePath("ada@acme.test");
    expect((await h.request("GET", tamper(path))).status).toBe(403);
    const other = path.replace("cus_acme_1001", "cus_acme_1005");
    const post = await h.request(
      "POST",
      other,
      form({ card_number: "4242424242424242", holder_name: "Mallory", expiry: "09/34" }),
    );
    expect(post.status).toBe(403);
    expect(await methods("zero@acme.test")).toHaveLength(1);
    h.advance(3601_000);
    expect((await h.request("GET", path)).status).toBe(403);
  });
});
