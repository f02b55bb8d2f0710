import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./support/harness";

let h: Harness;
let production: Harness;
beforeAll(async () => {
  [h, production] = await Promise.all([
    startHarness("doubles_served"),
    startHarness("doubles_served_prod", { mode: "production" }),
  ]);
});
afterAll(async () => {
  await Promise.all([h?.close(), production?.close()]);
});

const SCRIPTS = [
  "/__sandbox/stripe/v3.js",
  "/__sandbox/stripe/card-frame.js",
  "/itoke/ajax-tokenizer.js",
  "/__sandbox/stripe/microdeposits.js",
];
const FRAMES = [
  "/__sandbox/stripe/card-frame.html",
  "/itoke/ajax-tokenizer.html",
  "/__sandbox/stripe/microdeposits/seti_123",
];

describe("the doubles' scripts", () => {
  it.each(SCRIPTS)("GET %s is JavaScript any page may load", async (path) => {
    const res = await fetch(`${h.url}${path}`, { headers: { Origin: "http://localhost:3000" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const text = await res.text();
    expect(text.startsWith("/* Provider test double")).toBe(true);
    // Bundled as a classic script: no module syntax left, no eval, no HTML strings.
    expect(text).not.toMatch(/^\s*(import|export)\s/m);
    expect(text).not.toMatch(/\beval\(|new Function\(|\.innerHTML\s*=/);
  });

  it("defines window.Stripe with the release train @stripe/stripe-js 10 expects", async () => {
    const text = await (await fetch(`${h.url}/__sandbox/stripe/v3.js`)).text();
    expect(text).toContain('RELEASE_TRAIN = "endive"');
    expect(text).toContain('Object.defineProperty(window, "Stripe"');
  });
});

describe("the doubles' frames", () => {
  it.each(FRAMES)("GET %s is a page that runs only its own script", async (path) => {
    const res = await fetch(`${h.url}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    // Embeddable by the portal on another origin, like the providers' frames.
    expect(csp).not.toContain("frame-ancestors");
    expect(res.headers.get("x-frame-options")).toBeNull();
    const html = await res.text();
    expect(html).toMatch(
      /<script src="(card-frame|ajax-tokenizer|\.\.\/microdeposits)\.js" defer><\/script>/,
    );
  });
});

describe("production mode", () => {
  it.each([...SCRIPTS, ...FRAMES])("does not serve %s", async (path) => {
    const res = await fetch(`${production.url}${path}`);
    expect(res.status).toBe(404);
  });

  it("does not answer the fake provider calls", async () => {
    const stripe = await fetch(`${production.url}/__sandbox/stripe/v1/payment_methods`, {
      method: "POST",
      body: new URLSearchParams({ type: "card", key: "pk_test_x" }),
    });
    expect(stripe.status).toBe(404);
    const cardSecure = await fetch(`${production.url}/cardsecure/api/v1/ccn/tokenize`, {
      method: "POST",
      body: JSON.stringify({ account: "4111111111111111" }),
    });
    expect(cardSecure.status).toBe(404);
  });
});
