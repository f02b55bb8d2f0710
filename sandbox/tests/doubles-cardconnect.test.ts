import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { luhnValid } from "../src/doubles/card-rules";
import {
  bankToken,
  cardToken,
  CARDCONNECT_TEST_CARDS,
  parseCardSecureExpiry,
} from "../src/doubles/cardconnect-api";
import { lookupCardConnectToken } from "../src/doubles/vault";
import { startHarness, type Harness } from "./support/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness("doubles_cardconnect");
});
afterAll(async () => {
  await h?.close();
});

type TokenizeAnswer = { message: string; errorcode: number; token: string };

function tokenizeRequest(body: unknown) {
  return h.request<TokenizeAnswer>("POST", "/cardsecure/api/v1/ccn/tokenize", { body });
}

describe("CardSecure token format", () => {
  it("is 16 digits: 9, the card's first two digits, …, the card's last four; never a valid card number", () => {
    for (const number of [...CARDCONNECT_TEST_CARDS, "378282246310005", "5555555555554444"]) {
      const token = cardToken(number);
      expect(token).toMatch(/^9\d{15}$/);
      expect(token.slice(1, 3)).toBe(number.slice(0, 2));
      expect(token.slice(-4)).toBe(number.slice(-4));
      expect(luhnValid(token)).toBe(false);
    }
  });

  it("gives the same card the same token unless asked for a unique one", () => {
    expect(cardToken("4111111111111111")).toBe(cardToken("4111111111111111"));
    expect(cardToken("4111111111111111")).not.toBe(cardToken("4788250000028291"));
    const unique = new Set(Array.from({ length: 5 }, () => cardToken("4111111111111111", true)));
    expect(unique.size).toBeGreaterThan(1);
  });

  it("keeps a bank account's last four digits", () => {
    const token = bankToken("036001808", "123456789");
    expect(token).toMatch(/^9\d{11}6789$/);
    expect(luhnValid(token)).toBe(false);
  });

  it("reads MMYY, YYYYMM and the frame's YYYYM", () => {
    expect(parseCardSecureExpiry("1234")).toEqual({ month: 12, year: 2034 });
    expect(parseCardSecureExpiry("203412")).toEqual({ month: 12, year: 2034 });
    expect(parseCardSecureExpiry("20349")).toEqual({ month: 9, year: 2034 });
    expect(parseCardSecureExpiry("12/34")).toBeNull();
  });
});

describe("POST /cardsecure/api/v1/ccn/tokenize", () => {
  it("tokenizes both CardConnect test cards and remembers brand, last four, expiry and CVV", async () => {
    for (const number of CARDCONNECT_TEST_CARDS) {
      const res = await tokenizeRequest({ account: number, expiry: "203409", cvv: "123" });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: "", errorcode: 0, token: cardToken(number) });
      expect(lookupCardConnectToken(res.body.token)).toMatchObject({
        kind: "card",
        brand: "visa",
        last4: number.slice(-4),
        expMonth: 9,
        expYear: 2034,
        cvvProvided: true,
        routingNumber: null,
      });
    }
  });

  it("tokenizes a bank account typed as routing/account", async () => {
    const res = await tokenizeRequest({ account: "036001808/123456789" });
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^9\d{11}6789$/);
    expect(lookupCardConnectToken(res.body.token)).toMatchObject({
      kind: "bank",
      brand: null,
      last4: "6789",
      routingNumber: "036001808",
    });
    const viaControl = await h.request("GET", `/__sandbox/provider-tokens/${res.body.token}`);
    expect(viaControl.body).toMatchObject({ kind: "bank", last4: "6789" });
  });

  it("refuses an invalid card, routing number or expiry with errorcode 1 and no token", async () => {
    for (const body of [
      { account: "4111111111111112" },
      { account: "4111-1111-1111-111x" },
      { account: "110000001/123456789" },
      { account: "036001808/12" },
      { account: "4111111111111111", expiry: "202912" }, // before the sandbox's 2030-01-15
      {},
    ]) {
      const res = await tokenizeRequest(body);
      expect(res.status).toBe(400);
      expect(res.body.errorcode).toBe(1);
      expect(res.body.token).toBe("");
    }
  });
});
