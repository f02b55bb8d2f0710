import { describe, expect, it } from "vitest";
import { buildCsp } from "@/lib/security/csp";
import { providerOrigins, usesPaymentProviders } from "@/lib/security/payment-origins";

const directives = (csp: string) =>
  new Map(
    csp.split(";").map((d) => {
      const [name = "", ...values] = d.trim().split(/\s+/);
      return [name, values];
    }),
  );

const real = {
  stripeJsUrl: "https://js.stripe.com/endive/stripe.js",
  tokenizerOriginOverride: null,
};
const doubles = {
  stripeJsUrl: "http://127.0.0.1:4110/__sandbox/stripe/v3.js",
  tokenizerOriginOverride: "http://127.0.0.1:4110",
};

describe("payment provider origins of the account page's CSP", () => {
  it("allows Stripe's origins for a company on stripe", () => {
    expect(providerOrigins({ family: "stripe" }, real)).toEqual({
      script: ["https://js.stripe.com"],
      frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
      connect: ["https://api.stripe.com"],
    });
  });

  it("allows only the double's origin when Stripe.js comes from the sandbox", () => {
    expect(providerOrigins({ family: "stripe" }, doubles)).toEqual({
      script: ["http://127.0.0.1:4110"],
      frame: ["http://127.0.0.1:4110"],
      connect: ["http://127.0.0.1:4110"],
    });
  });

  it("allows only the tokenizer frame's origin, with its port, for a company on cardconnect", () => {
    expect(providerOrigins({ family: "cardconnect", site: "fts", testMode: true }, real)).toEqual({
      script: [],
      frame: ["https://fts.cardconnect.com:6443"],
      connect: [],
    });
    expect(
      providerOrigins({ family: "cardconnect", site: "fts", testMode: true }, doubles).frame,
    ).toEqual(["http://127.0.0.1:4110"]);
  });

  it("puts them into script-src, frame-src and connect-src, on the account page only", () => {
    expect(usesPaymentProviders("/portal/account")).toBe(true);
    expect(usesPaymentProviders("/portal/account/")).toBe(true);
    expect(usesPaymentProviders("/portal/dashboard")).toBe(false);
    expect(usesPaymentProviders("/api/account/payment-methods")).toBe(false);
    const csp = directives(
      buildCsp({
        nonce: "n",
        pathname: "/portal/account",
        providers: providerOrigins({ family: "stripe" }, real),
      }),
    );
    expect(csp.get("script-src")).toContain("https://js.stripe.com");
    expect(csp.get("frame-src")).toEqual([
      "'self'",
      "https://js.stripe.com",
      "https://*.js.stripe.com",
      "https://hooks.stripe.com",
    ]);
    expect(csp.get("connect-src")).toEqual(["'self'", "https://api.stripe.com"]);
    expect(buildCsp({ nonce: "n", pathname: "/portal/dashboard" })).not.toContain("stripe");
  });
});
