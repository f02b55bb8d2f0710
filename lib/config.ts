import "server-only";
import { z } from "zod";

// The portal's configuration from the environment, parsed once with zod (docs/CONVENTIONS.md 26). It holds
// the payment providers' addresses so far; other settings still read their own variables and
// should move here.

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });

const schema = z.object({
  /**
   * Where Stripe.js is loaded from: Stripe's own in production (the release train
   * @stripe/stripe-js 10 expects; move both together), the sandbox's double in demo and tests.
   */
  STRIPE_JS_URL: httpUrl.default("https://js.stripe.com/endive/stripe.js"),
  /** Replaces https://{site}.cardconnect.com:{port} as the tokenizer's origin (the sandbox's double). */
  CARDCONNECT_TOKENIZER_ORIGIN: httpUrl.optional().transform((v) => (v ? new URL(v).origin : null)),
});

export type PortalEnv = {
  stripeJsUrl: string;
  /** null: the real tokenizer of the company's CardConnect site. */
  tokenizerOriginOverride: string | null;
};

let parsed: PortalEnv | undefined;

/** The portal's environment settings; a bad value stops with a message naming the variable. */
export function portalEnv(): PortalEnv {
  if (parsed) return parsed;
  const result = schema.safeParse({
    STRIPE_JS_URL: process.env.STRIPE_JS_URL || undefined,
    CARDCONNECT_TOKENIZER_ORIGIN: process.env.CARDCONNECT_TOKENIZER_ORIGIN || undefined,
  });
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`Invalid ${String(issue?.path[0] ?? "setting")}: ${issue?.message ?? ""}`);
  }
  parsed = {
    stripeJsUrl: result.data.STRIPE_JS_URL,
    tokenizerOriginOverride: result.data.CARDCONNECT_TOKENIZER_ORIGIN,
  };
  return parsed;
}

/** Test hook: read the environment again. */
export function resetPortalEnv(): void {
  parsed = undefined;
}
