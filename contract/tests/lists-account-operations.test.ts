// The lists' and the account's operations (docs/CONTRACT.md §5, §6): a conforming answer of each
// passes, and the breaks a billing API is likely to make are named by their JSON path and kind.
import { describe, expect, it } from "vitest";
import { answerDifferences, type Difference } from "../src/conformance";
import { operationById } from "../src/operations";

const ok = (data: unknown) => ({ code: 200, data, error: null });
const check = (id: string, data: unknown) => answerDifferences(operationById(id), 200, ok(data));
const first = (found: Difference[]) => found[0] && { path: found[0].path, kind: found[0].kind };

const invoice = {
  id: "INV-0001",
  invoice_date: "2026-10-01",
  due_date: "2026-10-31",
  invoice_amount: 120.5,
  balance: 20,
  status: "Partially paid",
  overdue: true,
  created_date: "2026-10-01T12:00:00.000Z",
  updated_date: "2026-10-02T12:00:00.000Z",
  currency: "USD",
  salesforce_id: null,
  custom_fields: { po: "PO-1", contract: { attachment_id: "att_1", file_name: "a.pdf" } },
};
const customField = {
  id: "cf_1",
  api_name: "po",
  field_label: "PO",
  field_type: "text",
  required: false,
  display_in_cp: true,
  default_value: null,
  options: { data_type: "string" },
};
const page = {
  invoices: [invoice],
  total: 1,
  customFields: [customField],
  tableConfiguration: { column_width: { id: 120 }, column_order: ["id"], sorting: null },
  objectConfiguration: {
    invoice: {
      fields: [{ id: "id", display_name: "Invoice ID", order_no: 1, column_enabled: true }],
    },
  },
};
const payment = {
  id: "PAY-1",
  payment_date: "2026-10-05",
  payment_method: "Card",
  payment_amount: 100.5,
  status: "succeeded",
  invoice_ids: ["INV-0001"],
  invoice_totals: [10050],
  applied_amount: 100.5,
  unapplied_amount: 0,
  refunded_amount: 0,
  auto_apply: true,
  created_date: null,
  updated_date: null,
  currency: "USD",
  custom_fields: {},
};
const accountDetail = {
  customerAccountDetails: {
    balance: 1234.5,
    payment_date: "2026-10-05",
    payment_amount: 100.5,
    payment_currency: "USD",
    last_paid_invoice: "INV-0002",
    inv_paid_amount: 50,
    invoice_currency: "USD",
    invoice_pdf_url: null,
    customer_currency: "USD",
    paymentGatewayEnabled: true,
  },
};
const contact = {
  first_name: "Ada",
  last_name: "Lovelace",
  address1: null,
  address2: null,
  city: "London",
  state: null,
  zip: null,
  phone: null,
  mobile: null,
  email: "ada@acme.test",
  job_title: null,
  department: null,
  auto_pay: false,
  edit_auto_pay: true,
  payment_options: {
    ach_enabled: true,
    credit_enabled: true,
    ach_credit_enabled: false,
    affirm_enabled: false,
  },
};
const method = {
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
const gateway = {
  name: "stripe",
  gateway_configuration: { site: null, accept_cvv: true },
  test_enabled: "true",
  allowed_cards: ["visa"],
  api_key: "pk_test_1",
  account_id: "acct_1",
  ach_enabled: true,
  cc_enabled: true,
};

describe("the lists' operations", () => {
  it("take a conforming page of each list, payments nested", () => {
    expect(check("listInvoices", page)).toEqual([]);
    expect(
      check("listPayments", { payments: { payments: [payment], total: null, customFields: [] } }),
    ).toEqual([]);
    expect(check("getAccountDetail", accountDetail)).toEqual([]);
    expect(
      check("fetchFilterInstances", {
        resultData: { results: [{ label: "paid", value: "paid" }] },
      }),
    ).toEqual([]);
    expect(check("getPayNowUrl", { payNowUrl: "https://pay.example/x" })).toEqual([]);
    expect(check("createExport", { jobId: "job_1", status: "queued" })).toEqual([]);
  });

  it("name a balance sent as a string, an unknown status and payments not nested", () => {
    const details = { ...accountDetail.customerAccountDetails, balance: "1234.50" };
    expect(first(check("getAccountDetail", { customerAccountDetails: details }))).toEqual({
      path: "$.data.customerAccountDetails.balance",
      kind: "wrong type",
    });
    expect(
      first(check("listInvoices", { ...page, invoices: [{ ...invoice, status: "Open" }] })),
    ).toEqual({
      path: "$.data.invoices[0].status",
      kind: "unknown enum value",
    });
    expect(
      first(check("listPayments", { payments: [payment], total: 1, customFields: [] })),
    ).toEqual({
      path: "$.data.payments",
      kind: "wrong type",
    });
  });

  it("name a renamed row field and a day written as a timestamp", () => {
    const { due_date, ...rest } = invoice;
    expect(
      first(check("listInvoices", { ...page, invoices: [{ ...rest, dueDate: due_date }] })),
    ).toEqual({
      path: "$.data.invoices[0].due_date",
      kind: "renamed",
    });
    expect(
      first(
        check("listInvoices", {
          ...page,
          invoices: [{ ...invoice, invoice_date: "2026-10-01T00:00:00Z" }],
        }),
      ),
    ).toEqual({ path: "$.data.invoices[0].invoice_date", kind: "invalid" });
  });
});

describe("the account's operations", () => {
  it("take conforming contact details, payment methods and bank details", () => {
    expect(check("getContactDetails", contact)).toEqual([]);
    expect(check("listPaymentMethods", { paymentMethods: [method], gateway })).toEqual([]);
    expect(check("setDefaultPaymentMethod", method)).toEqual([]);
    expect(
      check("getAchCreditDetails", {
        account_number: "123",
        routing_number: "456",
        swift_code: null,
        bank_name: "Bank",
        cash_balance: 10,
      }),
    ).toEqual([]);
    expect(check("updateAutoPay", { auto_pay: true })).toEqual([]);
  });

  it("name an unknown payment-method status, test_enabled as a boolean and a missing flag", () => {
    expect(
      first(
        check("listPaymentMethods", {
          paymentMethods: [{ ...method, status: "pending" }],
          gateway,
        }),
      ),
    ).toEqual({ path: "$.data.paymentMethods[0].status", kind: "unknown enum value" });
    expect(
      first(
        check("listPaymentMethods", {
          paymentMethods: [method],
          gateway: { ...gateway, test_enabled: true },
        }),
      ),
    ).toEqual({ path: "$.data.gateway.test_enabled", kind: "unknown enum value" });
    const { edit_auto_pay: _, ...rest } = contact;
    expect(first(check("getContactDetails", rest))).toEqual({
      path: "$.data.edit_auto_pay",
      kind: "missing",
    });
  });
});
