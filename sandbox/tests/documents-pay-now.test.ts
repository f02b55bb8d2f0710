/**
 * GET /v1/payments/getPayNowUrl and the hosted pay-now page: it shows what is due, paying records
 * one succeeded payment applied to the open invoices and the balance drops to 0; paying twice, a
 * stale or forged form, or nothing due records nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./support/harness";
import { download, formAction, formValue } from "./support/documents";

let h: Harness;
beforeAll(async () => {
  h = await startHarness("documents_pay_now");
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.reset();
});

const usd = (v: number) =>
  new Intl.NumberFormat("en", { style: "currency", currency: "USD" }).format(v);

type Detail = { balance: number };

async function balance(token: string): Promise<number> {
  const res = await h.api<{ customerAccountDetails: Detail }>(
    "GET",
    "/v1/customers/account_detail",
    { token },
  );
  expect(res.status).toBe(200);
  return res.body.data.customerAccountDetails.balance;
}

async function payNowUrl(token: string): Promise<string> {
  const res = await h.api<{ payNowUrl: string }>("GET", "/v1/payments/getPayNowUrl", { token });
  expect(res.status).toBe(200);
  return res.body.data.payNowUrl;
}

/** Submits the page's form as a browser would. */
function submit(pageUrl: string, html: string, quote = formValue(html, "quote") ?? "") {
  const action = formAction(html);
  if (!action) throw new Error("the page has no form");
  return download(new URL(action, pageUrl).toString(), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ quote }).toString(),
  });
}

const countPayments = async (customerId: string) =>
  Number(
    (
      await h.sandbox.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM payments WHERE customer_id = $1",
        [customerId],
      )
    )[0]?.n,
  );

const openInvoices = (customerId: string) =>
  h.sandbox.db.query<{ id: string; balance: string }>(
    `SELECT id, balance::text AS balance FROM invoices
      WHERE customer_id = $1 AND status IN ('Posted', 'Partially paid') ORDER BY id`,
    [customerId],
  );

describe("GET /v1/payments/getPayNowUrl", () => {
  it("answers a signed link to the customer's hosted pay-now page", async () => {
    const { accessToken } = await h.login("ada@acme.test");
    const url = new URL(await payNowUrl(accessToken));
    expect(url.origin).toBe(h.url);
    expect(url.pathname).toBe("/hosted/pay-now/cus_acme_1001");
    expect(url.searchParams.get("signature")).toMatch(/^[\w-]{43}$/);
  });

  it("answers 401 without a bearer", async () => {
    expect((await h.api("GET", "/v1/payments/getPayNowUrl")).status).toBe(401);
  });
});

describe("the hosted pay-now page", () => {
  it("shows the open invoices and pays them: balance to 0, one payment applied to each", async () => {
    const { accessToken } = await h.login("ada@acme.test");
    const before = await balance(accessToken);
    expect(before).toBeGreaterThan(0);
    const open = await openInvoices("cus_acme_1001");
    expect(open.length).toBeGreaterThan(1);
    const payments = await countPayments("cus_acme_1001");

    // The portal adds cp_request=true: accepted and ignored.
    const pageUrl = `${await payNowUrl(accessToken)}&cp_request=true`;
    const page = await download(pageUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("content-security-policy")).toContain("form-action 'self'");
    expect(page.text).toContain("<h1>Pay Acme Water</h1>");
    expect(page.text).toContain("Ada Lovelace Engineering");
    for (const invoice of open) expect(page.text).toContain(`<th scope="row">${invoice.id}</th>`);
    expect(page.text).toContain(`Total due: <strong>${usd(before)}</strong>`);
    expect(page.text).toMatch(
      new RegExp(
        `<button type="submit" aria-describedby="total-due">Pay \\${usd(before)}</button>`,
      ),
    );

    const paid = await submit(pageUrl, page.text);
    expect(paid.status).toBe(200);
    expect(paid.text).toContain("<h1>Payment received</h1>");
    expect(paid.text).toContain(`${usd(before)} was paid to Acme Water`);
    expect(paid.text).toContain('href="http://localhost:3000/portal/dashboard"');

    expect(await balance(accessToken)).toBe(0);
    expect(await openInvoices("cus_acme_1001")).toEqual([]);
    expect(await countPayments("cus_acme_1001")).toBe(payments + 1);
    const [payment] = await h.sandbox.db.query<{
      id: string;
      payment_amount: string;
      applied_amount: string;
      status: string;
    }>(
      `SELECT id, payment_amount::text AS payment_amount, applied_amount::text AS applied_amount, status
         FROM payments WHERE customer_id = 'cus_acme_1001' AND id LIKE 'PAY-W%'`,
    );
    expect(payment?.status).toBe("succeeded");
    expect(Number(payment?.payment_amount)).toBeCloseTo(before, 2);
    expect(payment?.applied_amount).toBe(payment?.payment_amount);
    const applications = await h.sandbox.db.query<{ invoice_id: string; amount: string }>(
      "SELECT invoice_id, amount::text AS amount FROM payment_applications WHERE payment_id = $1 ORDER BY invoice_id",
      [payment?.id],
    );
    expect(applications).toEqual(open.map((i) => ({ invoice_id: i.id, amount: i.balance })));
    const statuses = await h.sandbox.db.query<{ status: string; balance: string }>(
      "SELECT DISTINCT status, balance::text AS balance FROM invoices WHERE id = ANY($1::text[])",
      [open.map((i) => i.id)],
    );
    expect(statuses).toEqual([{ status: "Paid", balance: "0.00" }]);

    // The payments list shows it, applied to those invoices.
    const list = await h.api<{ payments: { payments: { id: string; invoice_ids: string[] }[] } }>(
      "GET",
      `/v1/payments?filter_options[payments][0][payment_id]=${payment?.id}`,
      { token: accessToken },
    );
    expect(list.body.data.payments.payments[0]?.invoice_ids.slice().sort()).toEqual(
      open.map((i) => i.id),
    );
  });

  it("paying twice records nothing the second time and says so", async () => {
    const { accessToken } = await h.login("ada@acme.test");
    const pageUrl = await payNowUrl(accessToken);
    const page = await download(pageUrl);
    expect((await submit(pageUrl, page.text)).status).toBe(200);
    const payments = await countPayments("cus_acme_1001");

    const again = await submit(pageUrl, page.text);
    expect(again.status).toBe(409);
    expect(again.text).toContain("These invoices have already been paid. Nothing was charged.");
    expect(await countPayments("cus_acme_1001")).toBe(payments);

    const reopened = await download(pageUrl);
    expect(reopened.text).toContain("<h1>Nothing to pay</h1>");
    expect(formAction(reopened.text)).toBeNull();
  });

  it("with nothing due shows no form", async () => {
    const { accessToken } = await h.login("zero@acme.test");
    expect(await balance(accessToken)).toBe(0);
    const page = await download(await payNowUrl(accessToken));
    expect(page.status).toBe(200);
    expect(page.text).toContain("You have no open invoices.");
    expect(formAction(page.text)).toBeNull();
  });

  it("records nothing when the amount due changed since the page was shown", async () => {
    const { accessToken } = await h.login("ada@acme.test");
    const pageUrl = await payNowUrl(accessToken);
    const page = await download(pageUrl);
    const [first] = await openInvoices("cus_acme_1001");
    await h.sandbox.db.query("UPDATE invoices SET balance = balance - 1 WHERE id = $1", [
      first?.id,
    ]);
    const payments = await countPayments("cus_acme_1001");
    const res = await submit(pageUrl, page.text);
    expect(res.status).toBe(409);
    expect(res.text).toContain("The amount due changed since this page was opened");
    expect(await countPayments("cus_acme_1001")).toBe(payments);
    expect((await openInvoices("cus_acme_1001")).length).toBeGreaterThan(0);
  });

  it("records nothing for a forged or missing quote", async () => {
    const { accessToken } = await h.login("ada@acme.test");
    const pageUrl = await payNowUrl(accessToken);
    const page = await download(pageUrl);
    const quote = formValue(page.text, "quote") ?? "";
    const [payload = "", mac = ""] = quote.split(".");
    const decoded = JSON.parse(Buffer.from(payload, "base64url").toString()) as {
      l: [string, number, string][];
    };
    decoded.l = decoded.l.slice(0, 1).map(([id, , currency]) => [id, 1, currency]);
    const forged = `${Buffer.from(JSON.stringify(decoded)).toString("base64url")}.${mac}`;
    const payments = await countPayments("cus_acme_1001");

    for (const bad of [forged, "", "garbage"]) {
      const res = await submit(pageUrl, page.text, bad);
      expect(res.status).toBe(400);
      expect(res.text).toContain("Nothing was charged");
    }
    expect(await countPayments("cus_acme_1001")).toBe(payments);
  });

  it("a quote of one customer cannot pay on another customer's page", async () => {
    const ada = await h.login("ada@acme.test");
    const multi = await h.login("multi@acme.test");
    const adaPage = await download(await payNowUrl(ada.accessToken));
    const multiUrl = await payNowUrl(multi.accessToken);
    const multiPage = await download(multiUrl);
    const before = await countPayments("cus_acme_1001");
    const res = await submit(multiUrl, multiPage.text, formValue(adaPage.text, "quote") ?? "");
    expect(res.status).toBe(400);
    expect(await countPayments("cus_acme_1001")).toBe(before);
  });

  it("answers 403 to an altered or expired link, for GET and POST", async () => {
    const { accessToken } = await h.login("ada@acme.test");
    const pageUrl = await payNowUrl(accessToken);
    const page = await download(pageUrl);
    const other = pageUrl.replace("cus_acme_1001", "cus_acme_1002");
    expect((await download(other)).status).toBe(403);

    h.advance(3601_000);
    const expired = await download(pageUrl);
    expect(expired.status).toBe(403);
    expect(expired.text).toContain("This link has expired");
    const payments = await countPayments("cus_acme_1001");
    expect((await submit(pageUrl, page.text)).status).toBe(403);
    expect(await countPayments("cus_acme_1001")).toBe(payments);
  });
});
