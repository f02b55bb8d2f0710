import { beforeEach, describe, expect, it } from "vitest";
import {
  gatewayKind,
  reshapePortalConfig,
  safeColor,
  safeLinkUrl,
} from "@/lib/billing/portal-config";
import { clearPortalConfigCache, getPortalConfig } from "@/lib/portal-config";
import { ACME_CONFIG, fail, ok, setUpFakeUpstream } from "./support";

describe("portal configuration validation", () => {
  it("keeps a valid configuration", () => {
    expect(reshapePortalConfig(ACME_CONFIG, "localhost")).toEqual({
      companyId: "acme",
      name: "Acme Water",
      host: "localhost",
      primaryColor: "#0f766e",
      logoUrl: "/brand/acme-logo.svg",
      bannerUrl: null,
      tncUrl: "https://acme.example/terms",
      privacyUrl: "https://acme.example/privacy",
      displayTncPrivacyUrl: true,
      enabledTabs: ["invoices", "payments", "usages", "credits", "statements", "subscriptions"],
      gateway: "stripe",
      payments: null,
      documents: { zips: false, exportDownloads: false },
      subscriptions: null,
      secondFactorRequired: false,
      passkeys: false,
      passkeySignIn: false,
    });
  });

  it("reads the sign-in policy: only 'required' requires a second factor", () => {
    const read = (signIn: unknown) =>
      reshapePortalConfig({ ...ACME_CONFIG, signIn }, "localhost").secondFactorRequired;
    expect(read({ secondFactor: "required" })).toBe(true);
    expect(read({ secondFactor: "optional" })).toBe(false);
    expect(read({ secondFactor: "always" })).toBe(false);
    expect(read(undefined)).toBe(false);
  });

  it("reads leaving on fair terms: reasons and offers it can word, pausing and its most", () => {
    const read = (subscriptions: unknown) =>
      reshapePortalConfig({ ...ACME_CONFIG, subscriptions }, "localhost").subscriptions;
    expect(
      read({
        cancelReasons: ["too_expensive", "bored", "other", "other"],
        pause: { maxCycles: 3 },
        offers: ["discount", "free_lunch", "pause"],
      }),
    ).toEqual({
      cancelReasons: ["too_expensive", "other"],
      pauseMaxCycles: 3,
      offers: ["discount", "pause"],
    });
    // Pausing not allowed, no offers named: the portal shows no pause button and makes no offer.
    expect(read({ cancelReasons: [], pause: null })).toEqual({
      cancelReasons: [],
      pauseMaxCycles: null,
      offers: [],
    });
    // A most out of range is no pausing; a malformed part is none of it.
    expect(read({ cancelReasons: "x", pause: { maxCycles: 99 } })).toEqual({
      cancelReasons: [],
      pauseMaxCycles: null,
      offers: [],
    });
    expect(read(undefined)).toBeNull();
  });

  it("reads the document operations offered, and none where the configuration names none", () => {
    const read = (documents: unknown) =>
      reshapePortalConfig({ ...ACME_CONFIG, documents }, "localhost").documents;
    expect(read({ zips: true, exportDownloads: true })).toEqual({
      zips: true,
      exportDownloads: true,
    });
    expect(read({ zips: false, exportDownloads: true })).toEqual({
      zips: false,
      exportDownloads: true,
    });
    // Absent or malformed: an API that does not say it offers them is not asked.
    expect(read(undefined)).toEqual({ zips: false, exportDownloads: false });
    expect(read({ zips: "yes" })).toEqual({ zips: false, exportDownloads: false });
  });

  it("reads the payment settings, and none where the billing API takes no such payments", () => {
    const read = (payments: unknown) =>
      reshapePortalConfig({ ...ACME_CONFIG, payments }, "localhost").payments;
    expect(read({ partialAllowed: true, partialMinimum: 5 })).toEqual({
      partialAllowed: true,
      partialMinimum: 5,
    });
    expect(read({ partialAllowed: false, partialMinimum: null })).toEqual({
      partialAllowed: false,
      partialMinimum: null,
    });
    // A malformed minimum or flag is read as the safe choice, not a broken page.
    expect(read({ partialAllowed: "yes", partialMinimum: -1 })).toEqual({
      partialAllowed: false,
      partialMinimum: null,
    });
    expect(read(undefined)).toBeNull();
    expect(read(null)).toBeNull();
  });

  it.each([
    ["red", "#ffffff"],
    ["#12345", "#ffffff"],
    ["#0f766e; background: url(x)", "#ffffff"],
    ["rgb(0,0,0)", "#ffffff"],
    ["0f766e", "#ffffff"],
    [null, "#ffffff"],
    [42, "#ffffff"],
    ["#ABC", "#aabbcc"],
    ["#7C3AED", "#7c3aed"],
  ])("turns primaryColor %j into %j", (input, expected) => {
    expect(safeColor(input)).toBe(expected);
    expect(
      reshapePortalConfig({ ...ACME_CONFIG, primaryColor: input }, "localhost").primaryColor,
    ).toBe(expected);
  });

  it.each([
    "http://acme.example/logo.svg",
    "javascript:alert(1)",
    "JAVASCRIPT:alert(1)",
    "data:image/svg+xml,<svg onload=alert(1)>",
    "//evil.example/logo.svg",
    "/\\evil.example/logo.svg",
    "https://user:pw@acme.example/logo.svg",
    "https://acme.example/a b.svg",
    "ftp://acme.example/logo.svg",
    "logo.svg",
    "",
    42,
  ])("drops the link %j", (input) => {
    expect(safeLinkUrl(input)).toBeNull();
    const config = reshapePortalConfig(
      { ...ACME_CONFIG, logoUrl: input, bannerUrl: input, tncUrl: input, privacyUrl: input },
      "localhost",
    );
    expect([config.logoUrl, config.bannerUrl, config.tncUrl, config.privacyUrl]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it("keeps https URLs and same-origin paths", () => {
    expect(safeLinkUrl("https://cdn.acme.example/banner.png")).toBe(
      "https://cdn.acme.example/banner.png",
    );
    expect(safeLinkUrl("/brand/globex-logo.svg")).toBe("/brand/globex-logo.svg");
  });

  it("reduces the gateway to stripe or cardconnect", () => {
    expect(gatewayKind("cardconnect-test")).toBe("cardconnect");
    expect(gatewayKind("CardConnect-Live")).toBe("cardconnect");
    expect(gatewayKind("stripe")).toBe("stripe");
    expect(gatewayKind("Stripe-Test")).toBe("stripe");
  });

  it("keeps only the known dashboard tabs", () => {
    const config = reshapePortalConfig(
      { ...ACME_CONFIG, enabledTabs: ["payments", "<script>", "invoices", 3] },
      "localhost",
    );
    expect(config.enabledTabs).toEqual(["invoices", "payments"]);
  });

  it("refuses a configuration without a company (502, not a crash later)", () => {
    expect(() => reshapePortalConfig({ ...ACME_CONFIG, companyId: "" }, "localhost")).toThrowError(
      /portal configuration/,
    );
  });

  it("only shows terms and privacy when the flag is exactly true", () => {
    expect(
      reshapePortalConfig({ ...ACME_CONFIG, displayTncPrivacyUrl: "yes" }, "localhost")
        .displayTncPrivacyUrl,
    ).toBe(false);
  });
});

describe("getPortalConfig", () => {
  const upstream = setUpFakeUpstream();
  beforeEach(() => {
    clearPortalConfigCache();
    delete process.env.PORTAL_CONFIG_TTL_MS;
  });

  it("asks the API with the host and caches the answer per host", async () => {
    upstream.on("GET", "/v1/portalConfiguration", (call) =>
      call.query.get("host") === "localhost" ? ok(ACME_CONFIG) : fail(404, "not_found"),
    );
    const [a, b] = await Promise.all([getPortalConfig("localhost"), getPortalConfig("LOCALHOST")]);
    await getPortalConfig("localhost");
    expect(a?.companyId).toBe("acme");
    expect(b).toEqual(a);
    expect(upstream.callsTo("GET", "/v1/portalConfiguration")).toHaveLength(1);
  });

  it("answers null for an unknown host and remembers that briefly", async () => {
    upstream.on("GET", "/v1/portalConfiguration", fail(404, "not_found"));
    expect(await getPortalConfig("nowhere.example")).toBeNull();
    expect(await getPortalConfig("nowhere.example")).toBeNull();
    expect(upstream.callsTo("GET", "/v1/portalConfiguration")).toHaveLength(1);
  });

  it("does not cache an outage", async () => {
    upstream.on("GET", "/v1/portalConfiguration", fail(503, "upstream_error"));
    await expect(getPortalConfig("localhost")).rejects.toMatchObject({ status: 503 });
    upstream.on("GET", "/v1/portalConfiguration", ok(ACME_CONFIG));
    await expect(getPortalConfig("localhost")).resolves.toMatchObject({ companyId: "acme" });
  });

  it("expires entries after PORTAL_CONFIG_TTL_MS", async () => {
    process.env.PORTAL_CONFIG_TTL_MS = "0";
    upstream.on("GET", "/v1/portalConfiguration", ok(ACME_CONFIG));
    await getPortalConfig("localhost");
    await new Promise((r) => setTimeout(r, 5));
    await getPortalConfig("localhost");
    expect(upstream.callsTo("GET", "/v1/portalConfiguration")).toHaveLength(2);
  });

  it("does not ask the API for an empty host", async () => {
    expect(await getPortalConfig("")).toBeNull();
    expect(upstream.calls).toHaveLength(0);
  });
});
