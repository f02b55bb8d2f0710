import { describe, expect, it } from "vitest";
import { COUNTRY_CODES, countryList, foldText, searchCountries } from "@/lib/account/countries";
import {
  frameHeight,
  readTokenizerMessage,
  tokenizerOrigin,
  tokenizerUrl,
} from "@/lib/account/tokenizer";

describe("the country list", () => {
  it("holds every ISO 3166-1 entry once, by its two-letter code", () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    for (const code of COUNTRY_CODES) expect(code).toMatch(/^[A-Z]{2}$/);
    for (const code of ["US", "DE", "AX", "BQ", "CW", "SS", "SX", "PS", "TW", "AQ", "UM"])
      expect(COUNTRY_CODES).toContain(code);
    // User-assigned codes are not ISO entries.
    expect(COUNTRY_CODES).not.toContain("XK");
    expect(COUNTRY_CODES).not.toContain("EU");
  });

  it("names every entry in the reader's language, sorted by name", () => {
    const en = countryList("en");
    expect(en).toHaveLength(249);
    expect(en.every((c) => c.name !== c.code)).toBe(true);
    expect(en.find((c) => c.code === "DE")?.name).toBe("Germany");
    const es = countryList("es");
    expect(es.find((c) => c.code === "DE")?.name).toBe("Alemania");
    const names = es.map((c) => c.name);
    expect([...names].sort(new Intl.Collator("es").compare)).toEqual(names);
  });

  it("finds by the code typed in full, by word starts, then inside names, accents ignored", () => {
    const en = countryList("en");
    expect(searchCountries(en, "de")[0]?.code).toBe("DE");
    expect(searchCountries(en, "germ").map((c) => c.code)).toEqual(["DE"]);
    expect(searchCountries(en, "reunion").map((c) => c.code)).toEqual(["RE"]);
    expect(searchCountries(en, "cote").map((c) => c.code)).toContain("CI");
    expect(searchCountries(en, "islands").length).toBeGreaterThan(5);
    expect(searchCountries(en, "")).toHaveLength(249);
    expect(searchCountries(en, "zzz")).toEqual([]);
    expect(foldText(" Åland ")).toBe("aland");
  });
});

describe("the CardConnect tokenizer frame (spec 000 §7, §9)", () => {
  it("lives at https://{site}.cardconnect.com on 6443 in test mode and 8443 live; site 'fts' by default", () => {
    expect(tokenizerOrigin({ site: "fts", testMode: true })).toBe(
      "https://fts.cardconnect.com:6443",
    );
    expect(tokenizerOrigin({ site: "acme-uat", testMode: false })).toBe(
      "https://acme-uat.cardconnect.com:8443",
    );
    expect(tokenizerOrigin({ site: null, testMode: false })).toBe(
      "https://fts.cardconnect.com:8443",
    );
    // A site that is not a host label cannot move the frame to another host.
    expect(tokenizerOrigin({ site: "evil.example/x", testMode: true })).toBe(
      "https://fts.cardconnect.com:6443",
    );
  });

  it("takes the configured origin instead (the sandbox's double)", () => {
    expect(tokenizerOrigin({ site: "fts", testMode: true }, "http://127.0.0.1:4110/")).toBe(
      "http://127.0.0.1:4110",
    );
  });

  it("is 160px high for cards, 250px when the CVV is asked for, 50px for bank accounts", () => {
    expect(frameHeight("card", false)).toBe(160);
    expect(frameHeight("card", true)).toBe(250);
    expect(frameHeight("ach", true)).toBe(50);
  });

  it("asks the frame for expiry and CVV on cards, and for a text keyboard on bank accounts", () => {
    const texts = {
      cardLabel: "Card number",
      expiryLabel: "Expiry",
      cvvLabel: "CVV",
      placeholder: "1234",
      month: "Month",
      year: "Year",
    };
    const cardUrl = new URL(
      tokenizerUrl("https://fts.cardconnect.com:6443", "card", {
        acceptCvv: true,
        css: "a{}",
        texts,
      }),
    );
    expect(cardUrl.origin + cardUrl.pathname).toBe(
      "https://fts.cardconnect.com:6443/itoke/ajax-tokenizer.html",
    );
    expect(cardUrl.searchParams.get("useexpiry")).toBe("true");
    expect(cardUrl.searchParams.get("usecvv")).toBe("true");
    expect(cardUrl.searchParams.get("invalidinputevent")).toBe("true");
    expect(cardUrl.searchParams.get("css")).toBe("a{}");
    const achUrl = new URL(
      tokenizerUrl("https://fts.cardconnect.com:6443", "ach", { acceptCvv: true, css: "", texts }),
    );
    expect(achUrl.searchParams.get("fullmobilekeyboard")).toBe("true");
    expect(achUrl.searchParams.has("usecvv")).toBe(false);
  });

  describe("messages", () => {
    const frame = {};
    const expected = { origin: "https://fts.cardconnect.com:6443", source: frame };
    const event = (data: unknown, origin = expected.origin, source: unknown = frame) => ({
      data,
      origin,
      source,
    });

    it("reads a token (and the expiry) from the frame's exact origin and window", () => {
      expect(
        readTokenizerMessage(
          event(JSON.stringify({ message: "9411234567891111", expiry: "20279" })),
          expected,
        ),
      ).toEqual({ kind: "token", token: "9411234567891111", expiry: "20279" });
      expect(
        readTokenizerMessage(
          event(JSON.stringify({ validationError: "Invalid card number" })),
          expected,
        ),
      ).toEqual({ kind: "error", message: "Invalid card number" });
    });

    it("ignores a message from any other origin or window", () => {
      const data = JSON.stringify({ message: "9411234567891111" });
      expect(readTokenizerMessage(event(data, "https://evil.example"), expected)).toBeNull();
      expect(
        readTokenizerMessage(event(data, "https://fts.cardconnect.com:8443"), expected),
      ).toBeNull();
      expect(readTokenizerMessage(event(data, expected.origin, {}), expected)).toBeNull();
      expect(readTokenizerMessage(event(data), { ...expected, source: null })).toBeNull();
    });

    it("ignores what is not the frame's JSON", () => {
      for (const data of [
        "not json",
        { message: "9411234567891111" },
        JSON.stringify({ message: "<script>" }),
        JSON.stringify([1, 2]),
        JSON.stringify({ other: 1 }),
      ])
        expect(readTokenizerMessage(event(data), expected)).toBeNull();
    });
  });
});
