import { describe, expect, it } from "vitest";
import {
  checkCardNumber,
  checkCvc,
  checkExpiry,
  checkExpiryDate,
  checkPostalCode,
  detectBrand,
  formatCardNumber,
  formatExpiryInput,
  luhnValid,
  maxCardDigits,
  MESSAGES,
  routingNumberValid,
} from "../src/doubles/card-rules";

const NOW = new Date("2030-01-15T12:00:00Z");

describe("detectBrand (Stripe's brand names)", () => {
  it.each([
    ["4242424242424242", "visa"],
    ["4000000000000002", "visa"],
    ["5555555555554444", "mastercard"],
    ["2223003122003222", "mastercard"],
    ["378282246310005", "amex"],
    ["6011111111111117", "discover"],
    ["6445644564456445", "discover"],
    ["3056930009020004", "diners"],
    ["36227206271667", "diners"],
    ["3566002020360505", "jcb"],
    ["6200000000000005", "unionpay"],
  ])("%s is %s", (number, brand) => {
    expect(detectBrand(number)).toBe(brand);
  });

  it("names a brand as soon as the typed prefix settles it", () => {
    expect(detectBrand("4")).toBe("visa");
    expect(detectBrand("37")).toBe("amex");
    expect(detectBrand("3")).toBe("unknown");
    expect(detectBrand("35")).toBe("unknown");
    expect(detectBrand("3530")).toBe("jcb");
    expect(detectBrand("2")).toBe("unknown");
    expect(detectBrand("2221")).toBe("mastercard");
    expect(detectBrand("2721")).toBe("unknown");
    expect(detectBrand("")).toBe("unknown");
  });

  it("ignores spaces and dashes", () => {
    expect(detectBrand("3782 822463 10005")).toBe("amex");
    expect(detectBrand("5555-5555")).toBe("mastercard");
  });
});

describe("luhnValid", () => {
  it("accepts the test numbers and refuses a changed digit", () => {
    for (const n of [
      "4242424242424242",
      "378282246310005",
      "4111111111111111",
      "4788250000028291",
    ]) {
      expect(luhnValid(n)).toBe(true);
    }
    expect(luhnValid("4242424242424241")).toBe(false);
    expect(luhnValid("")).toBe(false);
    expect(luhnValid("4242 4242 4242 4242")).toBe(false); // digits only
  });
});

describe("checkCardNumber (what the card element reports while typing)", () => {
  it("is complete for a valid number of the brand's length", () => {
    expect(checkCardNumber("4242 4242 4242 4242")).toEqual({
      complete: true,
      error: null,
      incompleteError: null,
    });
    expect(checkCardNumber("378282246310005").complete).toBe(true);
    expect(checkCardNumber("36227206271667").complete).toBe(true); // diners, 14 digits
  });

  it("is incomplete (no error until the field is left) while digits are missing", () => {
    const r = checkCardNumber("4242");
    expect(r.complete).toBe(false);
    expect(r.error).toBeNull();
    expect(r.incompleteError).toEqual(MESSAGES.incompleteNumber);
    expect(r.incompleteError?.message).toBe("Your card number is incomplete.");
    expect(checkCardNumber("").incompleteError).toEqual(MESSAGES.incompleteNumber);
  });

  it("is invalid at full length when the Luhn check fails, and at once for an unused first digit", () => {
    expect(checkCardNumber("4242424242424241").error?.message).toBe("Your card number is invalid.");
    expect(checkCardNumber("378282246310006").error?.code).toBe("invalid_number");
    expect(checkCardNumber("9").error?.code).toBe("invalid_number");
    expect(checkCardNumber("1234").error?.code).toBe("invalid_number");
  });

  it("waits for a 16-digit diners number when 14 digits fail the check", () => {
    const r = checkCardNumber("30569300090200");
    expect(r.error).toBeNull();
    expect(r.complete).toBe(false);
  });
});

describe("formatCardNumber and maxCardDigits", () => {
  it("groups digits per brand", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("378282246310005")).toBe("3782 822463 10005");
    expect(formatCardNumber("3056930009020004")).toBe("3056 930009 0200 04");
    expect(formatCardNumber("42424")).toBe("4242 4");
  });

  it("caps the digits at the brand's longest number", () => {
    expect(maxCardDigits("amex")).toBe(15);
    expect(maxCardDigits("visa")).toBe(16);
    expect(maxCardDigits("discover")).toBe(19);
    expect(maxCardDigits("unknown")).toBe(16);
  });
});

describe("expiry", () => {
  it("formats typing as MM / YY", () => {
    expect(formatExpiryInput("4", false)).toBe("04 / ");
    expect(formatExpiryInput("1", false)).toBe("1");
    expect(formatExpiryInput("12", false)).toBe("12 / ");
    expect(formatExpiryInput("12", true)).toBe("12");
    expect(formatExpiryInput("1234", false)).toBe("12 / 34");
    expect(formatExpiryInput("12 / 345", false)).toBe("12 / 34");
  });

  it("checks month, past dates and far-away years against today", () => {
    expect(checkExpiry("01 / 30", NOW).complete).toBe(true); // valid through the end of the month
    expect(checkExpiry("12 / 29", NOW).error?.message).toBe(
      "Your card's expiration date is in the past.",
    );
    expect(checkExpiry("13", NOW).error?.code).toBe("invalid_expiry_month");
    expect(checkExpiry("12 / 3", NOW).incompleteError?.message).toBe(
      "Your card's expiration date is incomplete.",
    );
    expect(checkExpiry("", NOW).error).toBeNull();
    expect(checkExpiryDate(1, 2081, NOW)?.message).toBe("Your card's expiration year is invalid.");
    expect(checkExpiryDate(1, 2080, NOW)).toBeNull();
    expect(checkExpiryDate(0, 2031, NOW)?.code).toBe("invalid_expiry_month");
  });
});

describe("checkCvc and checkPostalCode", () => {
  it("wants 4 digits for amex, 3 for others, 3 or 4 before the brand is known", () => {
    expect(checkCvc("123", "visa").complete).toBe(true);
    expect(checkCvc("1234", "visa").complete).toBe(false);
    expect(checkCvc("123", "amex").complete).toBe(false);
    expect(checkCvc("1234", "amex").complete).toBe(true);
    expect(checkCvc("1234", "unknown").complete).toBe(true);
    expect(checkCvc("12", "visa").incompleteError?.message).toBe(
      "Your card's security code is incomplete.",
    );
  });

  it("accepts a 5- or 9-digit ZIP and other postal codes of 3 to 10 characters", () => {
    expect(checkPostalCode("12345").complete).toBe(true);
    expect(checkPostalCode("1234").incompleteError?.message).toBe(
      "Your postal code is incomplete.",
    );
    expect(checkPostalCode("SW1A 1AA").complete).toBe(true);
    expect(checkPostalCode("").complete).toBe(false);
  });
});

describe("routingNumberValid (ABA checksum)", () => {
  it("accepts Stripe's and CardConnect's test routing numbers and refuses a changed digit", () => {
    expect(routingNumberValid("110000000")).toBe(true);
    expect(routingNumberValid("036001808")).toBe(true);
    expect(routingNumberValid("110000001")).toBe(false);
    expect(routingNumberValid("11000000")).toBe(false);
  });
});
