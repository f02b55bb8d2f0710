/**
 * Payment receipts: GET /v1/payments/getReceiptUrl hands out a signed link to a payment's receipt
 * PDF. The PDF is read back with poppler's pdftotext (its layout kept, so a table row stays one
 * line), and its allocations and totals must equal, to the cent, what the payments list says.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDay } from "../src/documents/display";
import { download } from "./support/documents";
import { startHarness, type Harness } from "./support/harness";

const run = promisify(execFile);

let h: Harness;
let ada: string;
// Reading only, except the last test of the file: one reset for the file.
beforeAll(async () => {
  h = await startHarness("payment_receipts");
  await h.reset();
  ada = (await h.login("ada@acme.test")).accessToken;
}, 60_000);
afterAll(async () => {
  await h?.close();
});

/** A row of GET /v1/payments, as the list answers it. */
type PaymentRow = {
  id: string;
  payment_date: string;
  payment_method: string;
  payment_amount: number;
  status: string;
  invoice_ids: string[];
  invoice_totals: number[];
  applied_amount: number;
  unapplied_amount: number;
  refunded_amount: number;
  currency: string;
};

/** Every payment of the user's customer (ada: 80 in the seed), from the payments list itself. */
async function listedPayments(token = ada): Promise<PaymentRow[]> {
  const res = await h.api<{ payments: { payments: PaymentRow[]; total: number } }>(
    "GET",
    "/v1/payments?size=100&sort=id%20asc",
    { token },
  );
  expect(res.status).toBe(200);
  const { payments, total } = res.body.data.payments;
  expect(payments).toHaveLength(total);
  return payments;
}

/** The payment applied to the most invoices (several: the seed settles 1–4 per payment). */
async function multiInvoicePayment(token = ada, atLeast = 3): Promise<PaymentRow> {
  const rows = (await listedPayments(token)).filter((p) => p.status === "succeeded");
  const [most] = rows.sort((a, b) => b.invoice_ids.length - a.invoice_ids.length);
  if (!most || most.invoice_ids.length < atLeast) {
    throw new Error(`no payment applies to ${atLeast}+ invoices`);
  }
  return most;
}

async function paymentOf(status: string): Promise<PaymentRow> {
  const row = (await listedPayments()).find((p) => p.status === status);
  if (!row) throw new Error(`ada has no ${status} payment`);
  return row;
}

async function receiptUrl(paymentId: string, token = ada): Promise<string> {
  const res = await h.api<{ receipt_url: string }>(
    "GET",
    `/v1/payments/getReceiptUrl?payment_id=${encodeURIComponent(paymentId)}`,
    { token },
  );
  expect(res.status).toBe(200);
  return res.body.data.receipt_url;
}

/** The PDF's text as poppler's pdftotext reads it, columns kept on their lines (`-layout`). */
async function pdftotext(bytes: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "receipt-"));
  const file = path.join(dir, "receipt.pdf");
  try {
    await writeFile(file, bytes);
    const { stdout } = await run("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"]);
    return stdout;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") {
      throw new Error("pdftotext not found: install poppler-utils (apt-get install poppler-utils)");
    }
    throw err;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function receiptText(paymentId: string, token = ada): Promise<string> {
  const file = await download(await receiptUrl(paymentId, token));
  expect(file.status).toBe(200);
  return pdftotext(file.bytes);
}

/** Printed money (`$1,234.50`, `-$5.00`, `CA$5.00`) in cents. */
function cents(printed: string): number {
  const negative = printed.includes("-");
  const value = Math.round(Number(printed.replace(/[^\d.]/g, "")) * 100);
  return negative ? -value : value;
}

const inCurrency = (currency: string) => (v: number) =>
  new Intl.NumberFormat("en", { style: "currency", currency }).format(v);
const usd = inCurrency("USD");

/** The value printed after a label (`Total paid     $120.00` → `$120.00`). */
function valueAfter(text: string, label: string): string {
  const match = new RegExp(`^\\s*${label}\\s{2,}(.+?)\\s*$`, "m").exec(text);
  if (!match?.[1]) throw new Error(`"${label}" is not printed:\n${text}`);
  return match[1];
}

/** The allocation rows: invoice id, invoice date, invoice total, amount applied on one line. */
function allocationRows(text: string): { invoiceId: string; applied: string }[] {
  const row = /^\s*(\S+)\s{2,}[A-Z][a-z]{2} \d{2}, \d{4}\s{2,}\S+\s{2,}(\S+)\s*$/gm;
  return [...text.matchAll(row)].map((m) => ({ invoiceId: m[1] ?? "", applied: m[2] ?? "" }));
}

describe("GET /v1/payments/getReceiptUrl", () => {
  it("answers a signed link on the sandbox's own origin that serves the receipt as a PDF", async () => {
    const payment = await multiInvoicePayment();
    const url = new URL(await receiptUrl(payment.id));
    expect(url.origin).toBe(h.url);
    expect(url.pathname).toBe(`/files/receipts/${payment.id}.pdf`);
    expect(url.searchParams.get("expires")).toBe(String(Math.floor(h.now() / 1000) + 3600));
    expect(url.searchParams.get("signature")).toMatch(/^[\w-]{43}$/);

    const file = await download(url.toString());
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toBe(
      `inline; filename="receipt-${payment.id}.pdf"; filename*=UTF-8''receipt-${payment.id}.pdf`,
    );
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    expect(file.headers.get("referrer-policy")).toBe("no-referrer");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  it("prints every invoice the payment applies to and the totals, to the cent, as the payments list says", async () => {
    const payment = await multiInvoicePayment();
    const text = await receiptText(payment.id);

    expect(text).toContain("Acme Water");
    expect(text).toContain(`Receipt ${payment.id}`);
    expect(valueAfter(text, "Received from")).toBe("Ada Lovelace Engineering");
    expect(valueAfter(text, "Account number")).toBe("CUST-1001");
    expect(valueAfter(text, "Payment date")).toBe(formatDay(payment.payment_date));
    expect(valueAfter(text, "Payment method")).toBe(payment.payment_method);
    expect(valueAfter(text, "Status")).toBe("Succeeded");
    expect(text).toContain(`Currency: ${payment.currency}`);

    // The allocations, in the list's order, each amount to the cent and printed as money.
    const rows = allocationRows(text);
    expect(rows.map((r) => r.invoiceId)).toEqual(payment.invoice_ids);
    expect(rows.map((r) => cents(r.applied))).toEqual(payment.invoice_totals);
    expect(rows.map((r) => r.applied)).toEqual(payment.invoice_totals.map((t) => usd(t / 100)));

    const paid = valueAfter(text, "Total paid");
    expect(cents(paid)).toBe(Math.round(payment.payment_amount * 100));
    expect(paid).toBe(usd(payment.payment_amount));
    const applied = cents(valueAfter(text, "Applied to invoices"));
    expect(applied).toBe(Math.round(payment.applied_amount * 100));
    expect(applied).toBe(payment.invoice_totals.reduce((sum, t) => sum + t, 0));
    expect(cents(valueAfter(text, "Unapplied"))).toBe(Math.round(payment.unapplied_amount * 100));
    expect(applied + cents(valueAfter(text, "Unapplied"))).toBe(cents(paid));
    // Nothing refunded: no refund line.
    expect(text).not.toMatch(/^\s*Refunded\s/m);
  });

  it("prints a payment in Canadian dollars in its own currency, to the cent", async () => {
    const gina = (await h.login("gina@globex.test")).accessToken;
    const payment = await multiInvoicePayment(gina, 2);
    expect(payment.currency).toBe("CAD");
    const cad = inCurrency("CAD");
    const text = await receiptText(payment.id, gina);
    expect(text).toContain("Globex Energy");
    expect(text).toContain("Currency: CAD");
    const rows = allocationRows(text);
    expect(rows.map((r) => r.invoiceId)).toEqual(payment.invoice_ids);
    expect(rows.map((r) => r.applied)).toEqual(payment.invoice_totals.map((t) => cad(t / 100)));
    expect(valueAfter(text, "Total paid")).toBe(cad(payment.payment_amount));
    expect(valueAfter(text, "Total paid")).toMatch(/^CA\$/);
  });

  it("states plainly that a failed payment charged nothing", async () => {
    const payment = await paymentOf("failed");
    const text = await receiptText(payment.id);
    expect(valueAfter(text, "Status")).toBe("Failed — nothing was charged");
    expect(text).toContain("This payment failed: nothing was charged");
    expect(valueAfter(text, "Amount attempted")).toBe(usd(payment.payment_amount));
    expect(valueAfter(text, "Total paid")).toBe(usd(0));
    expect(allocationRows(text)).toEqual([]);
    expect(text).toContain("This payment is not applied to any invoice.");
  });

  it("shows a refunded payment's refund", async () => {
    const payment = await paymentOf("refunded");
    expect(payment.refunded_amount).toBeGreaterThan(0);
    const text = await receiptText(payment.id);
    const refunded = usd(payment.refunded_amount);
    expect(valueAfter(text, "Status")).toBe(`Refunded — ${refunded} returned`);
    expect(valueAfter(text, "Total paid")).toBe(usd(payment.payment_amount));
    expect(valueAfter(text, "Refunded")).toBe(`-${refunded}`);
  });

  it("answers 404 for another customer's payment and for an unknown one", async () => {
    const others = await h.sandbox.db.query<{ id: string }>(
      `SELECT DISTINCT ON (customer_id) id FROM payments
        WHERE customer_id IN ('cus_acme_1002', 'cus_globex_2001') ORDER BY customer_id, id`,
    );
    expect(others).toHaveLength(2);
    for (const { id } of [...others, { id: "PAY-999999" }]) {
      const res = await h.api("GET", `/v1/payments/getReceiptUrl?payment_id=${id}`, {
        token: ada,
      });
      expect(res.status, id).toBe(404);
      expect(res.body.errorCode).toBe("not_found");
      expect(res.body.data).toBeNull();
    }
  });

  it("answers 400 validation without payment_id, with a blank one or an overlong one", async () => {
    for (const query of ["", "?payment_id=", "?payment_id=%20%20", "?other=PAY-000001"]) {
      const res = await h.api("GET", `/v1/payments/getReceiptUrl${query}`, { token: ada });
      expect(res.status, query).toBe(400);
      expect(res.body.errorCode).toBe("validation");
      expect(res.body.error).toBe("payment_id: is required");
    }
    const long = await h.api("GET", `/v1/payments/getReceiptUrl?payment_id=${"P".repeat(201)}`, {
      token: ada,
    });
    expect(long.status).toBe(400);
    expect(long.body.errorCode).toBe("validation");
  });

  it("answers 404 when the company takes no payments (the operation is optional)", async () => {
    const payment = await multiInvoicePayment();
    const path = `/v1/payments/getReceiptUrl?payment_id=${payment.id}`;
    await h.sandbox.db.query("UPDATE companies SET takes_payments = false WHERE id = 'acme'");
    try {
      const res = await h.api("GET", path, { token: ada });
      expect(res.status).toBe(404);
      expect(res.body.errorCode).toBe("not_found");
    } finally {
      await h.sandbox.db.query("UPDATE companies SET takes_payments = true WHERE id = 'acme'");
    }
    expect((await h.api("GET", path, { token: ada })).status).toBe(200);
  });

  it("answers 401 without a bearer", async () => {
    const res = await h.api("GET", "/v1/payments/getReceiptUrl?payment_id=PAY-000001");
    expect(res.status).toBe(401);
  });
});

describe("GET /files/receipts/:file", () => {
  it("answers 403 when the signature is missing, altered, moved to another payment or expired", async () => {
    const payment = await multiInvoicePayment();
    const url = new URL(await receiptUrl(payment.id));

    const bare = await download(`${url.origin}${url.pathname}`);
    expect(bare.status).toBe(403);
    expect(bare.headers.get("content-type")).toContain("text/html");
    expect(bare.text).toContain("This link is not valid");

    const altered = new URL(url);
    const sig = altered.searchParams.get("signature") ?? "";
    altered.searchParams.set("signature", `${sig[0] === "A" ? "B" : "A"}${sig.slice(1)}`);
    const refused = await download(altered.toString());
    expect(refused.status).toBe(403);
    expect(refused.bytes.subarray(0, 5).toString("latin1")).not.toBe("%PDF-");

    const later = new URL(url);
    later.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 3600));
    expect((await download(later.toString())).status).toBe(403);

    const other = new URL(url);
    other.pathname = `/files/receipts/${(await paymentOf("failed")).id}.pdf`;
    expect((await download(other.toString())).status).toBe(403);

    const invoice = new URL(url);
    invoice.pathname = `/files/invoices/${payment.invoice_ids[0]}.pdf`;
    expect((await download(invoice.toString())).status).toBe(403);

    expect((await download(url.toString())).status).toBe(200);
    h.advance(3601_000);
    const expired = await download(url.toString());
    expect(expired.status).toBe(403);
    expect(expired.text).toContain("This link has expired");
    h.advance(-3601_000);
  });

  // Last: it deletes a payment.
  it("answers 404 for a valid link to a payment that no longer exists", async () => {
    const payment = await paymentOf("pending");
    const url = await receiptUrl(payment.id);
    await h.sandbox.db.query("DELETE FROM payments WHERE id = $1", [payment.id]);
    const gone = await download(url);
    expect(gone.status).toBe(404);
    expect(gone.text).toContain("This payment no longer exists");
  });
});
