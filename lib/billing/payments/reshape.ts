import "server-only";
import { parseDto } from "@/lib/billing/dto";
import { safeUpstreamUrl } from "@/lib/safe-url";
import type { SignedUrl } from "@/lib/schemas/lists";
import type { MadePayment } from "@/lib/schemas/payments";
import { createdPaymentDto, payNowUrlDto, receiptUrlDto } from "./wire";

// /v1/payments answers into the app's shapes (lib/schemas/payments.ts); a shape we do not
// understand is a 502 (parseDto).

export function reshapeMadePayment(data: unknown): MadePayment {
  const p = parseDto(createdPaymentDto, data, "payment");
  return {
    id: p.id,
    paymentDate: p.payment_date,
    amount: p.amount,
    currency: p.currency.toUpperCase(),
    paymentMethod: p.payment_method,
    allocations: p.allocations.map((a) => ({
      invoiceId: a.invoice_id,
      amount: a.amount,
      balanceAfter: a.balance_after,
    })),
  };
}

/** The hosted page's link, kept only when safe to open (https, or the billing API's origin). */
export function reshapeSignedUrl(data: unknown, origin: string): string {
  const url = safeUpstreamUrl(parseDto(payNowUrlDto, data, "pay-now link").payNowUrl, origin);
  if (!url) throw new Error("unsafe pay-now link");
  return url;
}

/** GET /v1/payments/getReceiptUrl `data` → the receipt's link (null when unsafe to open). */
export function reshapeReceiptUrl(data: unknown, origin: string): SignedUrl {
  return {
    url: safeUpstreamUrl(parseDto(receiptUrlDto, data, "receipt link").receipt_url, origin),
  };
}
