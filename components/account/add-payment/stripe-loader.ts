"use client";

import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";

// One way to reach Stripe.js, whatever serves it: the configured script (Stripe's own in
// production, the sandbox's double in demo and tests) is appended first, then @stripe/stripe-js's
// loadStripe finds window.Stripe and builds the instance. Loaded once per page, on first use.

let current: { key: string; promise: Promise<Stripe | null> } | null = null;

function appendScript(src: string): Promise<void> {
  if (window.Stripe) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      reject(new Error("Stripe.js could not be loaded"));
    };
    document.head.appendChild(script);
  });
}

/** Stripe for a company's publishable key (and connected account); a failed load can be tried again. */
export function loadStripeOnce(
  scriptUrl: string,
  apiKey: string,
  accountId: string | null,
): Promise<Stripe | null> {
  const key = `${scriptUrl}|${apiKey}|${accountId ?? ""}`;
  if (current?.key === key) return current.promise;
  const promise = appendScript(scriptUrl).then(() =>
    loadStripe(apiKey, accountId ? { stripeAccount: accountId } : undefined),
  );
  const entry = { key, promise };
  current = entry;
  promise.catch(() => {
    if (current === entry) current = null;
  });
  return promise;
}
