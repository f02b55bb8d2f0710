/**
 * The five lists of CONTRACT.md §5 as data: table, wire keys, default sort, built-in filter fields
 * and columns. Everything the decoder and the query builder accept comes from here (whitelists).
 */
import { LIST_MODULES, type ListModule } from "@billing-portal/contract/enums";
import type { FilterValueType } from "@billing-portal/contract/filter-options";

export { LIST_MODULES as MODULES, type ListModule };

/** Filter value types of the protocol (custom field types map onto these). */
export type FilterType = FilterValueType;

/** A built-in filter field: its wire name, type and the column behind it. */
export type BuiltinFilter = {
  name: string;
  type: FilterType;
  column: string;
  /** timestamptz column: dates compare as whole US Eastern days. */
  timestamp?: boolean;
  /** status: compared lower-cased. */
  lowerCase?: boolean;
};

/** A built-in column of the rows (and of the company's column configuration). */
export type BuiltinColumn = {
  id: string;
  label: string;
  /** Shown unless the user picks it (column_enabled of the default configuration). */
  enabledByDefault: boolean;
  /** How it sorts; absent: not sortable. */
  sort?: { kind: "column"; text: boolean } | { kind: "overdue" };
};

export type ModuleDefinition = {
  module: ListModule;
  table: string;
  /** Key of the company's object configuration (`objectConfiguration.<key>`). */
  objectKey: string;
  defaultSort: { column: string; direction: "asc" | "desc" };
  filters: BuiltinFilter[];
  columns: BuiltinColumn[];
};

const text = (name: string, column = name): BuiltinFilter => ({ name, type: "text", column });
const num = (name: string, column = name): BuiltinFilter => ({ name, type: "number", column });
const date = (name: string, column = name): BuiltinFilter => ({ name, type: "date", column });
const bool = (name: string, column = name): BuiltinFilter => ({ name, type: "boolean", column });
const stamps: BuiltinFilter[] = [
  { name: "created_date", type: "date", column: "created_date", timestamp: true },
  { name: "updated_date", type: "date", column: "updated_date", timestamp: true },
];
const status: BuiltinFilter = { name: "status", type: "text", column: "status", lowerCase: true };

const SORT_TEXT = { kind: "column", text: true } as const;
const SORT_PLAIN = { kind: "column", text: false } as const;
const col = (
  id: string,
  label: string,
  sort: BuiltinColumn["sort"],
  enabledByDefault = true,
): BuiltinColumn => ({ id, label, enabledByDefault, ...(sort ? { sort } : {}) });
const stampColumns = [
  col("created_date", "Created Date", SORT_PLAIN, false),
  col("updated_date", "Updated Date", SORT_PLAIN, false),
];

export const MODULE_DEFINITIONS: Record<ListModule, ModuleDefinition> = {
  invoices: {
    module: "invoices",
    table: "invoices",
    objectKey: "invoice",
    defaultSort: { column: "invoice_date", direction: "desc" },
    filters: [
      text("invoice_id", "id"),
      date("date", "invoice_date"),
      date("due_date"),
      status,
      num("total", "invoice_amount"),
      num("balance"),
      ...stamps,
    ],
    columns: [
      col("id", "Invoice ID", SORT_TEXT),
      col("invoice_date", "Invoice Date", SORT_PLAIN),
      col("due_date", "Due Date", SORT_PLAIN),
      col("invoice_amount", "Total", SORT_PLAIN),
      col("balance", "Balance", SORT_PLAIN),
      col("status", "Status", SORT_TEXT),
      col("overdue", "Overdue", { kind: "overdue" }),
      col("currency", "Currency", SORT_TEXT, false),
      col("salesforce_id", "Salesforce ID", SORT_TEXT, false),
      ...stampColumns,
    ],
  },
  payments: {
    module: "payments",
    table: "payments",
    objectKey: "payment",
    defaultSort: { column: "payment_date", direction: "desc" },
    filters: [
      text("payment_id", "id"),
      date("payment_date"),
      text("payment_method"),
      num("payment_amount"),
      status,
      num("applied_amount"),
      num("unapplied_amount"),
      num("refunded_amount"),
      bool("auto_apply"),
      ...stamps,
    ],
    columns: [
      col("id", "Payment ID", SORT_TEXT),
      col("payment_date", "Payment Date", SORT_PLAIN),
      col("payment_method", "Payment Method", SORT_TEXT),
      col("payment_amount", "Amount", SORT_PLAIN),
      col("status", "Status", SORT_TEXT),
      col("invoice_ids", "Invoices", undefined),
      col("invoice_totals", "Invoice Totals", undefined),
      col("applied_amount", "Applied", SORT_PLAIN),
      col("unapplied_amount", "Unapplied", SORT_PLAIN),
      col("refunded_amount", "Refunded", SORT_PLAIN, false),
      col("auto_apply", "Auto Apply", SORT_PLAIN, false),
      col("currency", "Currency", SORT_TEXT, false),
      ...stampColumns,
    ],
  },
  usages: {
    module: "usages",
    table: "usages",
    objectKey: "usage",
    defaultSort: { column: "date", direction: "desc" },
    filters: [
      text("id"),
      num("quantity"),
      date("date"),
      text("subscription_id"),
      text("charge_id"),
      text("unit_of_measure"),
      text("description"),
      text("subscription_line_id"),
      bool("invoiced"),
      text("invoice_id"),
      date("invoice_date"),
      date("start_date", "billing_start_date"),
      date("end_date", "billing_end_date"),
      ...stamps,
    ],
    columns: [
      col("id", "Usage ID", SORT_TEXT),
      col("date", "Date", SORT_PLAIN),
      col("description", "Description", SORT_TEXT),
      col("quantity", "Quantity", SORT_PLAIN),
      col("unit_of_measure", "Unit of Measure", SORT_TEXT),
      col("subscription_id", "Subscription ID", SORT_TEXT),
      col("charge_id", "Charge ID", SORT_TEXT, false),
      col("subscription_line_id", "Subscription Line ID", SORT_TEXT, false),
      col("invoiced", "Invoiced", SORT_PLAIN),
      col("invoice_id", "Invoice ID", SORT_TEXT),
      col("invoice_date", "Invoice Date", SORT_PLAIN),
      col("billing_start_date", "Billing Start Date", SORT_PLAIN),
      col("billing_end_date", "Billing End Date", SORT_PLAIN),
      ...stampColumns,
    ],
  },
  credits: {
    module: "credits",
    table: "credits",
    objectKey: "credit",
    defaultSort: { column: "credit_date", direction: "desc" },
    filters: [
      text("credit_id", "id"),
      date("credit_date"),
      num("credit_amount"),
      num("unapplied_amount"),
      text("currency"),
      text("reference_number"),
      ...stamps,
    ],
    columns: [
      col("id", "Credit ID", SORT_TEXT),
      col("credit_date", "Credit Date", SORT_PLAIN),
      col("credit_amount", "Amount", SORT_PLAIN),
      col("unapplied_amount", "Balance", SORT_PLAIN),
      col("currency", "Currency", SORT_TEXT),
      col("reference_number", "Reference Number", SORT_TEXT),
      col("status", "Status", SORT_TEXT),
      ...stampColumns,
    ],
  },
  statements: {
    module: "statements",
    table: "statements",
    objectKey: "statements",
    defaultSort: { column: "statement_date", direction: "desc" },
    filters: [
      text("statement_id", "id"),
      date("statement_date"),
      date("start_date"),
      date("end_date"),
      text("customer_name"),
      ...stamps,
    ],
    columns: [
      col("id", "Statement ID", SORT_TEXT),
      col("customer_name", "Customer Name", SORT_TEXT),
      col("statement_date", "Statement Date", SORT_PLAIN),
      col("start_date", "Start Date", SORT_PLAIN),
      col("end_date", "End Date", SORT_PLAIN),
      ...stampColumns,
      col("url", "Statement", undefined),
    ],
  },
};

/** Whether `value` names one of the five lists. */
export function isListModule(value: unknown): value is ListModule {
  return typeof value === "string" && (LIST_MODULES as readonly string[]).includes(value);
}

/** The column id of a custom field in the company's configuration (also its path in a row). */
export const customColumnId = (apiName: string) => `custom_fields.${apiName}`;
