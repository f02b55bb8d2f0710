// The account operations (docs/CONTRACT.md §6): a conforming answer of each passes, and the
// breaks a billing API is likely to make are named by their JSON path and kind.
import { describe, expect, it } from "vitest";
import { answerDifferences, type Difference } from "../src/conformance";
import type { Operation } from "../src/operation";
import { operationById } from "../src/operations";
import * as accountOperations from "../src/operations/account";

const ok = (data: unknown) => ({ code: 200, data, error: null });
const differences = (op: Operation, data: unknown) => answerDifferences(op, 200, ok(data));
const first = (found: Difference[]) => found[0] && { path: found[0].path, kind: found[0].kind };

const contact = {
  first_name: "Ada",
  last_name: "Lovelace",
  address1: "1 Analytical Way",
  address2: null,
  city: "London",
  state: null,
  zip: "N1 9GU",
  phone: "+44 20 7946 0000",
  mobile: null,
  email: "ada@acme.test",
  job_title: "Engineer",
  department: null,
  auto_pay: true,
  edit_auto_pay: true,
  payment_options: {
    ach_enabled: true,
    credit_enabled: true,
    ach_credit_enabled: true,
    affirm_enabled: false,
  },
};

const card = {
  id: "pm_1",
  type: "visa",
  account_number: "****4242",
  status: "verified",
  verify_url: null,
  payment_method_type: "card",
  payment_type: "card",
  default: true,
  setup_intent_id: "seti_1",
  payment_intent_id: null,
  exp_month: 12,
  exp_year: 2030,
  created_at: "2026-01-01T00:00:00.000Z",
};

const bankAccount = {
  ...card,
  id: "pm_2",
  type: "STRIPE TEST BANK",
  account_number: "****6789",
  status: "new",
  verify_url: "https://sandbox.test/v1/hosted/verify-bank?token=abc",
  payment_method_type: "us_bank_account",
  payment_type: "us_bank_account",
  default: false,
  exp_month: null,
  exp_year: null,
};

const gateway = {
  name: "stripe",
  gateway_configuration: { site: null, accept_cvv: true },
  test_enabled: "true",
  allowed_cards: ["visa", "mastercard"],
  api_key: "pk_test_1",
  account_id: "acct_1",
  ach_enabled: true,
  cc_enabled: true,
};

const achCredit = {
  account_number: "000123456789",
  routing_number: "110000000",
  swift_code: null,
  bank_name: "Test Bank",
  cash_balance: 250.75,
};

/** A conforming `data` for every account operation. */
const samples: Record<keyof typeof accountOperations, unknown> = {
  getContactDetails: contact,
  updateContactDetails: { ...contact, job_title: null },
  changePassword: { success: true },
  updateAutoPay: { auto_pay: false },
  listPaymentMethods: { paymentMethods: [card, bankAccount], gateway },
  addPaymentMethod: bankAccount,
  setDefaultPaymentMethod: card,
  deletePaymentMethod: { success: true },
  getAchCreditDetails: achCredit,
  getAddPaymentMethodFormUrl: {
    formUrl: "https://sandbox.test/v1/hosted/add-payment-method?token=abc&expires=1",
  },
  clearCache: { success: true },
};

describe("the account operations", () => {
  it("are registered under their ids", () => {
    for (const [name, op] of Object.entries(accountOperations)) {
      expect(op.id).toBe(name);
      expect(operationById(op.id)).toBe(op);
    }
  });

  it.each(Object.entries(accountOperations))("%s takes a conforming answer", (name, op) => {
    expect(differences(op, samples[name as keyof typeof accountOperations])).toEqual([]);
  });

  it("take extra fields, a form URL of null and an empty list of methods", () => {
    const { getContactDetails, getAddPaymentMethodFormUrl, listPaymentMethods } = accountOperations;
    expect(differences(getContactDetails, { ...contact, customer_id: "C-1" })).toEqual([]);
    expect(differences(getAddPaymentMethodFormUrl, { formUrl: null })).toEqual([]);
    expect(differences(listPaymentMethods, { paymentMethods: [], gateway })).toEqual([]);
  });

  it("take the 404 of a customer without bank-transfer details, which the portal can live with", () => {
    const { getAchCreditDetails } = accountOperations;
    expect(getAchCreditDetails.optional).toBe(true);
    expect(getAchCreditDetails.errors).toContain(404);
    expect(
      answerDifferences(getAchCreditDetails, 404, {
        code: 404,
        data: null,
        error: "No bank-transfer details",
        errorCode: "not_found",
      }),
    ).toEqual([]);
  });

  it("list 401 for every bearer call and the 400 refusals they describe", () => {
    for (const op of Object.values(accountOperations)) expect(op.errors).toContain(401);
    const { addPaymentMethod, deletePaymentMethod, setDefaultPaymentMethod, changePassword } =
      accountOperations;
    for (const code of ["raw_account_number", "gateway_mismatch", "duplicate_payment_method"])
      expect(addPaymentMethod.description).toContain(code);
    expect(deletePaymentMethod.description).toContain("last_payment_method");
    expect(setDefaultPaymentMethod.description).toContain("id_mismatch");
    expect(changePassword.description).toContain("invalid_current_password");
    expect(changePassword.errors).toContain(429);
  });
});

describe("the account operations name a broken answer", () => {
  const {
    getContactDetails,
    updateAutoPay,
    listPaymentMethods,
    addPaymentMethod,
    setDefaultPaymentMethod,
    deletePaymentMethod,
    getAchCreditDetails,
    getAddPaymentMethodFormUrl,
  } = accountOperations;

  it("a renamed contact field", () => {
    const { first_name, ...rest } = contact;
    expect(first(differences(getContactDetails, { ...rest, firstName: first_name }))).toEqual({
      path: "$.data.first_name",
      kind: "renamed",
    });
  });

  it("a contact field left out instead of null", () => {
    const { address2: _, ...rest } = contact;
    expect(first(differences(getContactDetails, rest))).toEqual({
      path: "$.data.address2",
      kind: "missing",
    });
  });

  it("a payment option sent as a string", () => {
    expect(
      first(
        differences(getContactDetails, {
          ...contact,
          payment_options: { ...contact.payment_options, ach_enabled: "true" },
        }),
      ),
    ).toEqual({ path: "$.data.payment_options.ach_enabled", kind: "wrong type" });
  });

  it("auto_pay as 0 or 1", () => {
    expect(first(differences(updateAutoPay, { auto_pay: 1 }))).toEqual({
      path: "$.data.auto_pay",
      kind: "wrong type",
    });
  });

  it("an id as a number and an unknown status in the list", () => {
    expect(
      first(differences(listPaymentMethods, { paymentMethods: [{ ...card, id: 17 }], gateway })),
    ).toEqual({ path: "$.data.paymentMethods[0].id", kind: "wrong type" });
    expect(
      first(differences(addPaymentMethod, { ...bankAccount, status: "pending_verification" })),
    ).toEqual({ path: "$.data.status", kind: "unknown enum value" });
  });

  it("the methods sent without their wrapper", () => {
    expect(first(differences(listPaymentMethods, [card]))).toEqual({
      path: "$.data",
      kind: "wrong type",
    });
  });

  it("a renamed flag, an expiry month out of range and a day for an instant", () => {
    const { default: isDefault, ...rest } = card;
    expect(first(differences(setDefaultPaymentMethod, { ...rest, is_default: isDefault }))).toEqual(
      { path: "$.data.default", kind: "renamed" },
    );
    expect(first(differences(setDefaultPaymentMethod, { ...card, exp_month: 13 }))).toEqual({
      path: "$.data.exp_month",
      kind: "out of range",
    });
    expect(
      first(differences(setDefaultPaymentMethod, { ...card, created_at: "2026-01-01" })),
    ).toEqual({ path: "$.data.created_at", kind: "invalid" });
  });

  it("a gateway flag as a boolean", () => {
    expect(
      first(
        differences(listPaymentMethods, {
          paymentMethods: [card],
          gateway: { ...gateway, test_enabled: false },
        }),
      ),
    ).toEqual({ path: "$.data.gateway.test_enabled", kind: "unknown enum value" });
  });

  it("a delete acknowledged with false", () => {
    expect(first(differences(deletePaymentMethod, { success: false }))).toEqual({
      path: "$.data.success",
      kind: "unknown enum value",
    });
  });

  it("a cash balance as a decimal string and a missing bank name", () => {
    expect(
      first(differences(getAchCreditDetails, { ...achCredit, cash_balance: "250.75" })),
    ).toEqual({ path: "$.data.cash_balance", kind: "wrong type" });
    const { bank_name: _, ...rest } = achCredit;
    expect(first(differences(getAchCreditDetails, rest))).toEqual({
      path: "$.data.bank_name",
      kind: "missing",
    });
  });

  it("a form URL renamed", () => {
    expect(first(differences(getAddPaymentMethodFormUrl, { url: "https://x.test" }))).toEqual({
      path: "$.data.formUrl",
      kind: "renamed",
    });
  });
});
