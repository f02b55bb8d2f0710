/**
 * HTTP routes of the provider doubles, mounted at the root in demo and test mode only (with the
 * /__sandbox/ control endpoints): the Stripe.js double and its card frame and API under
 * /__sandbox/stripe/, the CardConnect tokenizer frame at its real path /itoke/ajax-tokenizer.html
 * and the CardSecure tokenize call it makes. Answers are the providers' shapes, not the envelope.
 */
import { Hono, type Context } from "hono";
import type { SandboxEnv } from "../env";
import { sendJson, sendText } from "../respond";
import { browserBundle, framePage, type BundleName, type PageName } from "./assets";
import { tokenize } from "./cardconnect-api";
import {
  confirmSetupIntent,
  createPaymentMethod,
  createSetupIntent,
  parseStripeForm,
  retrieveSetupIntent,
  verifySetupIntentMicrodeposits,
  type ProviderAnswer,
} from "./stripe-api";
import { lookupCardConnectToken, lookupProviderPaymentMethod } from "./vault";

/** Request bodies of these calls are a few fields. */
const MAX_BODY_BYTES = 64 * 1024;

const SCRIPT_HEADERS = {
  // Loaded as a classic script by a page on the portal's origin.
  "Access-Control-Allow-Origin": "*",
  "Cross-Origin-Resource-Policy": "cross-origin",
  "Cache-Control": "no-cache",
};

// The frames run only their own script and talk only to their own origin. No frame-ancestors and
// no X-Frame-Options: like the providers' frames, they are meant to be embedded by any page.
const FRAME_HEADERS = {
  "Content-Security-Policy":
    "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; base-uri 'none'; form-action 'none'",
  "Cross-Origin-Resource-Policy": "cross-origin",
  "Referrer-Policy": "no-referrer",
  "Cache-Control": "no-cache",
};

// The Stripe API answers any origin (Stripe.js calls it from the merchant's page).
const API_HEADERS = { "Access-Control-Allow-Origin": "*" };
const PREFLIGHT_HEADERS = {
  ...API_HEADERS,
  "Access-Control-Allow-Methods": "GET, POST",
  "Access-Control-Allow-Headers": "Content-Type",
  "Access-Control-Max-Age": "600",
};

const script = async (c: Context, name: BundleName) =>
  sendText(c, 200, await browserBundle(name), "text/javascript; charset=utf-8", SCRIPT_HEADERS);

const frame = async (c: Context, name: PageName) =>
  sendText(c, 200, await framePage(name), "text/html; charset=utf-8", FRAME_HEADERS);

const answer = (c: Context, a: ProviderAnswer) => sendJson(c, a.body, a.status, API_HEADERS);

const tooLarge: ProviderAnswer = {
  status: 413,
  body: { error: { type: "invalid_request_error", message: "Request body too large." } },
};

/** The body as text, or null when it is larger than MAX_BODY_BYTES. */
async function bodyText(c: Context): Promise<string | null> {
  if (Number(c.req.header("content-length") ?? "0") > MAX_BODY_BYTES) return null;
  const text = await c.req.text();
  return Buffer.byteLength(text) > MAX_BODY_BYTES ? null : text;
}

/** Stripe's calls carry form fields (Stripe.js) or, for tests, JSON. */
async function stripeParams(c: Context): Promise<Record<string, unknown> | null> {
  const text = await bodyText(c);
  if (text === null) return null;
  if ((c.req.header("content-type") ?? "").startsWith("application/json")) {
    try {
      const json: unknown = JSON.parse(text || "{}");
      return json && typeof json === "object" && !Array.isArray(json)
        ? (json as Record<string, unknown>)
        : {};
    } catch {
      return {};
    }
  }
  return parseStripeForm(text);
}

const origin = (c: Context) => new URL(c.req.url).origin;
const queryParams = (c: Context) => parseStripeForm(new URL(c.req.url).search.slice(1));

export const providerDoubleRoutes = new Hono<SandboxEnv>();
const r = providerDoubleRoutes;

// GET /__sandbox/stripe/v3.js – the Stripe.js double: defines window.Stripe
r.get("/__sandbox/stripe/v3.js", (c) => script(c, "stripeJs"));

// GET /__sandbox/stripe/card-frame.html#channel&origin&options – the card element's inputs
r.get("/__sandbox/stripe/card-frame.html", (c) => frame(c, "stripeCardFrame"));
r.get("/__sandbox/stripe/card-frame.js", (c) => script(c, "stripeCardFrame"));

// OPTIONS /__sandbox/stripe/v1/* – CORS preflight (form posts from Stripe.js need none)
r.options("/__sandbox/stripe/v1/*", (c) => c.body(null, 204, PREFLIGHT_HEADERS));

// POST /__sandbox/stripe/v1/payment_methods {type, card|us_bank_account, billing_details, key} – a pm_
r.post("/__sandbox/stripe/v1/payment_methods", async (c) => {
  const params = await stripeParams(c);
  return answer(c, params ? createPaymentMethod(params, c.var.app.now()) : tooLarge);
});

// POST /__sandbox/stripe/v1/setup_intents {payment_method_types[], customer?} – test-only: no key
r.post("/__sandbox/stripe/v1/setup_intents", async (c) => {
  const params = await stripeParams(c);
  return answer(c, params ? createSetupIntent(params, c.var.app.now(), origin(c)) : tooLarge);
});

// GET /__sandbox/stripe/v1/setup_intents/:id?client_secret&key – stripe.retrieveSetupIntent
r.get("/__sandbox/stripe/v1/setup_intents/:id", (c) =>
  answer(c, retrieveSetupIntent(c.req.param("id"), queryParams(c), origin(c))),
);

// POST /__sandbox/stripe/v1/setup_intents/:id/confirm {client_secret, payment_method, key}
r.post("/__sandbox/stripe/v1/setup_intents/:id/confirm", async (c) => {
  const params = await stripeParams(c);
  if (!params) return answer(c, tooLarge);
  return answer(c, confirmSetupIntent(c.req.param("id"), params, c.var.app.now(), origin(c)));
});

// POST /__sandbox/stripe/v1/setup_intents/:id/verify_microdeposits {client_secret, descriptor_code|amounts[], key}
r.post("/__sandbox/stripe/v1/setup_intents/:id/verify_microdeposits", async (c) => {
  const params = await stripeParams(c);
  if (!params) return answer(c, tooLarge);
  return answer(c, verifySetupIntentMicrodeposits(c.req.param("id"), params, origin(c)));
});

// GET /__sandbox/stripe/microdeposits/:id?client_secret – the hosted_verification_url of a bank SetupIntent
r.get("/__sandbox/stripe/microdeposits/:id", (c) => frame(c, "stripeMicrodeposits"));
r.get("/__sandbox/stripe/microdeposits.js", (c) => script(c, "stripeMicrodeposits"));

// GET /itoke/ajax-tokenizer.html?options – the CardConnect hosted iFrame tokenizer
r.get("/itoke/ajax-tokenizer.html", (c) => frame(c, "cardConnectTokenizer"));
r.get("/itoke/ajax-tokenizer.js", (c) => script(c, "cardConnectTokenizer"));

// OPTIONS /cardsecure/api/v1/ccn/tokenize – CORS preflight
r.options("/cardsecure/api/v1/ccn/tokenize", (c) => c.body(null, 204, PREFLIGHT_HEADERS));

// POST /cardsecure/api/v1/ccn/tokenize {account, expiry?, cvv?, unique?} – {token, errorcode, message}
r.post("/cardsecure/api/v1/ccn/tokenize", async (c) => {
  const text = await bodyText(c);
  if (text === null)
    return sendJson(c, { message: "Request too large", errorcode: 1, token: "" }, 413);
  let body: unknown;
  try {
    body = JSON.parse(text || "{}");
  } catch {
    body = undefined;
  }
  const result = tokenize(body, c.var.app.now());
  return sendJson(c, result.body, result.status, API_HEADERS);
});

// GET /__sandbox/provider-tokens/:token – what a double knows about a pm_ id or CardSecure token
r.get("/__sandbox/provider-tokens/:token", (c) => {
  const token = c.req.param("token");
  const found = lookupProviderPaymentMethod(token) ?? lookupCardConnectToken(token);
  if (!found) {
    return sendJson(c, { error: { type: "invalid_request_error", message: "No such token" } }, 404);
  }
  return sendJson(c, found);
});
