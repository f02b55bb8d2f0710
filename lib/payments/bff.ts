// The browser's calls of paying chosen invoices: the BFF's routes under /api/payments
// (docs/CONTRACT.md §7.5).
import { apiFetch } from "@/lib/api-client";
import type { SignedUrl } from "@/lib/schemas/lists";
import type { MadePayment, PayQuote } from "@/lib/schemas/payments";
import type { PayBody, PaySelection } from "@/lib/schemas/payments-forms";

export const fetchPayQuote = (selection: PaySelection) =>
  apiFetch<PayQuote>("/api/payments/quote", { method: "POST", body: { selection } });

export const postPayment = (body: PayBody) =>
  apiFetch<{ payment: MadePayment }>("/api/payments", { method: "POST", body });

export const postHostedPayment = (body: { selection: PaySelection; amount?: number }) =>
  apiFetch<SignedUrl>("/api/payments/hosted", { method: "POST", body });

/** GET /api/payments/:id/receipt */
export const fetchReceiptUrl = (paymentId: string) =>
  apiFetch<SignedUrl>(`/api/payments/${encodeURIComponent(paymentId)}/receipt`);
