import { describe, expect, it } from "vitest";
import { buildAddPaymentPayload, enabledKinds } from "@/lib/account/add-payment";
import {
  brandIcons,
  brandOfCardSecureToken,
  isBrandAllowed,
  normalizeBrand,
  refusedBrand,
} from "@/lib/account/card-brands";
import { gatewayFamily, toContactFormValues } from "@/lib/schemas/account";
import { addPaymentMethodSchema, stripeBankFormSchema } from "@/lib/schemas/account-forms";

describe("the gateway name rule (spec 000 §9)", () => {
  it("takes the part before the dash, lower-cased", () => {
    expect(gatewayFamily("cardconnect-test")).toBe("cardconnect");
    expect(gatewayFamily("Stripe")).toBe("stripe");
    expect(gatewayFamily(" STRIPE-live ")).toBe("stripe");
    expect(gatewayFamily("paypal")).toBeNull();
    expect(gatewayFamily(null)).toBeNull();
  });
});

describe("buildAddPaymentPayload (spec 000 §3)", () => {
  it("builds a Stripe card: its PaymentMethod id, both spellings of the kind, the brand, no token", () => {
    const payload = buildAddPaymentPayload("stripe", {
      kind: "CC",
      token: "pm_1Abc",
      brand: "diners",
      isDefault: true,
    });
    expect(payload).toEqual({
      payment_method_id: "pm_1Abc",
      paymentMethod: "CC",
      payment_type: "Credit Card",
      default: true,
      type: "dinersclub",
      gateway_name: "stripe",
    });
    expect(addPaymentMethodSchema.safeParse(payload).success).toBe(true);
  });

  it("builds a bank account without a brand", () => {
    const payload = buildAddPaymentPayload("stripe", {
      kind: "ACH",
      token: "pm_bank",
      isDefault: false,
    });
    expect(payload).toEqual({
      payment_method_id: "pm_bank",
      paymentMethod: "ACH",
      payment_type: "Bank Account",
      default: false,
      gateway_name: "stripe",
    });
  });

  it("sends a CardSecure token as payment_method_id and token, with the gateway's family", () => {
    const payload = buildAddPaymentPayload("cardconnect-test", {
      kind: "CC",
      token: "9411234567891111",
      brand: "visa",
      isDefault: false,
    });
    expect(payload).toMatchObject({
      payment_method_id: "9411234567891111",
      token: "9411234567891111",
      gateway_name: "cardconnect",
      type: "visa",
    });
    expect(addPaymentMethodSchema.safeParse(payload).success).toBe(true);
  });

  it("leaves out a brand the provider could not tell", () => {
    expect(
      buildAddPaymentPayload("cardconnect", {
        kind: "CC",
        token: "9991234567891111",
        brand: "unknown",
        isDefault: false,
      }),
    ).not.toHaveProperty("type");
  });

  it("refuses a gateway it cannot name", () => {
    expect(() =>
      buildAddPaymentPayload("paypal", { kind: "CC", token: "pm_x", isDefault: false }),
    ).toThrow();
  });

  it("offers the kinds the gateway enables (none: the paymentMethod.disabled alert)", () => {
    expect(enabledKinds({ ccEnabled: true, achEnabled: true })).toEqual(["CC", "ACH"]);
    expect(enabledKinds({ ccEnabled: false, achEnabled: true })).toEqual(["ACH"]);
    expect(enabledKinds({ ccEnabled: false, achEnabled: false })).toEqual([]);
  });
});

describe("brand check (spec 000 §5)", () => {
  const allowed = ["visa", "mastercard", "amex", "dinersclub"];

  it("reads Stripe's 'diners' as 'dinersclub'", () => {
    expect(normalizeBrand("diners")).toBe("dinersclub");
    expect(normalizeBrand(" Visa ")).toBe("visa");
    expect(isBrandAllowed("diners", allowed)).toBe(true);
  });

  it("refuses a brand outside allowed_cards and names it", () => {
    expect(refusedBrand("discover", allowed)).toBe("discover");
    expect(refusedBrand("jcb", ["visa"])).toBe("jcb");
    expect(refusedBrand("visa", allowed)).toBeNull();
    expect(refusedBrand("unknown", allowed)).toBeNull();
    expect(refusedBrand(null, allowed)).toBeNull();
  });

  it("draws the allowed brands it knows, once each, in the gateway's order", () => {
    expect(brandIcons(["amex", "Visa", "diners", "dinersclub", "maestro"])).toEqual([
      "amex",
      "visa",
      "dinersclub",
    ]);
  });

  it("reads a card's brand from a CardSecure token's second and third digits", () => {
    expect(brandOfCardSecureToken("9411234567891111")).toBe("visa");
    expect(brandOfCardSecureToken("9551234567894444")).toBe("mastercard");
    expect(brandOfCardSecureToken("9371234567890005")).toBe("amex");
    expect(brandOfCardSecureToken("9301234567890004")).toBe("dinersclub");
    expect(brandOfCardSecureToken("9601234567891117")).toBe("discover");
    expect(brandOfCardSecureToken("9351234567890505")).toBe("jcb");
    expect(brandOfCardSecureToken("4242424242424242")).toBe("unknown");
  });
});

describe("forms' schemas", () => {
  it("requires the four fields of Stripe's bank form", () => {
    const result = stripeBankFormSchema.safeParse({
      account_holder_name: "",
      account_holder_email: "",
      account_holder_type: "individual",
      routing_number: "",
      account_number: "",
      country: "US",
    });
    expect(result.success).toBe(false);
    const fields = new Set(result.error?.issues.map((i) => i.path.join(".")));
    expect([...fields].sort()).toEqual([
      "account_holder_email",
      "account_holder_name",
      "account_number",
      "routing_number",
    ]);
  });

  it("turns saved contact details into form values (null → '')", () => {
    const values = toContactFormValues({
      firstName: "Ada",
      lastName: null,
      email: "ada@acme.test",
      phone: null,
      mobile: null,
      jobTitle: null,
      department: null,
      address1: null,
      address2: null,
      city: null,
      state: null,
      zip: "02139",
    });
    expect(values.firstName).toBe("Ada");
    expect(values.lastName).toBe("");
    expect(values.zip).toBe("02139");
    expect(Object.keys(values)).toHaveLength(12);
  });
});
