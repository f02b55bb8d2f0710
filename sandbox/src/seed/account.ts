/**
 * The account seed (sandbox/README.md "Account and payment methods"): gateway setups, contact
 * details, auto-pay and payment options, payment methods and bank-transfer details.
 */
import { CONTACT_FIELDS } from "@billing-portal/contract/wire/account";
import type { Queryable } from "../db";

/** The pending bank account's verification token (its verify_url is still signed and expiring). */
export const SEED_VERIFY_TOKEN = "seedAdaPendingBankVerification01";

export const SEED_GATEWAYS = [
  {
    companyId: "acme",
    site: null,
    acceptCvv: false,
    testEnabled: true,
    allowedCards: ["visa", "mastercard", "amex", "dinersclub"],
    apiKey: "pk_test_sandbox_acme_water",
    accountId: "acct_sandbox_acme",
    achEnabled: true,
    ccEnabled: true,
  },
  {
    companyId: "globex",
    site: "fts",
    acceptCvv: true,
    testEnabled: true,
    allowedCards: ["visa", "mastercard", "amex", "discover"],
    apiKey: null,
    accountId: null,
    achEnabled: true,
    ccEnabled: true,
  },
] as const;

type Contact = [
  first: string,
  last: string,
  address1: string,
  address2: string | null,
  city: string,
  state: string,
  zip: string,
  phone: string | null,
  mobile: string | null,
  email: string,
  jobTitle: string | null,
  department: string | null,
];

/** One billing contact per seeded customer; several names are non-ASCII on purpose. */
export const SEED_CONTACTS: Record<string, Contact> = {
  cus_acme_1001: [
    "Ada",
    "Lovelace",
    "221 Analytical Engine Way",
    "Floor 2",
    "Cambridge",
    "MA",
    "02139",
    "+1 617 555 0101",
    "+1 617 555 0199",
    "ada@acme.test",
    "Chief Engineer",
    "Engineering",
  ],
  cus_acme_1002: [
    "José",
    "Núñez",
    "1 Harbor Place",
    null,
    "San José",
    "CA",
    "95113",
    "+1 408 555 0102",
    null,
    "multi@acme.test",
    "Purchasing Manager",
    "Compras",
  ],
  cus_acme_1003: [
    "Zoë",
    "Ødegård",
    "500 Main Street",
    "Building C",
    "Bothell",
    "WA",
    "98011",
    "+1 425 555 0103",
    "+1 425 555 0133",
    "multi@acme.test",
    "Pharmacist",
    "Pharmacy",
  ],
  cus_acme_1004: [
    "Łukasz",
    "Wróbel",
    "78 Prairie Road",
    null,
    "Des Moines",
    "IA",
    "50309",
    null,
    "+1 515 555 0104",
    "multi@acme.test",
    "Farm Manager",
    null,
  ],
  cus_acme_1005: [
    "Zoé",
    "Bäcker",
    "9 Rue du Pain",
    null,
    "New Orleans",
    "LA",
    "70112",
    "+1 504 555 0105",
    null,
    "zero@acme.test",
    "Owner",
    null,
  ],
  cus_globex_2001: [
    "Gina",
    "García-Müller",
    "42 Greenhouse Lane",
    "Unit 7",
    "Portland",
    "OR",
    "97201",
    "+1 503 555 0106",
    "+1 503 555 0166",
    "gina@globex.test",
    "Owner",
    "Garden Centre",
  ],
};

/**
 * auto_pay, edit_auto_pay, then ach, credit, ach_credit and affirm enabled. Contoso Pharmacy
 * (multi@) has auto-pay on and may not change it; Fabrikam Farms has no row (the defaults).
 */
export const SEED_SETTINGS: Record<string, [boolean, boolean, boolean, boolean, boolean, boolean]> =
  {
    cus_acme_1001: [false, true, true, true, true, true],
    cus_acme_1002: [false, true, true, true, false, true],
    cus_acme_1003: [true, false, false, true, false, false],
    cus_acme_1005: [true, true, false, true, false, false],
    cus_globex_2001: [false, true, true, true, false, false],
  };

type SeedMethod = {
  id: string;
  customerId: string;
  type: string;
  last4: string;
  status: "verified" | "new" | "unverified";
  verifyToken: string | null;
  paymentMethodType: string;
  paymentType: string;
  isDefault: boolean;
  setupIntentId: string | null;
  paymentIntentId: string | null;
  exp: [number, number] | null;
  providerToken: string;
  createdAt: string;
};

const card = (
  id: string,
  customerId: string,
  brand: string,
  last4: string,
  exp: [number, number],
  providerToken: string,
  createdAt: string,
  intents: { setup?: string; payment?: string } = {},
): SeedMethod => ({
  id,
  customerId,
  type: brand,
  last4,
  status: "verified",
  verifyToken: null,
  paymentMethodType: "card",
  paymentType: "card",
  isDefault: true,
  setupIntentId: intents.setup ?? null,
  paymentIntentId: intents.payment ?? null,
  exp,
  providerToken,
  createdAt,
});

export const SEED_PAYMENT_METHODS: SeedMethod[] = [
  card(
    "pm_seed_ada_visa",
    "cus_acme_1001",
    "visa",
    "4242",
    [12, 2032],
    "pm_seedAdaVisa",
    "2029-03-01T15:00:00Z",
    {
      payment: "pi_seed_ada_first_payment",
    },
  ),
  {
    id: "pm_seed_ada_bank",
    customerId: "cus_acme_1001",
    type: "STRIPE TEST BANK",
    last4: "6789",
    status: "verified",
    verifyToken: null,
    paymentMethodType: "bank_account",
    paymentType: "bank_account",
    isDefault: false,
    setupIntentId: "seti_seed_ada_bank",
    paymentIntentId: null,
    exp: null,
    providerToken: "pm_seedAdaBank",
    createdAt: "2029-04-01T15:00:00Z",
  },
  {
    id: "pm_seed_ada_pending",
    customerId: "cus_acme_1001",
    type: "STRIPE TEST BANK",
    last4: "1116",
    status: "unverified",
    verifyToken: SEED_VERIFY_TOKEN,
    paymentMethodType: "us_bank_account",
    paymentType: "us_bank_account",
    isDefault: false,
    setupIntentId: "seti_seed_ada_pending",
    paymentIntentId: null,
    exp: null,
    providerToken: "pm_seedAdaPendingBank",
    createdAt: "2029-05-01T15:00:00Z",
  },
  card(
    "pm_seed_contoso_visa",
    "cus_acme_1003",
    "visa",
    "1881",
    [5, 2031],
    "pm_seedContosoVisa",
    "2029-02-01T15:00:00Z",
  ),
  card(
    "pm_seed_zero_mc",
    "cus_acme_1005",
    "mastercard",
    "4444",
    [8, 2033],
    "pm_seedZeroMastercard",
    "2029-01-10T15:00:00Z",
    {
      setup: "seti_seed_zero_mc",
    },
  ),
  card(
    "pm_seed_gina_visa",
    "cus_globex_2001",
    "visa",
    "1111",
    [11, 2032],
    "9418594164541111",
    "2029-06-01T15:00:00Z",
  ),
  {
    // ECHK shows as VERIFIED whatever its status (spec 000 §4): seeded "new" to exercise that rule.
    id: "pm_seed_gina_echk",
    customerId: "cus_globex_2001",
    type: "ECHK",
    last4: "0014",
    status: "new",
    verifyToken: null,
    paymentMethodType: "ach",
    paymentType: "bank account",
    isDefault: false,
    setupIntentId: null,
    paymentIntentId: null,
    exp: null,
    providerToken: "9036412253430014",
    createdAt: "2029-06-02T15:00:00Z",
  },
];

/** account_number, routing_number, swift_code, bank_name, cash_balance. */
export const SEED_ACH_CREDIT: Record<string, [string, string, string, string, string]> = {
  cus_acme_1001: ["8402331907", "110000000", "TSTEUS33", "STRIPE TEST BANK", "125.50"],
  cus_acme_1002: ["8402331915", "110000000", "TSTEUS33", "STRIPE TEST BANK", "0.00"],
  cus_acme_1005: ["8402331923", "110000000", "TSTEUS33", "STRIPE TEST BANK", "0.00"],
};

/** `INSERT INTO table (columns) VALUES (...), (...)` for rows of equal length. */
async function insertRows(
  q: Queryable,
  table: string,
  columns: string[],
  rows: unknown[][],
): Promise<void> {
  const values = rows
    .map((_, r) => `(${columns.map((__, c) => `$${r * columns.length + c + 1}`).join(", ")})`)
    .join(", ");
  await q.query(`INSERT INTO ${table} (${columns.join(", ")}) VALUES ${values}`, rows.flat());
}

/** Inserts the account seed (companies and customers must exist). */
export async function insertAccountSeed(q: Queryable): Promise<void> {
  await insertRows(
    q,
    "company_gateways",
    [
      "company_id",
      "site",
      "accept_cvv",
      "test_enabled",
      "allowed_cards",
      "api_key",
      "account_id",
      "ach_enabled",
      "cc_enabled",
    ],
    SEED_GATEWAYS.map((g) => [
      g.companyId,
      g.site,
      g.acceptCvv,
      g.testEnabled,
      JSON.stringify(g.allowedCards),
      g.apiKey,
      g.accountId,
      g.achEnabled,
      g.ccEnabled,
    ]),
  );
  await insertRows(
    q,
    "contact_details",
    ["customer_id", ...CONTACT_FIELDS],
    Object.entries(SEED_CONTACTS).map(([customerId, contact]) => [customerId, ...contact]),
  );
  await insertRows(
    q,
    "customer_payment_settings",
    [
      "customer_id",
      "auto_pay",
      "edit_auto_pay",
      "ach_enabled",
      "credit_enabled",
      "ach_credit_enabled",
      "affirm_enabled",
    ],
    Object.entries(SEED_SETTINGS).map(([customerId, s]) => [customerId, ...s]),
  );
  await insertRows(
    q,
    "payment_methods",
    [
      "id",
      "customer_id",
      "type",
      "account_number",
      "status",
      "verify_token",
      "payment_method_type",
      "payment_type",
      "is_default",
      "setup_intent_id",
      "payment_intent_id",
      "exp_month",
      "exp_year",
      "provider_token",
      "created_at",
    ],
    SEED_PAYMENT_METHODS.map((m) => [
      m.id,
      m.customerId,
      m.type,
      `****${m.last4}`,
      m.status,
      m.verifyToken,
      m.paymentMethodType,
      m.paymentType,
      m.isDefault,
      m.setupIntentId,
      m.paymentIntentId,
      m.exp?.[0] ?? null,
      m.exp?.[1] ?? null,
      m.providerToken,
      new Date(m.createdAt),
    ]),
  );
  await insertRows(
    q,
    "ach_credit_details",
    ["customer_id", "account_number", "routing_number", "swift_code", "bank_name", "cash_balance"],
    Object.entries(SEED_ACH_CREDIT).map(([customerId, a]) => [customerId, ...a]),
  );
}
