/**
 * Helpers for the list tests: the seed's callers, a fresh customer with hand-made rows (so every
 * expectation is exact), and list calls through the framework-agnostic modules.
 */
import type { Queryable } from "../../src/db";
import { listModule, type Caller } from "../../src/lists/list";

export type { Caller };
import type { ListModule } from "../../src/lists/modules";
import { SEED_USERS } from "../../src/seed";

/** The harness clock's Eastern day (2030-01-15T12:00Z is 07:00 in New York). */
export const TODAY = "2030-01-15";

const userId = (email: string) => SEED_USERS.find((u) => u.email === email)?.id ?? "";

export const ADA: Caller = {
  companyId: "acme",
  customerId: "cus_acme_1001",
  userId: userId("ada@acme.test"),
};
export const MULTI: Caller = {
  companyId: "acme",
  customerId: "cus_acme_1002",
  userId: userId("multi@acme.test"),
};
export const ZERO: Caller = {
  companyId: "acme",
  customerId: "cus_acme_1005",
  userId: userId("zero@acme.test"),
};
export const GINA: Caller = {
  companyId: "globex",
  customerId: "cus_globex_2001",
  userId: userId("gina@globex.test"),
};
/** A customer of acme with no seeded rows; tests insert exactly what they need. */
export const FRESH: Caller = { companyId: "acme", customerId: "cus_acme_9001", userId: ADA.userId };

/** Creates FRESH's customer (after a reset). */
export async function createFreshCustomer(db: Queryable): Promise<void> {
  await db.query(
    "INSERT INTO customers (id, company_id, customer_id, name) VALUES ($1, 'acme', 'CUST-9001', 'Fresh Fixtures')",
    [FRESH.customerId],
  );
}

const STAMP = "2030-01-10T15:00:00.000Z";
const DEFAULTS: Record<ListModule, Record<string, unknown>> = {
  invoices: {
    invoice_date: "2030-01-10",
    due_date: "2030-02-09",
    invoice_amount: "100.00",
    balance: "0.00",
    status: "Paid",
    currency: "USD",
    salesforce_id: null,
  },
  payments: {
    payment_date: "2030-01-10",
    payment_method: "ACH",
    payment_amount: "100.00",
    status: "succeeded",
    applied_amount: "0.00",
    unapplied_amount: "0.00",
    refunded_amount: "0.00",
    auto_apply: false,
    currency: "USD",
  },
  usages: {
    date: "2030-01-10",
    description: "",
    quantity: "1",
    unit_of_measure: "kWh",
    subscription_id: null,
    charge_id: null,
    subscription_line_id: null,
    invoiced: false,
    invoice_id: null,
    invoice_date: null,
    billing_start_date: null,
    billing_end_date: null,
  },
  credits: {
    credit_date: "2030-01-10",
    credit_amount: "10.00",
    unapplied_amount: "10.00",
    currency: "USD",
    reference_number: null,
    status: "Processed",
  },
  statements: {
    customer_name: "Fresh Fixtures",
    statement_date: "2030-01-01",
    start_date: "2029-12-01",
    end_date: "2029-12-31",
  },
};

/** Inserts rows of one list for FRESH (or `customerId`); unspecified columns take plain defaults. */
export async function insertRows(
  db: Queryable,
  module: ListModule,
  rows: Record<string, unknown>[],
  customerId = FRESH.customerId,
): Promise<void> {
  const full = rows.map((r) => ({
    customer_id: customerId,
    custom_fields: {},
    created_date: STAMP,
    updated_date: STAMP,
    ...DEFAULTS[module],
    ...r,
  }));
  await db.query(
    `INSERT INTO ${module} SELECT * FROM json_populate_recordset(NULL::${module}, $1::json)`,
    [JSON.stringify(full)],
  );
}

/** GET /v1/<module>'s `data` for a query string (or a list of label/value pairs). */
export function list(
  db: Queryable,
  caller: Caller,
  module: ListModule,
  query: string | [string, string][] = "",
): Promise<Record<string, unknown>> {
  return listModule(db, caller, module, new URLSearchParams(query), {
    today: TODAY,
    statementUrl: (id) => `https://sandbox.test/files/statements/${id}.pdf`,
  });
}

/** The rows of a list answer (payments nest theirs). */
export function rowsOf(
  data: Record<string, unknown>,
  module: ListModule,
): Record<string, unknown>[] {
  const holder = module === "payments" ? (data.payments as Record<string, unknown>) : data;
  return holder[module] as Record<string, unknown>[];
}

/** The ids of a list answer's rows, in order. */
export async function listIds(
  db: Queryable,
  caller: Caller,
  module: ListModule,
  query: string | [string, string][] = "",
): Promise<string[]> {
  return rowsOf(await list(db, caller, module, query), module).map((r) => String(r.id));
}

/** One filter label pair: filter_options[<module>][<n>][<field>](+[<op>]) = value. */
export function label(
  module: ListModule,
  n: number,
  field: string,
  value: string,
  op?: string,
): [string, string] {
  return [`filter_options[${module}][${n}][${field}]${op ? `[${op}]` : ""}`, value];
}

/** The portal's contains value: `/<escaped text>/i`. */
export function containsValue(text: string): string {
  return `/${text.replace(/[\\^$.|?*+()[\]{}/]/g, "\\$&")}/i`;
}
