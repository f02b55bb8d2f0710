/**
 * POST /v1/payments/pay_now_url and the hosted page of a chosen set (CONTRACT.md §5 "Pay-now
 * page", §7.5): the link answers the refusals of POST /v1/payments and charges nothing; its page
 * shows exactly the set and takes a card; paying settles exactly that set once, oldest due first;
 * a decline, a stale page or a second submission records nothing.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { linkSigningKey, signedUrl } from "../src/account/signed-links";
import { bearer } from "./support/account";
import { download, formAction, formValue } from "./support/documents";
import { startHarness, type Harness } from "./support/harness";

type Invoice = { id: string; due_date: string; balance: string; status: string; currency: string };

let h: Harness;
let ada: string;
beforeAll(async () => {
  h = await startHarness("pay_now_sets");
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.reset();
  ada = await bearer(h, "ada@acme.test");
});

const cents = (x: string | number) => Math.round(Number(x) * 100);
const usd = (c: number) =>
  new Intl.NumberFormat("en", { style: "currency", currency: "USD" }).format(c / 100);

async function invoicesOf(customerId: string, where = "TRUE"): Promise<Invoice[]> {
  return h.sandbox.db.query<Invoice>(
    `SELECT id, to_char(due_date, 'YYYY-MM-DD') AS due_date, balance::text AS balance, status,
            currency
       FROM invoices WHERE customer_id = $1 AND ${where} ORDER BY due_date, id`,
    [customerId],
  );
}
const openOf = (customerId: string) =>
  invoicesOf(customerId, "status IN ('Posted', 'Partially paid') AND balance > 0");

/** What a refusal, a decline or a stale page must leave alone: payments, balances, statuses. */
async function ledger(customerId: string) {
  const [payments] = await h.sandbox.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM payments WHERE customer_id = $1",
    [customerId],
  );
  const invoices = await invoicesOf(customerId);
  return { payments: payments?.n, balances: invoices.map((i) => [i.id, i.balance, i.status]) };
}

const countSets = async () =>
  (await h.sandbox.db.query<{ n: number }>("SELECT count(*)::int AS n FROM pay_now_sets"))[0]?.n;

function payNowUrl(token: string | undefined, body: unknown) {
  return h.api<{ payNowUrl: string }>("POST", "/v1/payments/pay_now_url", {
    ...(token ? { token } : {}),
    body,
  });
}

async function linkFor(token: string, body: unknown): Promise<string> {
  const res = await payNowUrl(token, body);
  expect(res.status).toBe(200);
  return res.body.data.payNowUrl;
}

const GOOD_CARD = {
  holder_name: "Ada Lovelace",
  card_number: "4242 4242 4242 4242",
  expiry: "12 / 34",
  cvc: "123",
};

/** Posts a page's quote and these card fields to a URL. */
function post(url: string, html: string, card: Record<string, string> = GOOD_CARD) {
  return download(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ quote: formValue(html, "quote") ?? "", ...card }).toString(),
  });
}

/** Submits the page's form as a browser would. */
function submit(pageUrl: string, html: string, card: Record<string, string> = GOOD_CARD) {
  const action = formAction(html);
  if (!action) throw new Error("the page has no form");
  return post(new URL(action, pageUrl).toString(), html, card);
}

/** The attributes of the input with this id. */
function inputOf(html: string, id: string): Record<string, string> {
  const tag = new RegExp(`<input[^>]*\\sid="${id}"[^>]*>`).exec(html)?.[0];
  if (!tag) throw new Error(`no input #${id}`);
  return Object.fromEntries(
    [...tag.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].slice(1).map((m) => [m[1], m[2] ?? ""]),
  );
}

/** The invoice ids of the page's table rows, in order. */
const rowsOf = (html: string) =>
  [...html.matchAll(/<th scope="row">([^<]+)<\/th>/g)].map((m) => m[1]);

describe("POST /v1/payments/pay_now_url", () => {
  it("answers a signed link to a page of exactly the chosen invoices and their total", async () => {
    const open = await openOf("cus_acme_1001");
    expect(open.length).toBeGreaterThanOrEqual(3);
    const chosen = [open[2]!, open[0]!];
    const url = new URL(await linkFor(ada, { invoice_ids: chosen.map((i) => i.id) }));
    expect(url.origin).toBe(h.url);
    expect(url.pathname).toMatch(/^\/hosted\/pay-now\/cus_acme_1001\/sets\/pns_[\w-]{24}$/);
    expect(url.searchParams.get("signature")).toMatch(/^[\w-]{43}$/);
    expect(Number(url.searchParams.get("expires"))).toBe(Math.floor(h.now() / 1000) + 3600);
    // Another link for the same invoices is another set, with another unguessable id.
    const again = new URL(await linkFor(ada, { invoice_ids: chosen.map((i) => i.id) }));
    expect(again.pathname).not.toBe(url.pathname);

    const page = await download(url.toString());
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("form-action 'self'");
    expect(page.text).toContain("<h1>Pay Acme Water</h1>");
    expect(page.text).toContain("Ada Lovelace Engineering");
    // Exactly the set, oldest due first, with their balances; the other open invoice is absent.
    expect(rowsOf(page.text)).toEqual([open[0]!.id, open[2]!.id]);
    for (const i of chosen) expect(page.text).toContain(usd(cents(i.balance)));
    const total = cents(open[0]!.balance) + cents(open[2]!.balance);
    expect(page.text).toMatch(new RegExp(`Total: <strong>\\${usd(total)}</strong>`));
    expect(page.text).toContain(
      `<button type="submit" aria-describedby="total-due">Pay ${usd(total)}</button>`,
    );
    // The card form: labelled inputs with autocomplete.
    for (const [id, name, autocomplete] of [
      ["holder-name", "holder_name", "cc-name"],
      ["card-number", "card_number", "cc-number"],
      ["expiry", "expiry", "cc-exp"],
      ["cvc", "cvc", "cc-csc"],
    ] as const) {
      expect(page.text).toContain(`<label for="${id}">`);
      expect(inputOf(page.text, id)).toMatchObject({ name, autocomplete });
    }
    expect(page.text).toContain("Expiry date (MM / YY)");
  });

  it("without invoice_ids keeps every open invoice, as they were when the link was made", async () => {
    const open = await openOf("cus_acme_1001");
    const url = await linkFor(ada, {});
    const [set] = await h.sandbox.db.query<{ invoice_ids: string[]; amount: string | null }>(
      "SELECT invoice_ids, amount::text AS amount FROM pay_now_sets",
    );
    expect(set).toEqual({ invoice_ids: open.map((i) => i.id), amount: null });
    expect(rowsOf((await download(url)).text)).toEqual(open.map((i) => i.id));
  });

  it("answers the refusals of POST /v1/payments with the same codes, keeping no set", async () => {
    const open = await openOf("cus_acme_1001");
    const [paid] = await invoicesOf("cus_acme_1001", "status = 'Paid'");
    const [gina] = await invoicesOf("cus_globex_2001");
    const balance = open.reduce((sum, i) => sum + cents(i.balance), 0);
    const before = await ledger("cus_acme_1001");

    /** Both calls with one body: [status, errorCode] of the link, then of the payment. */
    const both = async (token: string | undefined, body: Record<string, unknown>, pm: string) => {
      const link = await payNowUrl(token, body);
      const payment = await h.api("POST", "/v1/payments", {
        ...(token ? { token } : {}),
        body: { ...body, payment_method_id: pm },
        headers: { "Idempotency-Key": randomBytes(12).toString("base64url") },
      });
      return [
        [link.status, link.body?.errorCode],
        [payment.status, payment.body?.errorCode],
      ];
    };
    const expectRefusal = async (
      token: string | undefined,
      body: Record<string, unknown>,
      status: number,
      errorCode: string | undefined,
      pm = "pm_seed_ada_visa",
    ) => {
      const [link, payment] = await both(token, body, pm);
      expect({ body, link }).toEqual({ body, link: [status, errorCode] });
      expect({ body, payment }).toEqual({ body, payment: link });
    };

    await expectRefusal(ada, { amount: 0 }, 422, "validation");
    await expectRefusal(ada, { amount: 1.234 }, 422, "validation");
    await expectRefusal(ada, { invoice_ids: [] }, 422, "validation");
    await expectRefusal(ada, { amount: (balance + 1) / 100 }, 400, "amount_above_balance");
    await expectRefusal(
      ada,
      { invoice_ids: [open[0]!.id], amount: 4.99 },
      400,
      "amount_below_minimum",
    );
    await expectRefusal(ada, { invoice_ids: [paid!.id] }, 400, "invoice_not_open");
    await expectRefusal(ada, { invoice_ids: [open[0]!.id, gina!.id] }, 404, "not_found");
    await expectRefusal(ada, { invoice_ids: ["INV-NOBODY"] }, 404, "not_found");
    await expectRefusal(undefined, {}, 401, "unauthorized");

    await h.sandbox.db.query(`UPDATE invoices SET currency = 'EUR' WHERE id = $1`, [open[1]!.id]);
    await expectRefusal(ada, { invoice_ids: [open[1]!.id, open[2]!.id] }, 400, "mixed_currencies");

    // Globex takes whole balances only.
    const ginaToken = await bearer(h, "gina@globex.test");
    const methods = await h.api<{ paymentMethods: { id: string; status: string }[] }>(
      "GET",
      "/v1/paymentMethods",
      { token: ginaToken },
    );
    const [ginaOpen] = await openOf("cus_globex_2001");
    const ginaMethod = methods.body.data.paymentMethods.find((m) => m.status === "verified")!.id;
    await expectRefusal(
      ginaToken,
      { invoice_ids: [ginaOpen!.id], amount: Math.floor(cents(ginaOpen!.balance) / 2) / 100 },
      400,
      "partial_payments_disabled",
      ginaMethod,
    );

    // Nothing due.
    const zero = await bearer(h, "zero@acme.test");
    expect(await payNowUrl(zero, {})).toMatchObject({
      status: 400,
      body: { errorCode: "nothing_to_pay" },
    });

    // A company whose billing API takes no such payments.
    await h.sandbox.db.query("UPDATE companies SET takes_payments = false WHERE id = 'acme'");
    await expectRefusal(ada, {}, 404, "not_found");

    expect(await countSets()).toBe(0);
    await h.sandbox.db.query(`UPDATE invoices SET currency = $2 WHERE id = $1`, [
      open[1]!.id,
      open[1]!.currency,
    ]);
    expect(await ledger("cus_acme_1001")).toEqual(before);
  });
});

describe("the hosted page of a set", () => {
  it("paying with 4242 settles exactly that set, oldest due first", async () => {
    const open = await openOf("cus_acme_1001");
    const chosen = [open[2]!, open[0]!];
    const before = await ledger("cus_acme_1001");
    const url = await linkFor(ada, { invoice_ids: chosen.map((i) => i.id) });
    const page = await download(url);

    const paid = await submit(url, page.text);
    expect(paid.status).toBe(200);
    expect(paid.text).toContain("<h1>Payment received</h1>");
    const total = cents(open[0]!.balance) + cents(open[2]!.balance);
    expect(paid.text).toContain(`${usd(total)} was paid to Acme Water`);
    expect(paid.text).toContain('href="http://localhost:3000/portal/dashboard"');
    const paymentId = /Payment <strong>(PAY-W[0-9A-F]{10})<\/strong>/.exec(paid.text)?.[1];
    expect(paymentId).toBeDefined();
    expect(rowsOf(paid.text)).toEqual([open[0]!.id, open[2]!.id]);

    const [payment] = await h.sandbox.db.query(
      `SELECT payment_method, payment_amount::text AS amount, applied_amount::text AS applied,
              status, currency, payment_method_id
         FROM payments WHERE id = $1`,
      [paymentId],
    );
    expect(payment).toEqual({
      payment_method: "Credit Card",
      amount: (total / 100).toFixed(2),
      applied: (total / 100).toFixed(2),
      status: "succeeded",
      currency: open[0]!.currency,
      payment_method_id: null,
    });
    const applications = await h.sandbox.db.query(
      `SELECT invoice_id, amount::text AS amount FROM payment_applications
        WHERE payment_id = $1 ORDER BY position`,
      [paymentId],
    );
    expect(applications).toEqual([
      { invoice_id: open[0]!.id, amount: open[0]!.balance },
      { invoice_id: open[2]!.id, amount: open[2]!.balance },
    ]);
    // Exactly the set: those two paid, every other invoice as it was.
    const after = await ledger("cus_acme_1001");
    expect(after.payments).toBe(before.payments! + 1);
    expect(after.balances).toEqual(
      before.balances.map(([id, balance, status]) =>
        id === open[0]!.id || id === open[2]!.id ? [id, "0.00", "Paid"] : [id, balance, status],
      ),
    );
  });

  it("an amount pays the oldest invoices first, the last one partly", async () => {
    const open = await openOf("cus_acme_1001");
    const half = Math.floor(cents(open[1]!.balance) / 2);
    const amount = cents(open[0]!.balance) + half;
    const url = await linkFor(ada, { amount: amount / 100 });
    const page = await download(url);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<th scope="col">Paying now</th>');
    expect(page.text).toContain(
      `<button type="submit" aria-describedby="total-due">Pay ${usd(amount)}</button>`,
    );

    const paid = await submit(url, page.text);
    expect(paid.status).toBe(200);
    const paymentId = /Payment <strong>(PAY-W[0-9A-F]{10})<\/strong>/.exec(paid.text)?.[1];
    const applications = await h.sandbox.db.query(
      `SELECT invoice_id, amount::text AS amount FROM payment_applications
        WHERE payment_id = $1 ORDER BY position`,
      [paymentId],
    );
    expect(applications).toEqual([
      { invoice_id: open[0]!.id, amount: open[0]!.balance },
      { invoice_id: open[1]!.id, amount: (half / 100).toFixed(2) },
    ]);
    const rest = ((cents(open[1]!.balance) - half) / 100).toFixed(2);
    const after = await invoicesOf(
      "cus_acme_1001",
      `id = ANY(ARRAY['${open[0]!.id}',
      '${open[1]!.id}', '${open[2]!.id}'])`,
    );
    expect(after.map((i) => [i.id, i.balance, i.status])).toEqual([
      [open[0]!.id, "0.00", "Paid"],
      [open[1]!.id, rest, "Partially paid"],
      [open[2]!.id, open[2]!.balance, open[2]!.status],
    ]);
  });

  it("shows the provider's reason for a declined card, keeps the name and expiry, records nothing", async () => {
    const [first] = await openOf("cus_acme_1001");
    const url = await linkFor(ada, { invoice_ids: [first!.id] });
    let page = (await download(url)).text;
    const before = await ledger("cus_acme_1001");
    const declines = [
      ["4000 0000 0000 0002", "Your card was declined."],
      ["4000 0000 0000 9995", "Your card has insufficient funds."],
      ["4000 0000 0000 0069", "Your card has expired."],
      ["4000 0000 0000 0127", "Your card&#39;s security code is incorrect."],
      ["4000 0000 0000 0341", "Your card was declined."],
    ] as const;
    for (const [number, reason] of declines) {
      const res = await submit(url, page, {
        ...GOOD_CARD,
        holder_name: "Ada Byron",
        card_number: number,
      });
      expect({ number, status: res.status }).toEqual({ number, status: 402 });
      expect(res.text).toContain(`<p class="alert" role="alert">${reason}</p>`);
      expect(inputOf(res.text, "holder-name").value).toBe("Ada Byron");
      expect(inputOf(res.text, "expiry").value).toBe("12 / 34");
      expect(inputOf(res.text, "card-number").value).toBe("");
      expect(inputOf(res.text, "cvc").value).toBe("");
      expect(await ledger("cus_acme_1001")).toEqual(before);
      page = res.text;
    }
    // The page shown after a decline still pays, once.
    expect((await submit(url, page)).status).toBe(200);
    expect((await ledger("cus_acme_1001")).payments).toBe(before.payments! + 1);
  });

  it("ties each field's error to its input and records nothing", async () => {
    const [first] = await openOf("cus_acme_1001");
    const url = await linkFor(ada, { invoice_ids: [first!.id] });
    const page = await download(url);
    const before = await ledger("cus_acme_1001");
    const res = await submit(url, page.text, {
      holder_name: " ",
      card_number: "4242 4242 4242 4241",
      expiry: "12 / 29",
      cvc: "12",
    });
    expect(res.status).toBe(400);
    expect(res.text).toContain('role="alert">Please correct the fields marked below.</p>');
    const errors = {
      "holder-name": "Enter the name on the card.",
      "card-number": "Your card number is invalid.",
      expiry: "Your card&#39;s expiration date is in the past.",
      cvc: "Your card&#39;s security code is incomplete.",
    };
    for (const [id, text] of Object.entries(errors)) {
      const attrs = inputOf(res.text, id);
      expect(attrs["aria-invalid"]).toBe("true");
      expect(attrs["aria-describedby"]?.split(" ")).toContain(`${id}-error`);
      expect(res.text).toContain(`<p class="field-error" id="${id}-error">${text}</p>`);
    }
    expect(await ledger("cus_acme_1001")).toEqual(before);
  });

  it("a second submission of the same form pays nothing, and the page says it is paid", async () => {
    const [first, second] = await openOf("cus_acme_1001");
    const url = await linkFor(ada, { invoice_ids: [first!.id, second!.id] });
    const page = await download(url);
    expect((await submit(url, page.text)).status).toBe(200);
    const paid = await ledger("cus_acme_1001");

    const again = await submit(url, page.text);
    expect(again.status).toBe(409);
    expect(again.text).toContain("have already been paid");
    expect(again.text).toContain("Nothing was charged.");
    expect(await ledger("cus_acme_1001")).toEqual(paid);

    const reopened = await download(url);
    expect(reopened.status).toBe(200);
    expect(reopened.text).toContain("<h1>Already paid</h1>");
    expect(formAction(reopened.text)).toBeNull();

    // Even were the invoices to owe what the form quoted again, the set is paid: nothing more.
    for (const i of [first!, second!]) {
      await h.sandbox.db.query("UPDATE invoices SET balance = $2, status = $3 WHERE id = $1", [
        i.id,
        i.balance,
        i.status,
      ]);
    }
    const reopenedBalances = await ledger("cus_acme_1001");
    const third = await submit(url, page.text);
    expect(third.status).toBe(409);
    expect(third.text).toContain("have already been paid");
    expect(await ledger("cus_acme_1001")).toEqual(reopenedBalances);
  });

  it("two submissions of one form at once make one payment", async () => {
    const open = await openOf("cus_acme_1001");
    const amount = cents(open[0]!.balance) + 500;
    const url = await linkFor(ada, { amount: amount / 100 });
    const page = await download(url);
    const before = await ledger("cus_acme_1001");
    const answers = await Promise.all([submit(url, page.text), submit(url, page.text)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await ledger("cus_acme_1001")).payments).toBe(before.payments! + 1);
  });

  it("a page whose amounts changed since it was shown pays nothing", async () => {
    const [first] = await openOf("cus_acme_1001");
    const url = await linkFor(ada, { invoice_ids: [first!.id] });
    const page = await download(url);
    await h.sandbox.db.query("UPDATE invoices SET balance = balance - 1 WHERE id = $1", [
      first!.id,
    ]);
    const before = await ledger("cus_acme_1001");
    const res = await submit(url, page.text);
    expect(res.status).toBe(409);
    expect(res.text).toContain("The amount due changed since this page was opened");
    expect(await ledger("cus_acme_1001")).toEqual(before);

    // Paid elsewhere meanwhile: the page says why it cannot pay, and records nothing.
    await h.sandbox.db.query("UPDATE invoices SET balance = 0, status = 'Paid' WHERE id = $1", [
      first!.id,
    ]);
    const closed = await download(url);
    expect(closed.status).toBe(409);
    expect(closed.text).toContain(`Invoice ${first!.id} is already paid. Nothing was charged.`);
    expect(formAction(closed.text)).toBeNull();
  });

  it("pays nothing for a forged quote, or the quote of another set", async () => {
    const [first, second] = await openOf("cus_acme_1001");
    const url = await linkFor(ada, { invoice_ids: [first!.id] });
    const page = await download(url);
    const otherUrl = await linkFor(ada, { invoice_ids: [second!.id] });
    const other = await download(otherUrl);
    const before = await ledger("cus_acme_1001");
    const action = new URL(formAction(page.text)!, url).toString();
    const quote = formValue(page.text, "quote")!;
    const [payload = "", mac = ""] = quote.split(".");
    const decoded = JSON.parse(Buffer.from(payload, "base64url").toString()) as { s: string };
    decoded.s = new URL(otherUrl).pathname.split("/").pop()!;
    const forged = `${Buffer.from(JSON.stringify(decoded)).toString("base64url")}.${mac}`;
    for (const bad of [forged, formValue(other.text, "quote")!, "", "garbage"]) {
      const res = await post(action, `name="quote" value="${bad}"`);
      expect(res.status).toBe(400);
      expect(res.text).toContain("This payment form is no longer valid. Nothing was charged.");
    }
    expect(await ledger("cus_acme_1001")).toEqual(before);
  });

  it("answers 403 to a bad or expired signature and 404 to another customer's set", async () => {
    const [first] = await openOf("cus_acme_1001");
    const url = await linkFor(ada, { invoice_ids: [first!.id] });
    const page = await download(url);
    const before = await ledger("cus_acme_1001");

    const forged = new URL(url);
    forged.searchParams.set("signature", `${forged.searchParams.get("signature")!.slice(0, -2)}AA`);
    expect((await download(forged.toString())).status).toBe(403);
    const moved = url.replace("cus_acme_1001", "cus_acme_1002");
    expect((await download(moved)).status).toBe(403);
    expect((await post(forged.toString(), page.text)).status).toBe(403);

    // A valid signature over another customer's path to this set: the set is not theirs.
    const setPath = new URL(url).pathname.replace("cus_acme_1001", "cus_acme_1002");
    const key = linkSigningKey(h.config.punchoutKey);
    const foreign = await download(signedUrl(key, h.url, setPath, h.now()));
    expect(foreign.status).toBe(404);

    h.advance(3601_000);
    const expired = await download(url);
    expect(expired.status).toBe(403);
    expect(expired.text).toContain("This link has expired");
    expect((await submit(url, page.text)).status).toBe(403);
    expect(await ledger("cus_acme_1001")).toEqual(before);
  });

  it("takes a CardConnect test card for a CardConnect company", async () => {
    const gina = await bearer(h, "gina@globex.test");
    const [first] = await openOf("cus_globex_2001");
    const url = await linkFor(gina, { invoice_ids: [first!.id] });
    const page = await download(url);
    expect(page.text).toContain("<code>4111 1111 1111 1111</code>");
    const res = await submit(url, page.text, { ...GOOD_CARD, card_number: "4111111111111111" });
    expect(res.status).toBe(200);
    expect(res.text).toContain('href="http://127.0.0.1:3000/portal/dashboard"');
    const [after] = await invoicesOf("cus_globex_2001", `id = '${first!.id}'`);
    expect([after!.balance, after!.status]).toEqual(["0.00", "Paid"]);
  });
});
