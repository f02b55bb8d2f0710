import { beforeEach, describe, expect, it } from "vitest";
import { resetPortalEnv } from "@/lib/config";
import { clearPortalConfigCache } from "@/lib/portal-config";
import { accountPageProviders, clearCardConnectSetups } from "@/lib/security/account-csp";
import { ACME_CONFIG, makeSession, ok, setUpFakeUpstream } from "./support";

const upstream = setUpFakeUpstream();

const GLOBEX = {
  ...ACME_CONFIG,
  companyId: "globex",
  domain: "127.0.0.1",
  gateway: "cardconnect-test",
};
const gateway = (site: string | null, test: string) => ({
  paymentMethods: [],
  gateway: {
    name: "cardconnect-test",
    gateway_configuration: { site, accept_cvv: true },
    test_enabled: test,
    allowed_cards: ["visa"],
    api_key: null,
    account_id: null,
    ach_enabled: true,
    cc_enabled: true,
  },
});

beforeEach(() => {
  clearPortalConfigCache();
  clearCardConnectSetups();
  delete process.env.STRIPE_JS_URL;
  delete process.env.CARDCONNECT_TOKENIZER_ORIGIN;
  resetPortalEnv();
  upstream.on("GET", "/v1/portalConfiguration", (call) =>
    ok(call.query.get("host") === "localhost" ? ACME_CONFIG : GLOBEX),
  );
});

describe("the account page's provider origins (proxy.ts)", () => {
  it("gives a stripe company Stripe's origins without asking for its gateway setup", async () => {
    const origins = await accountPageProviders("localhost", makeSession());
    expect(origins?.frame).toEqual([
      "https://js.stripe.com",
      "https://*.js.stripe.com",
      "https://hooks.stripe.com",
    ]);
    expect(upstream.callsTo("GET", "/v1/paymentMethods")).toHaveLength(0);
  });

  it("reads a cardconnect company's site and mode once with the visitor's token, then from its cache", async () => {
    upstream.on("GET", "/v1/paymentMethods", ok(gateway("acme-uat", "false")));
    const session = makeSession({ companyId: "globex", host: "127.0.0.1" });
    expect((await accountPageProviders("127.0.0.1", session))?.frame).toEqual([
      "https://acme-uat.cardconnect.com:8443",
    ]);
    expect((await accountPageProviders("127.0.0.1", session))?.frame).toEqual([
      "https://acme-uat.cardconnect.com:8443",
    ]);
    const calls = upstream.callsTo("GET", "/v1/paymentMethods");
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.authorization).toBe("Bearer access-0");
  });

  it("allows no frame origin when it cannot know it (no session, or another company's)", async () => {
    upstream.on("GET", "/v1/paymentMethods", ok(gateway("fts", "true")));
    expect(await accountPageProviders("127.0.0.1", null)).toBeNull();
    expect(await accountPageProviders("127.0.0.1", makeSession())).toBeNull();
    expect(upstream.callsTo("GET", "/v1/paymentMethods")).toHaveLength(0);
  });

  it("uses the configured doubles' origin without a call", async () => {
    process.env.STRIPE_JS_URL = "http://127.0.0.1:4110/__sandbox/stripe/v3.js";
    process.env.CARDCONNECT_TOKENIZER_ORIGIN = "http://127.0.0.1:4110";
    resetPortalEnv();
    expect(await accountPageProviders("127.0.0.1", null)).toEqual({
      script: [],
      frame: ["http://127.0.0.1:4110"],
      connect: [],
    });
    expect((await accountPageProviders("localhost", null))?.connect).toEqual([
      "http://127.0.0.1:4110",
    ]);
  });

  it("refuses a configuration value that is not an http(s) URL", () => {
    process.env.STRIPE_JS_URL = "javascript:alert(1)";
    resetPortalEnv();
    return expect(accountPageProviders("localhost", null)).rejects.toThrow(/STRIPE_JS_URL/);
  });
});
