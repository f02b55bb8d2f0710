// What the browser needs from the portal's configuration to load the payment providers, handed
// from the server page (lib/config.ts is server-only) to the add-payment forms.
import type { PaymentMethod } from "@/lib/schemas/account";

export type ProviderSettings = {
  /** Where Stripe.js is loaded from (STRIPE_JS_URL). */
  stripeJsUrl: string;
  /** CARDCONNECT_TOKENIZER_ORIGIN, or null for https://{site}.cardconnect.com:{port}. */
  tokenizerOriginOverride: string | null;
};

/** The add-payment dialog's data: whose method it adds and how to reach the providers. */
export type AddPaymentDialogData = { customerId: string; providers: ProviderSettings };

/** What the add-payment dialog hands back: the saved method. */
export type AddPaymentDialogResult = PaymentMethod;
