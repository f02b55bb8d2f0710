/**
 * The PDF drawer's thread (documents/pdf/drawer.ts): a document drawn there is the document
 * drawn in place; a document that cannot be drawn fails alone; a thread that is gone is started
 * again and fails only what it was drawing.
 */
import type { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { drawPdf, stopDrawer } from "../src/documents/pdf/drawer";
import { renderInvoicePdf, type InvoiceDocument } from "../src/documents/pdf/invoice";
import { pdfText } from "./support/documents";

const NOW = Date.parse("2030-02-01T15:00:00Z");

const invoice = (id: string, lines = 3): InvoiceDocument => ({
  id,
  customer_id: "cus_drawer",
  invoice_date: "2030-01-05",
  due_date: "2030-02-04",
  invoice_amount: "1234.50",
  balance: "234.50",
  status: "Posted",
  currency: "EUR",
  salesforce_id: null,
  customer_name: "Zoë Müller — 山田太郎",
  account_number: "A-77",
  company_name: "Drawer & Co",
  lines: Array.from({ length: lines }, (_, i) => ({
    date: "2030-01-03",
    description: `Water, line ${i + 1}`,
    quantity: String(i + 1),
    unit: "m³",
  })),
  moreLines: 0,
  payments: [{ id: "PAY-9", date: "2030-01-20", method: "Visa ····4242", amount: "1000.00" }],
});

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

describe("the PDF drawer's thread", () => {
  it("draws the same document as drawing it in place", async () => {
    const doc = invoice("INV-DRAWN", 120);
    const drawn = await bytesOf(drawPdf({ kind: "invoice", doc, now: NOW }));
    expect(drawn.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const inPlace = await bytesOf(renderInvoicePdf(doc, NOW));
    const text = await pdfText(drawn);
    expect(text).toBe(await pdfText(inPlace));
    expect(text).toContain("INV-DRAWN");
    expect(text).toContain("Water, line 120");
    expect(text).toContain("山田太郎");
  });

  it("fails a document that cannot be drawn alone: the ones around it are whole", async () => {
    const broken = { ...invoice("INV-BROKEN"), lines: null } as unknown as InvoiceDocument;
    const before = drawPdf({ kind: "invoice", doc: invoice("INV-BEFORE"), now: NOW });
    const failing = drawPdf({ kind: "invoice", doc: broken, now: NOW });
    const after = drawPdf({ kind: "invoice", doc: invoice("INV-AFTER"), now: NOW });
    await expect(bytesOf(failing)).rejects.toThrow(/drawing the PDF failed/);
    expect(await pdfText(await bytesOf(before))).toContain("INV-BEFORE");
    expect(await pdfText(await bytesOf(after))).toContain("INV-AFTER");
  });

  it("fails what a stopped thread was drawing and starts a new thread for the next", async () => {
    const cut = drawPdf({ kind: "invoice", doc: invoice("INV-CUT", 400), now: NOW });
    const failed = expect(bytesOf(cut)).rejects.toThrow(/PDF drawer stopped/);
    await stopDrawer();
    await failed;
    const next = await bytesOf(drawPdf({ kind: "invoice", doc: invoice("INV-NEXT"), now: NOW }));
    expect(await pdfText(next)).toContain("INV-NEXT");
  });
});
