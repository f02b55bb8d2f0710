/** Links to payment receipts: a signed, expiring /files/receipts/ URL per payment (CONTRACT.md §5). */
import { Hono } from "hono";
import { paymentIdQuery } from "@billing-portal/contract/wire/payments";
import { fileLinks, signFile } from "../../documents/links";
import { customerHasPayment, receiptPdfPath } from "../../documents/pdf/receipt";
import type { SandboxEnv } from "../../env";
import { notFound } from "../../http";
import { invalid, parse400 } from "../../lists/decode";
import { requireCustomer } from "../../middleware/auth";
import { paymentSettings } from "../../payments/create";
import { envelope } from "../../respond";

export const receiptRoutes = new Hono<SandboxEnv>();

// GET /v1/payments/getReceiptUrl?payment_id= – { receipt_url } of one of the customer's payments; else 404
receiptRoutes.get("/payments/getReceiptUrl", requireCustomer, async (c) => {
  const { app } = c.var;
  // Optional with POST /v1/payments (CONTRACT.md §7.5): a company that takes no payments has neither.
  await paymentSettings(app.db, c.var.user.company_id);
  // Blank reads as missing, as getPdfUrl's invoice_id does; the contract's schema checks the rest.
  const given = c.req.query("payment_id")?.trim();
  if (!given) throw invalid("payment_id: is required");
  const paymentId = parse400(paymentIdQuery, { payment_id: given }).payment_id;
  if (!(await customerHasPayment(app.db, c.var.customerId, paymentId))) {
    throw notFound("No such payment");
  }
  return envelope(c, { receipt_url: signFile(fileLinks(c, app), receiptPdfPath(paymentId)) });
});
