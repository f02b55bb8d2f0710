import { describe, expect, it } from "vitest";
import { CARDCONNECT_TOKEN, findRawNumber, looksLikeRawNumber } from "../src/account/raw-numbers";
import { checkSignedPath, linkSigningKey, signedUrl } from "../src/account/signed-links";

describe("raw card and bank number detection (SAQ A)", () => {
  it("flags runs of 12 or more digits, and grouped Luhn-valid card numbers", () => {
    expect(looksLikeRawNumber("000123456789")).toBe(true);
    expect(looksLikeRawNumber("acct 9876543210123")).toBe(true);
    expect(looksLikeRawNumber("4242 4242 4242 4242")).toBe(true);
    expect(looksLikeRawNumber("3782-822463-10005")).toBe(true);
  });

  it("lets provider tokens, short numbers and grouped non-card digits through", () => {
    expect(looksLikeRawNumber("pm_1QxYzAbCdEfGh2IjKlMn")).toBe(false);
    expect(looksLikeRawNumber("12345678901")).toBe(false);
    expect(looksLikeRawNumber("+1 617 555 0101")).toBe(false);
    expect(looksLikeRawNumber("4242 4242 4242 4241")).toBe(false);
  });

  it("searches every field at any depth, numbers and keys included, and names the field", () => {
    expect(findRawNumber({ a: { b: ["x", "4242424242424242"] } })).toBe("a.b.1");
    expect(findRawNumber({ amount: 4242424242424242 })).toBe("amount");
    expect(findRawNumber({ "4242424242424242": true })).toBe("(key)");
    expect(findRawNumber({ payment_method_id: "pm_abc", default: true })).toBeNull();
  });

  it("exempts only the allowed top-level field", () => {
    const allow = (field: string, text: string) =>
      field === "token" && CARDCONNECT_TOKEN.test(text);
    expect(findRawNumber({ token: "9418594164541111" }, allow)).toBeNull();
    expect(findRawNumber({ nested: { token: "9418594164541111" } }, allow)).toBe("nested.token");
    expect(findRawNumber({ token: "4111111111111111" }, allow)).toBe("token");
  });
});

describe("signed page links", () => {
  const key = linkSigningKey(Buffer.alloc(32, 7));
  const now = Date.parse("2030-01-15T12:00:00Z");
  const path = "/hosted/add-payment-method/cus_acme_1001";
  const url = new URL(signedUrl(key, "http://127.0.0.1:4010", path, now, 60));

  it("is valid for its path until it expires", () => {
    expect(url.origin).toBe("http://127.0.0.1:4010");
    expect(checkSignedPath(key, path, url.searchParams, now)).toBe("valid");
    expect(checkSignedPath(key, path, url.searchParams, now + 61_000)).toBe("expired");
  });

  it("is invalid for another path, another key, or an altered expiry", () => {
    expect(
      checkSignedPath(key, "/hosted/add-payment-method/cus_acme_1002", url.searchParams, now),
    ).toBe("invalid");
    expect(checkSignedPath(linkSigningKey(Buffer.alloc(32, 8)), path, url.searchParams, now)).toBe(
      "invalid",
    );
    const altered = new URLSearchParams(url.searchParams);
    altered.set("expires", String(Number(altered.get("expires")) + 3600));
    expect(checkSignedPath(key, path, altered, now)).toBe("invalid");
    expect(checkSignedPath(key, path, new URLSearchParams(), now)).toBe("invalid");
  });
});
