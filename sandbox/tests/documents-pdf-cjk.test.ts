/**
 * CJK text in the generated PDFs: set in the CJK fallback font (fonts-wqy-microhei, which `.ci/run`
 * installs) and readable back as text. The font is required, not optional: without it these tests
 * fail and say how to install it, rather than pass over "?" marks.
 */
import { existsSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { linkSigningKey } from "../src/account/signed-links";
import { statementPdfUrl } from "../src/documents/links";
import { renderAttachmentPdf } from "../src/documents/pdf/attachment";
import { CJK_FONT, cjkFont, pdfFonts, STANDARD_FONTS } from "../src/documents/pdf/fonts";
import { loadInvoiceDocument, renderInvoicePdf } from "../src/documents/pdf/invoice";
import { download, pdfText } from "./support/documents";
import { startHarness, type Harness } from "./support/harness";

const USAGE = "データ転送量（東京リージョン）";
const NAME = "山田太郎 — Zoë Müller Straße & Café";

let h: Harness;
let ada: string;
// Checked before each test, so that every one of them counts as failed (not skipped) without it.
beforeEach(() => {
  expect(
    existsSync(CJK_FONT.path),
    `The CJK font ${CJK_FONT.path} is missing: install it with ` +
      `\`apt-get install ${CJK_FONT.apt}\` (.ci/run does on CI).`,
  ).toBe(true);
});
beforeAll(async () => {
  h = await startHarness("documents_pdf_cjk");
  await h.reset();
  ada = (await h.login("ada@acme.test")).accessToken;
  // A reset and a sign-in: seconds, except on a machine as loaded as a shared CI runner gets.
}, 60_000);
afterAll(async () => {
  await h?.close();
});

async function bytesOf(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of doc) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The PDF embeds a subset of the CJK font (pdfkit names it "XXXXXX+<PostScript name>"). */
const embedsCjkFont = (pdf: Buffer) =>
  new RegExp(`/BaseFont /[A-Z]{6}\\+${CJK_FONT.face}\\b`).test(pdf.toString("latin1"));

/** One of ada's invoices with the Japanese usage line billed on it. */
async function invoiceWithJapaneseUsage(): Promise<string> {
  const [row] = await h.sandbox.db.query<{ invoice_id: string }>(
    `SELECT invoice_id FROM usages
      WHERE customer_id = 'cus_acme_1001' AND description = $1 AND invoice_id IS NOT NULL
      ORDER BY invoice_id LIMIT 1`,
    [USAGE],
  );
  if (!row) throw new Error("the seed bills no Japanese usage line on ada's invoices");
  return row.invoice_id;
}

describe("CJK text in PDFs", () => {
  it("uses the installed CJK font as the documents' fallback", () => {
    expect(cjkFont()?.postscriptName).toBe(CJK_FONT.face);
    expect(pdfFonts().fallback).toBe(cjkFont());
  });

  it("an invoice served by its signed URL prints the Japanese usage line as text", async () => {
    const invoiceId = await invoiceWithJapaneseUsage();
    const res = await h.api<{ pdf_url: string }>(
      "GET",
      `/v1/invoices/getPdfUrl?invoice_id=${invoiceId}`,
      { token: ada },
    );
    expect(res.status).toBe(200);
    const file = await download(res.body.data.pdf_url);
    expect(file.status).toBe(200);
    const text = await pdfText(file.bytes);
    expect(text).toContain(USAGE);
    expect(text).not.toContain("???");
    expect(embedsCjkFont(file.bytes)).toBe(true);
  });

  it("sets a name mixing Japanese and Latin in both fonts, in order, bold included", async () => {
    const doc = await loadInvoiceDocument(h.sandbox.db, await invoiceWithJapaneseUsage());
    if (!doc) throw new Error("invoice missing");
    const pdf = await bytesOf(renderInvoicePdf({ ...doc, customer_name: NAME }, h.now()));
    expect(await pdfText(pdf)).toContain(`Bill to ${NAME}`);
    expect(embedsCjkFont(pdf)).toBe(true);
  });

  it("falls back to the CJK font from PDF's standard fonts too", async () => {
    const doc = await loadInvoiceDocument(h.sandbox.db, await invoiceWithJapaneseUsage());
    if (!doc) throw new Error("invoice missing");
    const fonts = { ...STANDARD_FONTS, fallback: cjkFont() };
    const text = await pdfText(
      await bytesOf(renderInvoicePdf({ ...doc, customer_name: NAME }, h.now(), fonts)),
    );
    expect(text).toContain(`Bill to ${NAME}`);
    expect(text).toContain(USAGE);
  });

  it("prints a statement's Japanese customer name", async () => {
    const [statement] = await h.sandbox.db.query<{ id: string }>(
      "SELECT id FROM statements WHERE customer_id = 'cus_acme_1001' ORDER BY id LIMIT 1",
    );
    if (!statement) throw new Error("ada has no statement");
    await h.sandbox.db.query("UPDATE statements SET customer_name = $1 WHERE id = $2", [
      "東京オフィス 山田太郎",
      statement.id,
    ]);
    const url = statementPdfUrl(
      { origin: h.url, key: linkSigningKey(h.config.punchoutKey), now: h.now() },
      statement.id,
    );
    const file = await download(url);
    expect(file.status).toBe(200);
    expect(await pdfText(file.bytes)).toContain("Customer 東京オフィス 山田太郎");
  });

  it("prints an attachment's Japanese file name and field label", async () => {
    const pdf = await bytesOf(
      renderAttachmentPdf(
        {
          attachmentId: "att_1",
          fileName: "請求書の控え.pdf",
          module: "invoices",
          rowId: "INV-000001",
          fieldLabel: "契約書",
          customerName: "山田太郎",
          companyName: "Acme Water",
        },
        "2030-01-15",
      ),
    );
    const text = await pdfText(pdf);
    expect(text).toContain("契約書: 請求書の控え.pdf");
    expect(text).toContain("of 山田太郎 (Acme Water)");
  });

  it("still prints ? for a character no installed font can draw", async () => {
    const doc = await loadInvoiceDocument(h.sandbox.db, await invoiceWithJapaneseUsage());
    if (!doc) throw new Error("invoice missing");
    // An Egyptian hieroglyph: in neither DejaVu, Liberation nor WenQuanYi.
    const pdf = await bytesOf(renderInvoicePdf({ ...doc, customer_name: "山田 𓀀 Zoë" }, h.now()));
    expect(await pdfText(pdf)).toContain("Bill to 山田 ? Zoë");
  });
});
