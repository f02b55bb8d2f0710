/**
 * A stand-in for the portal's add-payment dialog, bundled by sandbox/tests/doubles-browser.test.ts
 * and opened in Chromium on another origin than the sandbox. It loads the doubles exactly as the
 * portal is meant to (sandbox/README.md "Provider test doubles"): the configured Stripe.js URL
 * first, then loadStripe from @stripe/stripe-js/pure, then <Elements>/<CardElement>; the
 * CardConnect tokenizer in an iframe whose messages are accepted from its exact origin only.
 */
import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe, StripeCardElementChangeEvent } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { StrictMode, useEffect } from "react";
import { createRoot } from "react-dom/client";

const sandbox = new URL(location.href).searchParams.get("sandbox") ?? "";
const STRIPE_JS_URL = `${sandbox}/__sandbox/stripe/v3.js`;
const TOKENIZER_ORIGIN = new URL(sandbox).origin;

/** Appends the provider's script and resolves once it has run. */
function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`Could not load ${src}`));
    document.head.appendChild(script);
  });
}

type Result = Record<string, unknown>;
type PortalTest = {
  ready: boolean;
  changes: StripeCardElementChangeEvent[];
  createCard?: () => Promise<Result>;
  createBank?: (accountNumber: string) => Promise<Result>;
  confirmCardSetup?: (clientSecret: string) => Promise<Result>;
  cardConnect: { frame: string; data: Record<string, string> }[];
  ignored: number;
};
const portalTest: PortalTest = { ready: false, changes: [], cardConnect: [], ignored: 0 };
(window as unknown as { portalTest: PortalTest }).portalTest = portalTest;

const stripePromise: Promise<Stripe | null> = loadScript(STRIPE_JS_URL).then(() =>
  loadStripe("pk_test_portalPage"),
);

function CardForm() {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    if (!stripe || !elements) return;
    const card = () => {
      const element = elements.getElement(CardElement);
      if (!element) throw new Error("no card element");
      return element;
    };
    portalTest.createCard = async () =>
      (await stripe.createPaymentMethod({
        type: "card",
        card: card(),
        billing_details: { name: "Ada Lovelace" },
      })) as unknown as Result;
    portalTest.createBank = async (accountNumber) =>
      (await stripe.createPaymentMethod({
        type: "us_bank_account",
        us_bank_account: {
          account_number: accountNumber,
          routing_number: "110000000",
          account_holder_type: "individual",
        },
        billing_details: { name: "Ada Lovelace", email: "ada@acme.test" },
      })) as unknown as Result;
    portalTest.confirmCardSetup = async (clientSecret) =>
      (await stripe.confirmCardSetup(clientSecret, {
        payment_method: { card: card(), billing_details: { name: "Ada Lovelace" } },
      })) as unknown as Result;
  }, [stripe, elements]);
  return (
    <div id="card" style={{ border: "1px solid #888", padding: 8, width: 480 }}>
      <CardElement
        onReady={() => {
          portalTest.ready = true;
        }}
        onChange={(event) => {
          portalTest.changes.push(event);
        }}
      />
    </div>
  );
}

function tokenizerFrame(id: string, query: Record<string, string>) {
  const frame = document.createElement("iframe");
  frame.id = id;
  frame.title = id;
  frame.style.cssText = "width:400px;height:250px;border:1px solid #888";
  frame.src = `${sandbox}/itoke/ajax-tokenizer.html?${new URLSearchParams(query)}`;
  document.body.appendChild(frame);
  return frame;
}

const cardFrame = tokenizerFrame("cardconnect-card", {
  useexpiry: "true",
  usecvv: "true",
  invalidinputevent: "true",
  formatinput: "true",
  tokenizewheninactive: "true",
  inactivityto: "200",
});
const achFrame = tokenizerFrame("cardconnect-ach", { fullmobilekeyboard: "true" });

window.addEventListener("message", (event) => {
  // The tokenizer posts with target "*": the page checks the sender's exact origin and window.
  if (event.origin !== TOKENIZER_ORIGIN) {
    portalTest.ignored += 1;
    return;
  }
  const frame =
    event.source === cardFrame.contentWindow
      ? "card"
      : event.source === achFrame.contentWindow
        ? "ach"
        : null;
  // The Stripe double's card frame (same origin here) talks to the double, not to this listener.
  if (!frame || typeof event.data !== "string") return;
  portalTest.cardConnect.push({ frame, data: JSON.parse(event.data) as Record<string, string> });
});

const root = document.createElement("div");
document.body.prepend(root);
createRoot(root).render(
  <StrictMode>
    <Elements stripe={stripePromise}>
      <CardForm />
    </Elements>
  </StrictMode>,
);
