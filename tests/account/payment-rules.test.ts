import { describe, expect, it } from "vitest";
import { autoPayDisplay, visiblePaymentOptions } from "@/lib/account/account-rules";
import {
  appendMethod,
  canDelete,
  expiryText,
  isBankAccount,
  isDefaultSwitchDisabled,
  lastFour,
  markDefault,
  matchesMethodId,
  removeMethod,
  verificationOf,
} from "@/lib/account/payment-rules";
import type { PaymentMethod } from "@/lib/schemas/account";

const card = (over: Partial<PaymentMethod> = {}): PaymentMethod => ({
  id: "pm_card",
  type: "visa",
  accountNumber: "****4242",
  status: "verified",
  verifyUrl: null,
  paymentMethodType: "card",
  paymentType: "card",
  isDefault: false,
  setupIntentId: null,
  paymentIntentId: null,
  expMonth: 3,
  expYear: 2031,
  ...over,
});
const bank = (over: Partial<PaymentMethod> = {}): PaymentMethod =>
  card({
    id: "pm_bank",
    type: "STRIPE TEST BANK",
    accountNumber: "****6789",
    paymentMethodType: "us_bank_account",
    paymentType: "us_bank_account",
    expMonth: null,
    expYear: null,
    ...over,
  });

describe("bank-account badges (spec 000 §4 display rules)", () => {
  it("shows VERIFIED for a verified bank account, with no Verify link", () => {
    expect(verificationOf(bank({ status: "verified" }))).toEqual({
      label: "verified",
      verifyUrl: null,
    });
  });

  it.each(["new", "unverified"] as const)(
    "shows UNVERIFIED with the Verify link for status %s",
    (status) => {
      expect(verificationOf(bank({ status, verifyUrl: "https://bank.example/v" }))).toEqual({
        label: "unverified",
        verifyUrl: "https://bank.example/v",
      });
    },
  );

  it("always shows VERIFIED for ECHK, whatever its status", () => {
    const echk = bank({ type: "ECHK", status: "new", paymentType: "bank account" });
    expect(verificationOf(echk)).toEqual({ label: "verified", verifyUrl: null });
  });

  it("shows no badge on a card", () => {
    expect(verificationOf(card({ status: "new" }))).toBeNull();
  });

  it.each(["bank_account", "us_bank_account", "bank account"])(
    "reads payment type %s as a bank account",
    (paymentType) => {
      expect(isBankAccount(card({ paymentType, paymentMethodType: "" }))).toBe(true);
    },
  );
});

describe("expiry", () => {
  it("shows MM/YYYY, and '-' when absent or out of range", () => {
    expect(expiryText(card())).toBe("03/2031");
    expect(expiryText(bank())).toBe("-");
    expect(expiryText(card({ expMonth: 13 }))).toBe("-");
    expect(expiryText(card({ expYear: null }))).toBe("-");
  });

  it("reads the last four digits of a masked number", () => {
    expect(lastFour("****4242")).toBe("4242");
    expect(lastFour("xx")).toBe("xx");
  });
});

describe("switch and delete rules", () => {
  it("disables the default's switch only", () => {
    expect(isDefaultSwitchDisabled(card({ isDefault: true }))).toBe(true);
    expect(isDefaultSwitchDisabled(card())).toBe(false);
  });

  it("hides delete when auto-pay is on and only one method exists", () => {
    expect(canDelete(1, true)).toBe(false);
    expect(canDelete(1, false)).toBe(true);
    expect(canDelete(2, true)).toBe(true);
  });
});

describe("state changes (spec 000 §4 account changes)", () => {
  const list = [
    card({ id: "pm_a", isDefault: true, setupIntentId: "seti_a", paymentIntentId: "pi_a" }),
    bank({ id: "pm_b", setupIntentId: "seti_b" }),
  ];

  it("matches seti_ ids by setup intent, pi_ ids by payment intent, others by id", () => {
    expect(matchesMethodId(list[0]!, "seti_a")).toBe(true);
    expect(matchesMethodId(list[0]!, "pi_a")).toBe(true);
    expect(matchesMethodId(list[0]!, "pm_a")).toBe(true);
    expect(matchesMethodId(list[1]!, "seti_a")).toBe(false);
    // An id that looks like an intent is never compared with the method's own id.
    expect(matchesMethodId(card({ id: "seti_x", setupIntentId: null }), "seti_x")).toBe(false);
  });

  it("removes by the id rule", () => {
    expect(removeMethod(list, "seti_b").map((m) => m.id)).toEqual(["pm_a"]);
    expect(removeMethod(list, "pi_a").map((m) => m.id)).toEqual(["pm_b"]);
    expect(removeMethod(list, "pm_b").map((m) => m.id)).toEqual(["pm_a"]);
    expect(removeMethod(list, "pm_gone")).toHaveLength(2);
  });

  it("appends an added method; a default one takes the flag from the others", () => {
    const plain = appendMethod(list, card({ id: "pm_c" }));
    expect(plain.map((m) => [m.id, m.isDefault])).toEqual([
      ["pm_a", true],
      ["pm_b", false],
      ["pm_c", false],
    ]);
    const asDefault = appendMethod(list, card({ id: "pm_c", isDefault: true }));
    expect(asDefault.map((m) => [m.id, m.isDefault])).toEqual([
      ["pm_a", false],
      ["pm_b", false],
      ["pm_c", true],
    ]);
  });

  it("marks only the named method as default", () => {
    expect(markDefault(list, "seti_b").map((m) => m.isDefault)).toEqual([false, true]);
    expect(markDefault(list, "pm_a").map((m) => m.isDefault)).toEqual([true, false]);
  });
});

describe("payment options and auto-pay", () => {
  const options = {
    achEnabled: true,
    creditEnabled: false,
    achCreditEnabled: true,
    affirmEnabled: false,
  };

  it("shows bank-account credit and Affirm only on stripe", () => {
    expect(visiblePaymentOptions(options, "stripe")).toEqual([
      { key: "credit", on: false },
      { key: "ach", on: true },
      { key: "achCredit", on: true },
      { key: "affirm", on: false },
    ]);
    expect(visiblePaymentOptions(options, "cardconnect").map((o) => o.key)).toEqual([
      "credit",
      "ach",
    ]);
    expect(visiblePaymentOptions(options, null).map((o) => o.key)).toEqual(["credit", "ach"]);
  });

  it("shows the switch only when auto-pay is editable, else the 'enabled' text when on", () => {
    expect(autoPayDisplay({ autoPay: true, editAutoPay: true })).toBe("switch");
    expect(autoPayDisplay({ autoPay: false, editAutoPay: true })).toBe("switch");
    expect(autoPayDisplay({ autoPay: true, editAutoPay: false })).toBe("enabledText");
    expect(autoPayDisplay({ autoPay: false, editAutoPay: false })).toBe("disabledText");
  });
});
