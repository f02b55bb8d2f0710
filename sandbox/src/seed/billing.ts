/**
 * The billing seed: invoices, payments (applied to invoices), usages, credits and statements for
 * every seeded customer, plus each company's custom fields and column configuration. Rows come
 * from a small seeded PRNG and are anchored at the sandbox clock's Eastern "today", so one seed
 * number and one day always give the same data. Inserted with one statement per table
 * (json_populate_recordset): e2e tests reset often.
 */
import type { Queryable } from "../db";
import { daysBetween } from "@billing-portal/contract/calendar/sums";
import { addDays, easternDate, easternInstant } from "../lists/business-day";
import { customColumnId, MODULE_DEFINITIONS, MODULES, type ListModule } from "../lists/modules";
import {
  CREDIT_CURRENCIES,
  CREDIT_REFERENCES,
  CUSTOM_FIELDS,
  CUSTOMER_PROFILES,
  DATA_TYPES,
  PAYMENT_METHODS,
  USAGE_ITEMS,
  type CustomerProfile,
  type CustomFieldSeed,
  type ValueRecipe,
} from "./billing-catalog";

/** The demo's and the tests' seed number. */
export const BILLING_SEED = 1;

/** mulberry32: tiny, fast, and the same sequence on every platform. */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a: one independent PRNG stream per (seed, customer, list). */
function streamSeed(...parts: (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const ch of parts.join("|")) {
    h ^= ch.codePointAt(0) ?? 0;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

type Random = {
  next: () => number;
  int: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
  chance: (p: number) => boolean;
  /** Whole cents between min and max (dollars), as a count of cents. */
  cents: (min: number, max: number) => number;
};

function random(seed: number): Random {
  const next = createRandom(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    chance: (p) => next() < p,
    // Log-uniform: many small amounts, a few large ones.
    cents: (min, max) =>
      Math.round(Math.exp(Math.log(min) + next() * (Math.log(max) - Math.log(min))) * 100),
  };
}

const money = (cents: number) => (cents / 100).toFixed(2);
const pad = (n: number, width: number) => String(n).padStart(width, "0");
/** An Eastern wall-clock time on `date` between two hours, as ISO. */
const stamp = (r: Random, date: string, fromHour = 7, toHour = 20) =>
  easternInstant(date, r.int(fromHour * 3600, toHour * 3600 - 1)).toISOString();

/** Readable id prefixes and widths (INV-000123, USG-0001234). */
export const ID_FORMATS: Record<ListModule, { prefix: string; width: number }> = {
  invoices: { prefix: "INV-", width: 6 },
  payments: { prefix: "PAY-", width: 6 },
  usages: { prefix: "USG-", width: 7 },
  credits: { prefix: "CR-", width: 6 },
  statements: { prefix: "ST-", width: 6 },
};
const readableId = (module: ListModule, n: number) =>
  `${ID_FORMATS[module].prefix}${pad(n, ID_FORMATS[module].width)}`;

export type InvoiceSeed = {
  id: string;
  customer_id: string;
  invoice_date: string;
  due_date: string;
  invoice_amount: string;
  balance: string;
  status: "Posted" | "Paid" | "Partially paid" | "Void";
  currency: string;
  salesforce_id: string | null;
  custom_fields: Record<string, unknown>;
  created_date: string;
  updated_date: string;
};
export type PaymentSeed = {
  id: string;
  customer_id: string;
  payment_date: string;
  payment_method: string;
  payment_amount: string;
  status: "succeeded" | "failed" | "pending" | "refunded";
  applied_amount: string;
  unapplied_amount: string;
  refunded_amount: string;
  auto_apply: boolean;
  currency: string;
  custom_fields: Record<string, unknown>;
  created_date: string;
  updated_date: string;
};
export type ApplicationSeed = {
  payment_id: string;
  invoice_id: string;
  amount: string;
  position: number;
};
export type UsageSeed = {
  id: string;
  customer_id: string;
  date: string;
  description: string;
  quantity: string;
  unit_of_measure: string;
  subscription_id: string;
  charge_id: string;
  subscription_line_id: string;
  invoiced: boolean;
  invoice_id: string | null;
  invoice_date: string | null;
  billing_start_date: string;
  billing_end_date: string;
  custom_fields: Record<string, unknown>;
  created_date: string;
  updated_date: string;
};
export type CreditSeed = {
  id: string;
  customer_id: string;
  credit_date: string;
  credit_amount: string;
  unapplied_amount: string;
  currency: string;
  reference_number: string | null;
  status: "Processed" | "Partially Refunded" | "Refunded" | "Draft";
  custom_fields: Record<string, unknown>;
  created_date: string;
  updated_date: string;
};
export type StatementSeed = {
  id: string;
  customer_id: string;
  customer_name: string;
  statement_date: string;
  start_date: string;
  end_date: string;
  custom_fields: Record<string, unknown>;
  created_date: string;
  updated_date: string;
};

export type BillingData = {
  invoices: InvoiceSeed[];
  payments: PaymentSeed[];
  applications: ApplicationSeed[];
  usages: UsageSeed[];
  credits: CreditSeed[];
  statements: StatementSeed[];
};

/** A seeded customer as read from the database. */
export type SeedCustomer = { id: string; company_id: string; name: string };

const NOTES = [
  "Checked against meter photos.",
  "Customer asked for a copy by post — Rückfrage bei Frau Schäfer.",
  "Escalated: billing run 2029.11 (batch #4) double-counted the weekend readings; adjusted after review with the account team and finance.",
  "請求書の再発行を依頼されました。",
];

/** A custom value drawn from its recipe; ~8% of values are left unset. */
export function customValue(
  r: Random,
  recipe: ValueRecipe,
  today: string,
  rowKey: string,
): unknown {
  if (r.chance(0.08)) return null;
  switch (recipe.kind) {
    case "pick":
      return r.pick(recipe.from);
    case "code":
      return `${recipe.prefix}${pad(r.int(0, 10 ** recipe.digits - 1), recipe.digits)}`;
    case "decimal":
      return Number((recipe.min + r.next() * (recipe.max - recipe.min)).toFixed(recipe.places));
    case "integer":
      return r.int(recipe.min, recipe.max);
    case "boolean":
      return r.chance(0.5);
    case "date":
      return addDays(
        today,
        recipe.withinDays > 0 ? -r.int(0, recipe.withinDays) : r.int(1, -recipe.withinDays),
      );
    case "file":
      return {
        attachment_id: `att_${rowKey.toLowerCase().replace(/[^a-z0-9]/g, "")}`,
        file_name: `contract-${rowKey}.pdf`,
      };
    case "note":
      return r.pick(NOTES);
  }
}

function customValues(
  r: Random,
  fields: CustomFieldSeed[],
  today: string,
  rowKey: string,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = customValue(r, f.values, today, rowKey);
    if (v !== null) out[f.api_name] = v;
  }
  return out;
}

type Counters = Record<ListModule, number>;

/** A customer's invoices, oldest first, with statuses that fit the profile. */
function makeInvoices(
  p: CustomerProfile,
  c: SeedCustomer,
  seed: number,
  today: string,
  ids: Counters,
): InvoiceSeed[] {
  const r = random(streamSeed(seed, p.customerId, "invoices"));
  const n = p.counts.invoices;
  const spacing = Math.min(30, Math.max(7, Math.round(1095 / Math.max(n, 1))));
  const fields = (CUSTOM_FIELDS[c.company_id] ?? []).filter((f) => f.module === "invoices");
  const rows: InvoiceSeed[] = [];
  for (let i = 0; i < n; i++) {
    const age = (n - 1 - i) * spacing + r.int(0, 3) + 2;
    const invoiceDate = addDays(today, -age);
    const dueDate = addDays(invoiceDate, r.pick([15, 30, 30, 45]));
    const amount = r.cents(40, 4800);
    const dueLater = dueDate >= today;
    let status: InvoiceSeed["status"];
    const x = r.next();
    if (p.kind === "settled") status = x < 0.06 ? "Void" : "Paid";
    else if (dueLater) status = x < 0.7 ? "Posted" : x < 0.9 ? "Partially paid" : "Paid";
    else if (age < 120)
      status = x < 0.3 ? "Posted" : x < 0.5 ? "Partially paid" : x < 0.95 ? "Paid" : "Void";
    else status = x < 0.02 ? "Posted" : x < 0.04 ? "Partially paid" : x < 0.94 ? "Paid" : "Void";
    const balance =
      status === "Posted"
        ? amount
        : status === "Partially paid"
          ? Math.round(amount * (0.2 + r.next() * 0.6))
          : 0;
    const id = readableId("invoices", ++ids.invoices);
    const created = stamp(r, invoiceDate);
    rows.push({
      id,
      customer_id: p.customerId,
      invoice_date: invoiceDate,
      due_date: dueDate,
      invoice_amount: money(amount),
      balance: money(balance),
      status,
      currency: p.currency,
      salesforce_id: r.chance(0.8) ? `a0X5e0000${pad(r.int(0, 9_999_999), 7)}` : null,
      custom_fields: customValues(r, fields, today, id),
      created_date: created,
      updated_date: created,
    });
  }
  if (p.kind === "owing" && n >= 3) {
    // Whatever the dice said: something open and not yet due, and something overdue.
    const newest = rows[n - 1];
    if (newest && newest.status !== "Posted")
      Object.assign(newest, { status: "Posted", balance: newest.invoice_amount });
    const overdue = rows.some(
      (v) => v.status !== "Paid" && v.status !== "Void" && v.due_date < today,
    );
    const candidate = rows[Math.max(0, n - 1 - Math.ceil(90 / spacing))];
    if (!overdue && candidate)
      Object.assign(candidate, { status: "Posted", balance: candidate.invoice_amount });
  }
  return rows;
}

/** Payments settling the paid part of each invoice (1–4 invoices each), plus failed, pending and refunded ones. */
function makePayments(
  p: CustomerProfile,
  c: SeedCustomer,
  seed: number,
  today: string,
  invoices: InvoiceSeed[],
  ids: Counters,
): { payments: PaymentSeed[]; applications: ApplicationSeed[] } {
  const r = random(streamSeed(seed, p.customerId, "payments"));
  const n = p.counts.payments;
  const fields = (CUSTOM_FIELDS[c.company_id] ?? []).filter((f) => f.module === "payments");
  const failed = n >= 5 && p.kind === "owing" ? Math.max(1, Math.round(n * 0.08)) : 0;
  const pending = n >= 20 && p.kind === "owing" ? 1 : 0;
  const refunded = n >= 10 ? Math.max(1, Math.round(n * 0.04)) : 0;
  const succeeded = Math.max(0, n - failed - pending - refunded);

  const parts = invoices
    .map((inv) => ({
      inv,
      cents: Math.round(Number(inv.invoice_amount) * 100 - Number(inv.balance) * 100),
    }))
    .filter((x) => x.cents > 0 && x.inv.status !== "Void");
  // Group consecutive paid parts: every group one payment; sizes 1..4 (more only when needed).
  const sizes = new Array<number>(succeeded).fill(parts.length >= succeeded ? 1 : 0);
  if (parts.length < succeeded)
    for (let i = 0; i < parts.length; i++) sizes[r.int(0, succeeded - 1)]! += 1;
  let extra = parts.length - sizes.reduce((a, b) => a + b, 0);
  const cap = Math.max(4, Math.ceil(parts.length / Math.max(succeeded, 1)) + 1);
  while (extra > 0 && succeeded > 0) {
    const g = r.int(0, succeeded - 1);
    if ((sizes[g] ?? 0) < cap) {
      sizes[g] = (sizes[g] ?? 0) + 1;
      extra--;
    }
  }

  type Draft = Omit<PaymentSeed, "id"> & { parts: { invoice: InvoiceSeed; cents: number }[] };
  const drafts: Draft[] = [];
  let next = 0;
  const firstDate = invoices[0]?.invoice_date ?? addDays(today, -365);
  const span = Math.max(1, daysBetween(firstDate, today) - 1);
  const base = (
    date: string,
    status: PaymentSeed["status"],
    cents: number,
  ): Omit<Draft, "parts"> => {
    const at = stamp(r, date);
    return {
      customer_id: p.customerId,
      payment_date: date,
      payment_method: r.pick(PAYMENT_METHODS),
      payment_amount: money(cents),
      status,
      applied_amount: "0.00",
      unapplied_amount: "0.00",
      refunded_amount: status === "refunded" ? money(cents) : "0.00",
      auto_apply: r.chance(0.5),
      currency: p.currency,
      custom_fields: {},
      created_date: at,
      updated_date: at,
    };
  };
  for (const size of sizes) {
    const group = parts.slice(next, next + size).map((x) => ({ invoice: x.inv, cents: x.cents }));
    next += size;
    const latest = group.reduce(
      (d, g) => (g.invoice.invoice_date > d ? g.invoice.invoice_date : d),
      firstDate,
    );
    const date = group.length
      ? [addDays(latest, r.int(1, 25)), addDays(today, -1)].sort()[0]!
      : addDays(today, -r.int(1, span));
    const applied = group.reduce((s, g) => s + g.cents, 0);
    const unapplied = group.length === 0 ? r.cents(50, 500) : r.chance(0.1) ? r.cents(5, 200) : 0;
    drafts.push({
      ...base(date, "succeeded", applied + unapplied),
      applied_amount: money(applied),
      unapplied_amount: money(unapplied),
      parts: group,
    });
  }
  for (let i = 0; i < failed; i++)
    drafts.push({
      ...base(addDays(today, -r.int(1, span)), "failed", r.cents(20, 3000)),
      parts: [],
    });
  for (let i = 0; i < pending; i++)
    drafts.push({ ...base(addDays(today, -r.int(1, 3)), "pending", r.cents(20, 3000)), parts: [] });
  for (let i = 0; i < refunded; i++)
    drafts.push({
      ...base(addDays(today, -r.int(1, span)), "refunded", r.cents(20, 1500)),
      parts: [],
    });

  // Ids follow payment dates, as a real ledger's would.
  drafts.sort((a, b) =>
    a.payment_date < b.payment_date ? -1 : a.payment_date > b.payment_date ? 1 : 0,
  );
  const payments: PaymentSeed[] = [];
  const applications: ApplicationSeed[] = [];
  for (const d of drafts) {
    const id = readableId("payments", ++ids.payments);
    const { parts: group, ...row } = d;
    group.forEach((g, position) => {
      applications.push({
        payment_id: id,
        invoice_id: g.invoice.id,
        amount: money(g.cents),
        position,
      });
      // The invoice changed when this payment settled it.
      if (row.created_date > g.invoice.updated_date) g.invoice.updated_date = row.created_date;
    });
    payments.push({ id, ...row, custom_fields: customValues(r, fields, today, id) });
  }
  return { payments, applications };
}

/** Usage lines over the last two years; those of closed billing months are invoiced. */
function makeUsages(
  p: CustomerProfile,
  c: SeedCustomer,
  seed: number,
  today: string,
  invoices: InvoiceSeed[],
  ids: Counters,
): UsageSeed[] {
  const r = random(streamSeed(seed, p.customerId, "usages"));
  const n = p.counts.usages;
  const fields = (CUSTOM_FIELDS[c.company_id] ?? []).filter((f) => f.module === "usages");
  const subscriptions = [1, 2, 3].map((s) => `SUB-${p.ref}-${pad(s, 2)}`);
  const currentMonth = `${today.slice(0, 7)}-01`;
  const dates = Array.from({ length: n }, (_, i) =>
    addDays(today, -1 - Math.floor(((n - 1 - i) * 720) / Math.max(n, 1))),
  );
  return dates.map((date) => {
    const item = r.pick(USAGE_ITEMS);
    const s = r.int(0, subscriptions.length - 1);
    const start = `${date.slice(0, 7)}-01`;
    const end = addDays(`${addDays(start, 32).slice(0, 7)}-01`, -1);
    const invoice =
      start < currentMonth
        ? invoices.find((v) => v.invoice_date >= end && v.status !== "Void")
        : undefined;
    const created = stamp(r, date, 0, 24);
    const id = readableId("usages", ++ids.usages);
    return {
      id,
      customer_id: p.customerId,
      date,
      description: item.description,
      quantity: (r.next() * item.scale + 0.5).toFixed(r.pick([0, 2, 3])),
      unit_of_measure: item.unit,
      subscription_id: subscriptions[s]!,
      charge_id: `CHG-${p.ref}-${pad(s + 1, 2)}-${"ABC"[r.int(0, 2)]}`,
      subscription_line_id: `SL-${p.ref}-${pad(s + 1, 2)}-${r.int(1, 4)}`,
      invoiced: invoice !== undefined,
      invoice_id: invoice?.id ?? null,
      invoice_date: invoice?.invoice_date ?? null,
      billing_start_date: start,
      billing_end_date: end,
      custom_fields: customValues(r, fields, today, id),
      created_date: created,
      updated_date: invoice ? stamp(r, invoice.invoice_date) : created,
    };
  });
}

function makeCredits(
  p: CustomerProfile,
  c: SeedCustomer,
  seed: number,
  today: string,
  ids: Counters,
): CreditSeed[] {
  const r = random(streamSeed(seed, p.customerId, "credits"));
  const fields = (CUSTOM_FIELDS[c.company_id] ?? []).filter((f) => f.module === "credits");
  const rows = Array.from({ length: p.counts.credits }, () => {
    const date = addDays(today, -r.int(1, 720));
    const amount = r.cents(10, 1500);
    const x = r.next();
    const status: CreditSeed["status"] =
      x < 0.5 ? "Processed" : x < 0.7 ? "Partially Refunded" : x < 0.85 ? "Refunded" : "Draft";
    const unapplied =
      status === "Refunded"
        ? 0
        : status === "Draft"
          ? amount
          : status === "Partially Refunded"
            ? Math.round(amount * (0.3 + r.next() * 0.4))
            : r.pick([amount, 0, Math.round(amount * r.next())]);
    const template = r.pick(CREDIT_REFERENCES);
    const reference = r.chance(0.9)
      ? template.replace("{year}", date.slice(0, 4)).replace("{n}", pad(r.int(1, 999), 3))
      : null;
    const created = stamp(r, date);
    return {
      customer_id: p.customerId,
      credit_date: date,
      credit_amount: money(amount),
      unapplied_amount: money(unapplied),
      currency: r.chance(0.6) ? p.currency : r.pick(CREDIT_CURRENCIES),
      reference_number: reference,
      status,
      created_date: created,
      updated_date: created,
    };
  });
  rows.sort((a, b) => (a.credit_date < b.credit_date ? -1 : a.credit_date > b.credit_date ? 1 : 0));
  return rows.map((row) => {
    const id = readableId("credits", ++ids.credits);
    return { id, ...row, custom_fields: customValues(r, fields, today, id) };
  });
}

function makeStatements(
  p: CustomerProfile,
  c: SeedCustomer,
  seed: number,
  today: string,
  ids: Counters,
): StatementSeed[] {
  const r = random(streamSeed(seed, p.customerId, "statements"));
  const fields = (CUSTOM_FIELDS[c.company_id] ?? []).filter((f) => f.module === "statements");
  // The newest statement is dated the 1st of this month (of last month when today is the 1st).
  let month = `${addDays(today, -1).slice(0, 7)}-01`;
  const rows: StatementSeed[] = [];
  for (let i = 0; i < p.counts.statements; i++) {
    const start = `${addDays(month, -1).slice(0, 7)}-01`;
    const created = stamp(r, month, 5, 7);
    rows.push({
      id: "",
      customer_id: p.customerId,
      customer_name: c.name,
      statement_date: month,
      start_date: start,
      end_date: addDays(month, -1),
      custom_fields: {},
      created_date: created,
      updated_date: created,
    });
    month = start;
  }
  rows.reverse();
  return rows.map((row) => {
    const id = readableId("statements", ++ids.statements);
    return { ...row, id, custom_fields: customValues(r, fields, today, id) };
  });
}

/** Every seeded customer's rows for a seed number and an Eastern day (pure; no database). */
export function generateBilling(
  seed: number,
  today: string,
  customers: SeedCustomer[],
): BillingData {
  const ids: Counters = { invoices: 0, payments: 0, usages: 0, credits: 0, statements: 0 };
  const data: BillingData = {
    invoices: [],
    payments: [],
    applications: [],
    usages: [],
    credits: [],
    statements: [],
  };
  for (const profile of CUSTOMER_PROFILES) {
    const customer = customers.find((c) => c.id === profile.customerId);
    if (!customer) continue;
    const invoices = makeInvoices(profile, customer, seed, today, ids);
    const { payments, applications } = makePayments(profile, customer, seed, today, invoices, ids);
    data.invoices.push(...invoices);
    data.payments.push(...payments);
    data.applications.push(...applications);
    data.usages.push(...makeUsages(profile, customer, seed, today, invoices, ids));
    data.credits.push(...makeCredits(profile, customer, seed, today, ids));
    data.statements.push(...makeStatements(profile, customer, seed, today, ids));
  }
  return data;
}

type DefinitionRow = {
  id: string;
  company_id: string;
  module: ListModule;
  api_name: string;
  field_label: string;
  field_type: string;
  required: boolean;
  display_in_cp: boolean;
  default_value: string | null;
  data_type: string;
  position: number;
};
type ColumnRow = {
  company_id: string;
  module: ListModule;
  column_id: string;
  display_name: string;
  order_no: number;
  column_enabled: boolean;
};

/**
 * Each company's custom field definitions and its column configuration per list (custom fields
 * from the seed's catalogue, or from `customFields`, as the hostile company's are).
 */
export function configurationRows(
  companyIds: string[],
  customFields: Record<string, CustomFieldSeed[]> = CUSTOM_FIELDS,
): {
  definitions: DefinitionRow[];
  columns: ColumnRow[];
} {
  const definitions: DefinitionRow[] = [];
  const columns: ColumnRow[] = [];
  for (const companyId of companyIds) {
    const custom = customFields[companyId] ?? [];
    for (const list of MODULES) {
      const builtins = MODULE_DEFINITIONS[list].columns;
      builtins.forEach((col, i) =>
        columns.push({
          company_id: companyId,
          module: list,
          column_id: col.id,
          display_name: col.label,
          order_no: i + 1,
          column_enabled: col.enabledByDefault,
        }),
      );
      custom
        .filter((f) => f.module === list)
        .forEach((f, i) => {
          definitions.push({
            id: `cf_${companyId}_${list}_${f.api_name}`,
            company_id: companyId,
            module: list,
            api_name: f.api_name,
            field_label: f.field_label,
            field_type: f.field_type,
            required: f.required ?? false,
            display_in_cp: f.display_in_cp ?? true,
            default_value: f.default_value ?? null,
            data_type: DATA_TYPES[f.field_type],
            position: i + 1,
          });
          if (f.display_in_cp ?? true) {
            columns.push({
              company_id: companyId,
              module: list,
              column_id: customColumnId(f.api_name),
              display_name: f.field_label,
              order_no: builtins.length + i + 1,
              column_enabled: f.column_enabled ?? true,
            });
          }
        });
    }
  }
  return { definitions, columns };
}

/** Inserts rows in one statement: the JSON's keys are the table's columns. */
export async function insertJson(tx: Queryable, table: string, rows: object[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    `INSERT INTO ${table} SELECT * FROM json_populate_recordset(NULL::${table}, $1::json)`,
    [JSON.stringify(rows)],
  );
}

/** Inserts the lists' configuration (custom fields, columns) and their rows. */
export async function insertBilling(
  tx: Queryable,
  { definitions, columns }: ReturnType<typeof configurationRows>,
  data: BillingData,
): Promise<void> {
  await insertJson(tx, "custom_field_definitions", definitions);
  await insertJson(tx, "column_configurations", columns);
  await insertJson(tx, "invoices", data.invoices);
  await insertJson(tx, "payments", data.payments);
  await insertJson(tx, "payment_applications", data.applications);
  await insertJson(tx, "usages", data.usages);
  await insertJson(tx, "credits", data.credits);
  await insertJson(tx, "statements", data.statements);
}

// Generating ada's 1,000 usages again on every reset is wasted work; resets reuse the rows of the
// same seed and day.
const cache = new Map<string, BillingData>();

/**
 * Seeds the billing data of the customers just inserted, anchored at `now`'s Eastern day.
 * Runs inside the seed's transaction.
 */
export async function seedBilling(tx: Queryable, now: number, seed = BILLING_SEED): Promise<void> {
  const today = easternDate(now);
  const customers = await tx.query<SeedCustomer>(
    "SELECT id, company_id, name FROM customers ORDER BY id",
  );
  const companies = [...new Set(customers.map((c) => c.company_id))].sort();
  const key = JSON.stringify([seed, today, customers]);
  let data = cache.get(key);
  if (!data) {
    cache.clear();
    data = generateBilling(seed, today, customers);
    cache.set(key, data);
  }
  await insertBilling(tx, configurationRows(companies), data);
}
