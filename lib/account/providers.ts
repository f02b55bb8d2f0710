// What the browser needs from the portal's configuration to load the payment providers, handed
// from the server page (lib/config.ts is server-only) to the add-payment forms.
import type { StripeElementLocale } from "@stripe/stripe-js";
import { isLocale, type Locale } from "@/lib/i18n/locales";
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

// Stripe Elements names Simplified Chinese "zh" (it has no "zh-CN"); the rest are Stripe's own tags.
const STRIPE_LOCALES: Readonly<Record<Locale, StripeElementLocale>> = {
  en: "en",
  es: "es",
  fr: "fr",
  de: "de",
  it: "it",
  "pt-BR": "pt-BR",
  nl: "nl",
  ja: "ja",
  "zh-CN": "zh",
  ar: "ar",
};

/** The locale Stripe's card and bank fields are told for the page's language. */
export function stripeLocale(locale: string): StripeElementLocale {
  return isLocale(locale) ? STRIPE_LOCALES[locale] : "auto";
}
