// Which provider origins the account page's CSP allows (docs/SECURITY.md §8, §11): exactly those of the
// company's gateway. Pure; lib/security/account-csp.ts feeds it the gateway and the configuration.
import { tokenizerOrigin } from "@/lib/account/tokenizer";

export type ProviderOrigins = { script: string[]; frame: string[]; connect: string[] };

const STRIPE_JS = "https://js.stripe.com";
// Stripe's published CSP needs for Elements and createPaymentMethod.
const STRIPE: ProviderOrigins = {
  script: [STRIPE_JS],
  frame: [STRIPE_JS, "https://*.js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com"],
};

export type GatewayForCsp =
  { family: "stripe" } | { family: "cardconnect"; site: string | null; testMode: boolean };

/**
 * Stripe: Stripe's origins, or when Stripe.js comes from elsewhere (the sandbox's double, which
 * serves its card frame and API from the same origin) only that origin. CardConnect: the
 * tokenizer frame's origin, nothing else (the frame calls CardSecure itself).
 */
export function providerOrigins(
  gateway: GatewayForCsp,
  config: { stripeJsUrl: string; tokenizerOriginOverride: string | null },
): ProviderOrigins {
  if (gateway.family === "stripe") {
    const origin = new URL(config.stripeJsUrl).origin;
    if (origin === STRIPE_JS) return STRIPE;
    return { script: [origin], frame: [origin], connect: [origin] };
  }
  return {
    script: [],
    frame: [tokenizerOrigin(gateway, config.tokenizerOriginOverride)],
    connect: [],
  };
}

/** Whether a path is the account page, the only page that loads payment providers. */
export function usesPaymentProviders(pathname: string): boolean {
  return pathname === "/portal/account" || pathname === "/portal/account/";
}
