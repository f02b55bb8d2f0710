/**
 * Invoice and statement PDFs and attachments behind signed URLs: the /v1 calls that hand out the
 * links (scope, 400, 404), the files themselves read back with pdf-parse, and the signature rules
 * (missing, altered, moved to another path, expired → 403).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkSigningKey } from "../src/account/signed-links";
import { statementPdfUrl } from "../src/documents/links";
import { pdfFonts, STANDARD_FONTS } from "../src/documents/pdf/fonts";
import { loadInvoiceDocument, renderInvoicePdf } from "../src/documents/pdf/invoice";
import { startHarness, type Harness } from "./support/harness";
import { download, pdfText } from "./support/documents";
import { createFreshCustomer, FRESH, insertRows } from "./support/lists-fixtures";

let h: Harness;
let ada: string;
// Reading only: one reset for the file. FRESH gets hand-made rows whose figures are exact.
beforeAll(async () => {
  h = await startHarness("documents_pdf");
});
beforeAll(async () => {
  await h.reset();
  ada = (await h.login("ada@acme.test")).accessToken;
  const db = h.sandbox.db;
  await createFreshCustomer(db);
  await db.query("UPDATE customers SET name = $1 WHERE id = $2", [
    "山田太郎 — Zoë Müller Straße & Café",
    FRESH.customerId,
  ]);
  await insertRows(db, "invoices", [
    { id: "F-INV-1", invoice_date: "2029-11-20", invoice_amount: "100.00", balance: "0.00" },
    { id: "F-INV-2", invoice_date: "2029-12-05", invoice_amount: "250.50", status: "Posted" },
    { id: "F-INV-3", invoice_date: "2029-12-10", invoice_amount: "999.00", status: "Void" },
    { id: "F-INV-4", invoice_date: "2030-01-02", invoice_amount: "70.00", status: "Posted" },
    {
      id: "F-EUR-1",
      invoice_date: "2030-01-20",
      currency: "EUR",
      invoice_amount: "1234.50",
      balance: "1234.50",
      status: "Posted",
    },
  ]);
  await insertRows(db, "payments", [
    { id: "F-PAY-1", payment_date: "2029-11-25", payment_amount: "40.00" },
    { id: "F-PAY-2", payment_date: "2029-12-15", payment_amount: "60.00" },
    { id: "F-PAY-3", payment_date: "2029-12-16", payment_amount: "5.00", status: "failed" },
  ]);
  await insertRows(db, "statements", [{ id: "F-ST-1" }]);
  // A reset and a few inserts: seconds, except on a machine as loaded as a shared CI runner gets.
}, 60_000);
afterAll(async () => {
  await h?.close();
});

type Invoice = { id: string; invoice_amount: string; balance: string; status: string };

async function adaInvoice(status: string): Promise<Invoice> {
  const [row] = await h.sandbox.db.query<Invoice>(
    `SELECT id, invoice_amount::text AS invoice_amount, balance::text AS balance, status
       FROM invoices WHERE customer_id = 'cus_acme_1001' AND status = $1 ORDER BY id LIMIT 1`,
    [status],
  );
  if (!row) throw new Error(`ada has no ${status} invoice`);
  return row;
}

const usd = (v: string | number) =>
  new Intl.NumberFormat("en", { style: "currency", currency: "USD" }).format(Number(v));

async function pdfUrl(invoiceId: string, token = ada): Promise<string> {
  const res = await h.api<{ pdf_url: string }>(
    "GET",
    `/v1/invoices/getPdfUrl?invoice_id=${encodeURIComponent(invoiceId)}`,
    { token },
  );
  expect(res.status).toBe(200);
  return res.body.data.pdf_url;
}

describe("GET /v1/invoices/getPdfUrl", () => {
  it("answers a signed URL on the sandbox's own origin that serves the invoice as a PDF", async () => {
    const invoice = await adaInvoice("Posted");
    const url = await pdfUrl(invoice.id);
    const parsed = new URL(url);
    expect(parsed.origin).toBe(h.url);
    expect(parsed.pathname).toBe(`/files/invoices/${invoice.id}.pdf`);
    expect(parsed.searchParams.get("expires")).toMatch(/^\d+$/);
    expect(parsed.searchParams.get("signature")).toMatch(/^[\w-]{43}$/);

    const file = await download(url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toBe(
      `inline; filename="${invoice.id}.pdf"; filename*=UTF-8''${invoice.id}.pdf`,
    );
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    expect(file.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    const text = await pdfText(file.bytes);
    expect(text).toContain("Acme Water");
    expect(text).toContain("Ada Lovelace Engineering");
    expect(text).toContain(`Invoice ${invoice.id}`);
    expect(text).toContain("CUST-1001");
    expect(text).toContain(`Invoice total ${usd(invoice.invoice_amount)}`);
    expect(text).toContain(`Balance due ${usd(invoice.balance)}`);
    // Posted reads "Unpaid", as in the portal.
    expect(text).toMatch(/Status Unpaid/);
    expect(text).not.toContain("Posted");
    expect(text).toMatch(/Invoice date [A-Z][a-z]{2} \d{2}, \d{4}/);
  });

  it("lists the payments applied to a paid invoice and its zero balance", async () => {
    const invoice = await adaInvoice("Paid");
    const [application] = await h.sandbox.db.query<{ payment_id: string; amount: string }>(
      "SELECT payment_id, amount::text AS amount FROM payment_applications WHERE invoice_id = $1",
      [invoice.id],
    );
    const text = await pdfText((await download(await pdfUrl(invoice.id))).bytes);
    expect(text).toContain("Status Paid");
    expect(text).toContain(application?.payment_id);
    expect(text).toContain(usd(application?.amount ?? 0));
    expect(text).toContain(`Balance due ${usd(0)}`);
  });

  it("answers 400 without invoice_id and 404 for an unknown or another customer's invoice", async () => {
    const missing = await h.api("GET", "/v1/invoices/getPdfUrl", { token: ada });
    expect(missing.status).toBe(400);
    expect(missing.body.errorCode).toBe("validation");
    const unknown = await h.api("GET", "/v1/invoices/getPdfUrl?invoice_id=INV-999999", {
      token: ada,
    });
    expect(unknown.status).toBe(404);
    const [gina] = await h.sandbox.db.query<{ id: string }>(
      "SELECT id FROM invoices WHERE customer_id = 'cus_globex_2001' LIMIT 1",
    );
    const foreign = await h.api("GET", `/v1/invoices/getPdfUrl?invoice_id=${gina?.id}`, {
      token: ada,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.data).toBeNull();
  });

  it("answers 401 without a bearer", async () => {
    const res = await h.api("GET", "/v1/invoices/getPdfUrl?invoice_id=INV-000001");
    expect(res.status).toBe(401);
  });
});

describe("signed file URLs", () => {
  it("answer 403 when the signature is missing, altered or moved to another file", async () => {
    const invoice = await adaInvoice("Posted");
    const url = new URL(await pdfUrl(invoice.id));

    const bare = await download(`${url.origin}${url.pathname}`);
    expect(bare.status).toBe(403);
    expect(bare.headers.get("content-type")).toContain("text/html");
    expect(bare.text).toContain("This link is not valid");

    const altered = new URL(url);
    const sig = altered.searchParams.get("signature") ?? "";
    altered.searchParams.set("signature", `${sig[0] === "A" ? "B" : "A"}${sig.slice(1)}`);
    expect((await download(altered.toString())).status).toBe(403);

    const later = new URL(url);
    later.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 3600));
    expect((await download(later.toString())).status).toBe(403);

    const other = new URL(url);
    other.pathname = "/files/invoices/INV-000001.pdf";
    expect((await download(other.toString())).status).toBe(403);

    expect((await download(url.toString())).status).toBe(200);
  });

  it("answer 403 once the link has expired (one hour)", async () => {
    const url = await pdfUrl((await adaInvoice("Posted")).id);
    h.advance(3599_000);
    expect((await download(url)).status).toBe(200);
    h.advance(2_000);
    const expired = await download(url);
    expect(expired.status).toBe(403);
    expect(expired.text).toContain("This link has expired");
    // Back to the start, so ada's access token (15 minutes) serves the other tests.
    h.advance(-3601_000);
  });
});

describe("statement PDFs", () => {
  it("the statement list's url is a signed link to the statement's PDF with its period", async () => {
    const res = await h.api<{ statements: { id: string; url: string; start_date: string }[] }>(
      "GET",
      "/v1/statements?size=1&sort=statement_date%20desc",
      { token: ada },
    );
    expect(res.status).toBe(200);
    const [row] = res.body.data.statements;
    expect(row?.url).toMatch(new RegExp(`^${h.url}/files/statements/${row?.id}\\.pdf\\?expires=`));
    const file = await download(row?.url ?? "");
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    const text = await pdfText(file.bytes);
    expect(text).toContain(`Statement ${row?.id}`);
    expect(text).toContain("Ada Lovelace Engineering");
    // The seed's newest statement covers the month before the harness's 2030-01-15.
    expect(text).toContain("Period Dec 01, 2029 – Dec 31, 2029");
    expect(text).toMatch(/Opening balance -?\$[\d,]+\.\d{2}/);
    expect(text).toMatch(/Closing balance -?\$[\d,]+\.\d{2}/);
  });

  it("prints the opening and closing balances and the period's invoices and payments", async () => {
    // FRESH has no user to list its statements: sign the link as the list route does.
    const url = statementPdfUrl(
      { origin: h.url, key: linkSigningKey(h.config.punchoutKey), now: h.now() },
      "F-ST-1",
    );
    const text = await pdfText((await download(url)).bytes);
    // The name as printed on the statement row, not the customer's current name.
    expect(text).toContain("Customer Fresh Fixtures");
    expect(text).toContain("Period Dec 01, 2029 – Dec 31, 2029");
    // 100.00 invoiced − 40.00 paid before December.
    expect(text).toContain("Opening balance $60.00");
    expect(text).toContain("Invoices this period $250.50");
    expect(text).toContain("Payments this period -$60.00");
    expect(text).toContain("Closing balance $250.50");
    expect(text).toContain("F-INV-2");
    expect(text).toContain("Unpaid");
    expect(text).not.toContain("F-INV-1");
    expect(text).not.toContain("F-INV-3");
    expect(text).not.toContain("F-INV-4");
    expect(text).toContain("F-PAY-2");
    expect(text).not.toContain("F-PAY-3");
  });
});

describe("GET /v1/customers/account_detail", () => {
  it("invoice_pdf_url is the signed PDF of last_paid_invoice", async () => {
    const res = await h.api<{
      customerAccountDetails: { last_paid_invoice: string; invoice_pdf_url: string };
    }>("GET", "/v1/customers/account_detail", { token: ada });
    const detail = res.body.data.customerAccountDetails;
    expect(detail.invoice_pdf_url).toContain(`/files/invoices/${detail.last_paid_invoice}.pdf?`);
    const text = await pdfText((await download(detail.invoice_pdf_url)).bytes);
    expect(text).toContain(`Invoice ${detail.last_paid_invoice}`);
  });
});

describe("PDF text outside Latin-1", () => {
  async function nonLatinInvoice() {
    const doc = await loadInvoiceDocument(h.sandbox.db, "F-EUR-1");
    if (!doc) throw new Error("invoice missing");
    return doc;
  }

  const render = async (doc: PDFKit.PDFDocument) => {
    const chunks: Buffer[] = [];
    for await (const chunk of doc) chunks.push(chunk as Buffer);
    return pdfText(Buffer.concat(chunks));
  };

  it("prints € and Latin accents", async () => {
    const text = await render(renderInvoicePdf(await nonLatinInvoice(), h.now()));
    expect(text).toContain("Zoë Müller Straße & Café");
    expect(text).toContain("€1,234.50");
  });

  // CJK with the CJK font installed: documents-pdf-cjk.test.ts.
  it("without a CJK font, characters the font lacks become ? instead of failing", async () => {
    const fonts = { ...pdfFonts(), fallback: undefined };
    const text = await render(renderInvoicePdf(await nonLatinInvoice(), h.now(), fonts));
    expect(text).toContain("???? — Zoë Müller Straße & Café");
    expect(text).toContain("€1,234.50");
  });

  it("does the same with PDF's standard fonts, when the machine has no TrueType font", async () => {
    const text = await render(renderInvoicePdf(await nonLatinInvoice(), h.now(), STANDARD_FONTS));
    expect(text).toContain("???? — Zoë Müller Straße & Café");
    expect(text).toContain("€1,234.50");
  });
});

describe("GET /v1/download/download_attachments", () => {
  async function attachmentOf(customerId: string) {
    const [row] = await h.sandbox.db.query<{ id: string; att: string; name: string }>(
      `SELECT id, custom_fields->'contract_copy'->>'attachment_id' AS att,
              custom_fields->'contract_copy'->>'file_name' AS name
         FROM invoices WHERE customer_id = $1 AND custom_fields ? 'contract_copy'
        ORDER BY id LIMIT 1`,
      [customerId],
    );
    if (!row) throw new Error(`no attachment for ${customerId}`);
    return row;
  }

  it("answers { success, url } and the URL serves the attachment's file", async () => {
    const att = await attachmentOf("cus_acme_1001");
    const res = await h.api<{ success: boolean; url: string }>(
      "GET",
      `/v1/download/download_attachments?attachment_id=${att.att}`,
      { token: ada },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.success).toBe(true);
    expect(new URL(res.body.data.url).pathname).toBe(`/files/attachments/cus_acme_1001/${att.att}`);
    const file = await download(res.body.data.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toContain(`attachment; filename="${att.name}"`);
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    const text = await pdfText(file.bytes);
    expect(text).toContain(att.name);
    expect(text).toContain(`invoice ${att.id}`);
  });

  it("answers 404 for another customer's attachment and 400 without an id", async () => {
    const other = await attachmentOf("cus_acme_1002");
    const foreign = await h.api(
      "GET",
      `/v1/download/download_attachments?attachment_id=${other.att}`,
      {
        token: ada,
      },
    );
    expect(foreign.status).toBe(404);
    const missing = await h.api("GET", "/v1/download/download_attachments", { token: ada });
    expect(missing.status).toBe(400);
  });
});
