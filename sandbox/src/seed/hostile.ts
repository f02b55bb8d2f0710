/**
 * The hostile company (POST /__sandbox/companies/hostile): a company of its own at
 * `hostile.localhost` whose every company-written or customer string is a script-shaped payload
 * (seed/hostile-payloads.ts), with a customer, one user, a few rows of every list, account data, a
 * plan catalogue and subscriptions, and `javascript:` and plain-http URLs for its logo, banner,
 * terms and privacy notice. Stored XSS tests load its pages in a browser: nothing may run, no
 * hostile URL may be linked or loaded. Not part of the seed: a reset removes it.
 */
import { hashPassword } from "../crypto";
import type { Db, Queryable } from "../db";
import { addDays, easternDate, easternInstant } from "../lists/business-day";
import { addMonths } from "../subscriptions/calendar";
import {
  configurationRows,
  insertBilling,
  insertJson,
  type ApplicationSeed,
  type CreditSeed,
  type InvoiceSeed,
  type PaymentSeed,
  type StatementSeed,
  type UsageSeed,
} from "./billing";
import type { CustomFieldSeed } from "./billing-catalog";
import {
  HOSTILE_COMPANY_ID,
  HOSTILE_DOMAIN,
  HOSTILE_EMAIL,
  HOSTILE_PAYLOADS as P,
  HOSTILE_URLS,
} from "./hostile-payloads";
import { SEED_PASSWORD } from "./index";

export { HOSTILE_COMPANY_ID, HOSTILE_DOMAIN, HOSTILE_EMAIL } from "./hostile-payloads";

const CUSTOMER_ID = "cus_hostile_1";
const USER_ID = "00000000-0000-4000-8000-0000000000ff";
const ALL_TABS = ["invoices", "payments", "usages", "credits", "statements", "subscriptions"];

/** The ids a test needs to find the hostile rows (invoices, attachment, subscriptions, plans). */
export const HOSTILE_IDS = {
  customer: CUSTOMER_ID,
  invoices: ["INV-H00001", "INV-H00002", "INV-H00003"],
  attachment: "att_hostile_1",
  activeSubscription: "SUB-H001",
  cancelledSubscription: "SUB-H002",
  plans: ["PLN-H001", "PLN-H002", "PLN-H003"],
} as const;

/** What POST /__sandbox/companies/hostile answers. */
export type HostileCompany = {
  companyId: string;
  domain: string;
  email: string;
  customerId: string;
  payloads: typeof P;
  urls: typeof HOSTILE_URLS;
  ids: typeof HOSTILE_IDS;
};

/** Custom fields of every list, text type and shown in the portal; invoices add a note and a file. */
const CUSTOM_FIELDS: CustomFieldSeed[] = [
  ["invoices", "hostile_ref", P.invoiceFieldLabel, "text"],
  ["invoices", "hostile_note", P.invoiceNoteLabel, "textarea"],
  ["invoices", "hostile_file", P.invoiceFileLabel, "file_upload"],
  ["payments", "hostile_bank_ref", P.paymentFieldLabel, "text"],
  ["usages", "hostile_meter", P.usageFieldLabel, "text"],
  ["credits", "hostile_reason", P.creditFieldLabel, "text"],
  ["statements", "hostile_channel", P.statementFieldLabel, "text"],
].map(([module, api_name, field_label, field_type]) => ({
  module: module as CustomFieldSeed["module"],
  api_name: api_name as string,
  field_label: field_label as string,
  field_type: field_type as CustomFieldSeed["field_type"],
  // Values are fixed below; the recipe is what the type asks for.
  values: { kind: "pick", from: [] },
}));

/** Display names of built-in invoice columns, and the hidden-by-default ones the company shows. */
const INVOICE_COLUMN_NAMES: Record<string, string> = {
  invoice_date: P.columnInvoiceDate,
  status: P.columnStatus,
  balance: P.columnBalance,
};
const INVOICE_COLUMNS_SHOWN = new Set(["salesforce_id"]);

/** `INSERT INTO table (keys of the first row) VALUES ...`: column defaults apply to what is left out. */
async function insertRows(
  q: Queryable,
  table: string,
  rows: Record<string, unknown>[],
): Promise<void> {
  const columns = Object.keys(rows[0] ?? {});
  if (columns.length === 0) return;
  const values = rows
    .map((_, r) => `(${columns.map((__, c) => `$${r * columns.length + c + 1}`).join(", ")})`)
    .join(", ");
  await q.query(
    `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${values}`,
    rows.flatMap((row) => columns.map((c) => row[c])),
  );
}

const at = (date: string, hour: number) => easternInstant(date, hour * 3600).toISOString();

/** The rows of the five lists, dated relative to `today` (Eastern). */
function billingRows(today: string) {
  const [inv1, inv2, inv3] = HOSTILE_IDS.invoices;
  const invoice = (
    id: string,
    age: number,
    amount: string,
    balance: string,
    status: InvoiceSeed["status"],
    custom: Record<string, unknown>,
  ): InvoiceSeed => ({
    id,
    customer_id: CUSTOMER_ID,
    invoice_date: addDays(today, -age),
    due_date: addDays(today, 30 - age),
    invoice_amount: amount,
    balance,
    status,
    currency: "USD",
    salesforce_id: P.invoiceSalesforceId,
    custom_fields: custom,
    created_date: at(addDays(today, -age), 9),
    updated_date: at(addDays(today, -age), 9),
  });
  const invoices = [
    invoice(inv1, 5, "420.00", "420.00", "Posted", {
      hostile_ref: P.invoiceFieldValue1,
      hostile_note: P.invoiceNoteValue,
      hostile_file: { attachment_id: HOSTILE_IDS.attachment, file_name: P.invoiceFileName },
    }),
    invoice(inv2, 40, "310.50", "110.50", "Partially paid", { hostile_ref: P.invoiceFieldValue2 }),
    invoice(inv3, 70, "199.99", "0.00", "Paid", { hostile_ref: P.invoiceFieldValue3 }),
  ];
  const payment = (
    id: string,
    age: number,
    amount: string,
    custom: Record<string, unknown>,
  ): PaymentSeed => ({
    id,
    customer_id: CUSTOMER_ID,
    payment_date: addDays(today, -age),
    payment_method: P.paymentMethod,
    payment_amount: amount,
    status: "succeeded",
    applied_amount: amount,
    unapplied_amount: "0.00",
    refunded_amount: "0.00",
    auto_apply: true,
    currency: "USD",
    custom_fields: custom,
    created_date: at(addDays(today, -age), 11),
    updated_date: at(addDays(today, -age), 11),
  });
  const payments = [
    payment("PAY-H00001", 60, "199.99", { hostile_bank_ref: P.paymentFieldValue }),
    payment("PAY-H00002", 20, "200.00", { hostile_bank_ref: P.paymentFieldValue }),
  ];
  const applications: ApplicationSeed[] = [
    { payment_id: "PAY-H00001", invoice_id: inv3, amount: "199.99", position: 0 },
    { payment_id: "PAY-H00002", invoice_id: inv2, amount: "200.00", position: 0 },
  ];
  const usages: UsageSeed[] = [3, 12].map((age, i) => ({
    id: `USG-H00000${i + 1}`,
    customer_id: CUSTOMER_ID,
    date: addDays(today, -age),
    description: P.usageDescription,
    quantity: "12.5",
    unit_of_measure: P.usageUnit,
    subscription_id: HOSTILE_IDS.activeSubscription,
    charge_id: "CHG-H001-1",
    subscription_line_id: "SPL-H001-1",
    invoiced: false,
    invoice_id: null,
    invoice_date: null,
    billing_start_date: `${addDays(today, -age).slice(0, 7)}-01`,
    billing_end_date: addDays(today, -age),
    custom_fields: { hostile_meter: P.usageFieldValue },
    created_date: at(addDays(today, -age), 8),
    updated_date: at(addDays(today, -age), 8),
  }));
  const credits: CreditSeed[] = [
    {
      id: "CR-H00001",
      customer_id: CUSTOMER_ID,
      credit_date: addDays(today, -15),
      credit_amount: "25.00",
      unapplied_amount: "25.00",
      currency: "USD",
      reference_number: P.creditReference,
      status: "Processed",
      custom_fields: { hostile_reason: P.creditFieldValue },
      created_date: at(addDays(today, -15), 10),
      updated_date: at(addDays(today, -15), 10),
    },
  ];
  const month = `${addDays(today, -1).slice(0, 7)}-01`;
  const statements: StatementSeed[] = [
    {
      id: "ST-H00001",
      customer_id: CUSTOMER_ID,
      customer_name: P.statementCustomerName,
      statement_date: month,
      start_date: `${addDays(month, -1).slice(0, 7)}-01`,
      end_date: addDays(month, -1),
      custom_fields: { hostile_channel: P.statementFieldValue },
      created_date: at(month, 6),
      updated_date: at(month, 6),
    },
  ];
  return { invoices, payments, applications, usages, credits, statements };
}

type ChargeRow = {
  name: string;
  model: "flat" | "per_unit";
  price: number;
  qty: number;
  uom: string | null;
};

/** Three plans whose names, descriptions and charge names are payloads. */
const PLANS: { id: string; name: string; description: string | null; charges: ChargeRow[] }[] = [
  {
    id: "PLN-H001",
    name: P.planName1,
    description: P.planDescription1,
    charges: [
      { name: P.chargeName1a, model: "per_unit", price: 12.5, qty: 2, uom: P.chargeUnit1 },
      { name: P.chargeName1b, model: "flat", price: 20, qty: 1, uom: null },
    ],
  },
  {
    id: "PLN-H002",
    name: P.planName2,
    description: P.planDescription2,
    charges: [{ name: P.chargeName2, model: "flat", price: 15, qty: 1, uom: null }],
  },
  {
    id: "PLN-H003",
    name: P.planName3,
    description: null,
    charges: [{ name: P.chargeName3, model: "per_unit", price: 3, qty: 5, uom: "seats" }],
  },
];

async function insertSubscriptions(tx: Queryable, today: string): Promise<void> {
  const chargeId = (planId: string, i: number) => `CHG-${planId.slice(4)}-${i + 1}`;
  await insertJson(
    tx,
    "plans",
    PLANS.map((p) => ({
      id: p.id,
      company_id: HOSTILE_COMPANY_ID,
      name: p.name,
      status: "active",
      description: p.description,
      billing_period: "monthly",
      currency: "USD",
      upgradable: false,
    })),
  );
  await insertJson(
    tx,
    "plan_charges",
    PLANS.flatMap((p) =>
      p.charges.map((c, i) => ({
        id: chargeId(p.id, i),
        plan_id: p.id,
        position: i + 1,
        name: c.name,
        charge_type: "Recurring",
        pricing_model: c.model,
        charge_timing: "in_advance",
        list_price: c.price,
        billing_period: "monthly",
        default_quantity: c.qty,
        unit_of_measure: c.uom,
        tiers: [],
      })),
    ),
  );
  const start = (monthsAgo: number, day: number) =>
    `${addMonths(`${today.slice(0, 7)}-01`, -monthsAgo).slice(0, 8)}${String(day).padStart(2, "0")}`;
  const active = start(3, 5);
  const cancelled = start(8, 10);
  await insertJson(tx, "subscriptions", [
    {
      id: HOSTILE_IDS.activeSubscription,
      customer_id: CUSTOMER_ID,
      name: P.subscriptionName,
      status: "active",
      start_date: active,
      contract_term: 12,
      auto_renew: true,
      po_number: P.subscriptionPoNumber,
      description: P.subscriptionDescription,
      renewal_date: addMonths(active, 12),
      cancellation_date: null,
      cancellation_type: null,
      currency: "USD",
      crm_reference: P.subscriptionCrmReference,
    },
    {
      id: HOSTILE_IDS.cancelledSubscription,
      customer_id: CUSTOMER_ID,
      name: P.cancelledSubscriptionName,
      status: "cancelled",
      start_date: cancelled,
      contract_term: 12,
      auto_renew: false,
      po_number: null,
      description: null,
      renewal_date: null,
      cancellation_date: addDays(today, -20),
      cancellation_type: "specific_date",
      currency: "USD",
      crm_reference: null,
    },
  ]);
  const lines = [
    { subscription: HOSTILE_IDS.activeSubscription, plan: PLANS[0]! },
    { subscription: HOSTILE_IDS.cancelledSubscription, plan: PLANS[2]! },
  ];
  await insertJson(
    tx,
    "subscription_plans",
    lines.map((l) => ({
      id: `SPL-${l.subscription.slice(4)}-1`,
      subscription_id: l.subscription,
      plan_id: l.plan.id,
      position: 1,
    })),
  );
  await insertJson(
    tx,
    "subscription_charges",
    lines.flatMap((l) =>
      l.plan.charges.map((c, j) => ({
        id: `SCH-${l.subscription.slice(4)}-1-${j + 1}`,
        subscription_plan_id: `SPL-${l.subscription.slice(4)}-1`,
        charge_id: chargeId(l.plan.id, j),
        position: j + 1,
        quantity: c.qty,
        usage_charge_ref: null,
      })),
    ),
  );
}

async function insertHostile(tx: Queryable, now: number, passwordHash: string): Promise<void> {
  const today = easternDate(now);
  const stamp = new Date(now).toISOString();
  await insertRows(tx, "companies", [
    {
      id: HOSTILE_COMPANY_ID,
      name: P.companyName,
      domain: HOSTILE_DOMAIN,
      primary_color: "#1d4ed8",
      logo_url: HOSTILE_URLS.logo,
      banner_url: HOSTILE_URLS.banner,
      tnc_url: HOSTILE_URLS.tnc,
      privacy_url: HOSTILE_URLS.privacy,
      display_tnc_privacy_url: true,
      enabled_tabs: JSON.stringify(ALL_TABS),
      gateway: "stripe",
    },
  ]);
  await insertRows(tx, "customers", [
    {
      id: CUSTOMER_ID,
      company_id: HOSTILE_COMPANY_ID,
      customer_id: P.accountNumber,
      name: P.customerName,
    },
  ]);
  await insertRows(tx, "users", [
    {
      id: USER_ID,
      company_id: HOSTILE_COMPANY_ID,
      email: HOSTILE_EMAIL,
      password_hash: passwordHash,
      email_verified: true,
      customer_id: CUSTOMER_ID,
      selected_customer_id: CUSTOMER_ID,
    },
  ]);
  await insertRows(tx, "user_customers", [
    { user_id: USER_ID, customer_id: CUSTOMER_ID, position: 0 },
  ]);

  // The account page: gateway, contact, payment options, payment methods, bank-transfer details.
  await insertRows(tx, "company_gateways", [
    {
      company_id: HOSTILE_COMPANY_ID,
      site: null,
      accept_cvv: false,
      test_enabled: true,
      allowed_cards: JSON.stringify(["visa", "mastercard"]),
      api_key: "pk_test_sandbox_hostile",
      account_id: "acct_sandbox_hostile",
      ach_enabled: true,
      cc_enabled: true,
    },
  ]);
  await insertRows(tx, "contact_details", [
    {
      customer_id: CUSTOMER_ID,
      first_name: P.contactFirstName,
      last_name: P.contactLastName,
      address1: P.contactAddress1,
      address2: P.contactAddress2,
      city: P.contactCity,
      state: P.contactState,
      zip: "02139",
      phone: "+1 617 555 0166",
      mobile: null,
      email: HOSTILE_EMAIL,
      job_title: P.contactJobTitle,
      department: P.contactDepartment,
    },
  ]);
  await insertRows(tx, "customer_payment_settings", [
    {
      customer_id: CUSTOMER_ID,
      auto_pay: false,
      edit_auto_pay: true,
      ach_enabled: true,
      credit_enabled: true,
      ach_credit_enabled: true,
      affirm_enabled: false,
    },
  ]);
  const method = (id: string, fields: Record<string, unknown>) => ({
    id,
    customer_id: CUSTOMER_ID,
    verify_token: null,
    setup_intent_id: null,
    payment_intent_id: null,
    created_at: stamp,
    ...fields,
  });
  await insertRows(tx, "payment_methods", [
    method("pm_hostile_visa", {
      type: "visa",
      account_number: "****4242",
      status: "verified",
      payment_method_type: "card",
      payment_type: "card",
      is_default: true,
      exp_month: 12,
      exp_year: Number(today.slice(0, 4)) + 3,
      provider_token: "pm_hostileVisa",
    }),
    method("pm_hostile_bank", {
      type: P.bankAccountName,
      account_number: "****6789",
      status: "verified",
      payment_method_type: "bank_account",
      payment_type: "bank_account",
      is_default: false,
      exp_month: null,
      exp_year: null,
      provider_token: "pm_hostileBank",
    }),
  ]);
  await insertRows(tx, "ach_credit_details", [
    {
      customer_id: CUSTOMER_ID,
      account_number: "8402339999",
      routing_number: "110000000",
      swift_code: "TSTEUS33",
      bank_name: P.achBankName,
      cash_balance: "0.00",
    },
  ]);

  // The lists: custom fields, the column configuration, a few rows each.
  const { definitions, columns } = configurationRows([HOSTILE_COMPANY_ID], {
    [HOSTILE_COMPANY_ID]: CUSTOM_FIELDS,
  });
  for (const column of columns) {
    if (column.module !== "invoices") continue;
    column.display_name = INVOICE_COLUMN_NAMES[column.column_id] ?? column.display_name;
    if (INVOICE_COLUMNS_SHOWN.has(column.column_id)) column.column_enabled = true;
  }
  await insertBilling(tx, { definitions, columns }, billingRows(today));

  await insertSubscriptions(tx, today);
}

/**
 * Deletes the hostile company (with everything of it: customers, users, sessions, rows, plans) and
 * creates it again, in one transaction: calling it twice leaves one company.
 */
export async function seedHostileCompany(db: Db, now: number): Promise<HostileCompany> {
  const passwordHash = await hashPassword(SEED_PASSWORD);
  await db.transaction(async (tx) => {
    // Subscriptions first: their plan lines reference the catalogue without a cascade.
    await tx.query(
      "DELETE FROM subscriptions WHERE customer_id IN (SELECT id FROM customers WHERE company_id = $1)",
      [HOSTILE_COMPANY_ID],
    );
    await tx.query("DELETE FROM companies WHERE id = $1", [HOSTILE_COMPANY_ID]);
    await insertHostile(tx, now, passwordHash);
  });
  return {
    companyId: HOSTILE_COMPANY_ID,
    domain: HOSTILE_DOMAIN,
    email: HOSTILE_EMAIL,
    customerId: CUSTOMER_ID,
    payloads: P,
    urls: HOSTILE_URLS,
    ids: HOSTILE_IDS,
  };
}
