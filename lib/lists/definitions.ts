// The five billing lists of the dashboard (docs/CONTRACT.md §5, spec 001 §2–3, §9): one
// definition each, read by the URL parsers, the encoder, the reshape and the table UI. The lists'
// vocabulary (ids, sort directions, filter types, column kinds) lives with the app types in
// lib/schemas/lists.ts and is re-exported here.
import {
  LIST_IDS,
  type ColumnKind,
  type FilterType,
  type ListId,
  type ListRowMap,
  type Sort,
} from "@/lib/schemas/lists";

export {
  COLUMN_KINDS,
  FILTER_TYPES,
  LIST_IDS,
  SORT_DIRECTIONS,
  type ColumnKind,
  type FilterType,
  type ListId,
  type Sort,
  type SortDirection,
} from "@/lib/schemas/lists";

export const PAGE_SIZES = [5, 10, 20, 50] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

// Spec 001 §9 fixes 10 for usages only and leaves the shared constant of the other lists open;
// 10 everywhere keeps the lists alike until the product says otherwise.
export const DEFAULT_PAGE_SIZE: PageSize = 10;

/** A built-in column: `id` is the wire name (sort, objectConfiguration, saved widths), `field` the app row's key. */
export type ColumnDefinition = {
  id: string;
  /** Checked against the list's row type where the column is defined. */
  field: string;
  headerKey: string;
  kind: ColumnKind;
  sortable: boolean;
  /** Shown on the mobile card. */
  mobile: boolean;
  /** Cannot be hidden in the column picker. */
  required: boolean;
  /** Always present, even when the company's objectConfiguration does not list it (links). */
  fixed: boolean;
};

/** A built-in filter field: `name` travels in filter_options; `column` is the column it filters (null: not shown as a column). */
export type FilterFieldDefinition = {
  name: string;
  type: FilterType;
  /** The field's own type, which decides whether the value look-up runs. */
  sourceType: string;
  column: string | null;
  labelKey: string;
  required: boolean;
};

export type ListDefinition<L extends ListId = ListId> = {
  id: L;
  /** `module` of every call and the key of filter_options. */
  module: L;
  /** Path of the rows in `data` (payments nest theirs). */
  rowsPath: readonly string[];
  objectConfigurationKey: string;
  defaultSort: Sort;
  defaultPageSize: PageSize;
  pageSizes: readonly PageSize[];
  columns: readonly ColumnDefinition[];
  filterFields: readonly FilterFieldDefinition[];
};

type ColumnOptions = Partial<Pick<ColumnDefinition, "sortable" | "mobile" | "required" | "fixed">>;

function column<Row>(
  id: string,
  field: keyof Row & string,
  headerKey: string,
  kind: ColumnKind,
  options: ColumnOptions = {},
): ColumnDefinition {
  const link = kind === "pdfLink" || kind === "viewLink";
  const list = kind === "idList" || kind === "minorTotals";
  return {
    id,
    field,
    headerKey: `lists.columns.${headerKey}`,
    kind,
    sortable: options.sortable ?? !(link || list),
    mobile: options.mobile ?? false,
    required: options.required ?? false,
    fixed: options.fixed ?? link,
  };
}

function filter(
  name: string,
  type: FilterType,
  column: string | null,
  labelKey: string,
  options: { required?: boolean; sourceType?: string } = {},
): FilterFieldDefinition {
  return {
    name,
    type,
    sourceType: options.sourceType ?? type,
    column,
    labelKey: labelKey.includes(".") ? labelKey : `lists.columns.${labelKey}`,
    required: options.required ?? false,
  };
}

const money = { sourceType: "currency" } as const;
const required = { required: true } as const;

type InvoiceRow = ListRowMap["invoices"];
type PaymentRow = ListRowMap["payments"];
type UsageRow = ListRowMap["usages"];
type CreditRow = ListRowMap["credits"];
type StatementRow = ListRowMap["statements"];

const invoices: ListDefinition<"invoices"> = {
  id: "invoices",
  module: "invoices",
  rowsPath: ["invoices"],
  objectConfigurationKey: "invoice",
  defaultSort: { column: "invoice_date", direction: "desc" },
  defaultPageSize: DEFAULT_PAGE_SIZE,
  pageSizes: PAGE_SIZES,
  columns: [
    column<InvoiceRow>("id", "id", "invoiceId", "text", { mobile: true, required: true }),
    column<InvoiceRow>("invoice_date", "invoiceDate", "invoiceDate", "date", { mobile: true }),
    column<InvoiceRow>("due_date", "dueDate", "dueDate", "date", { mobile: true }),
    column<InvoiceRow>("invoice_amount", "invoiceAmount", "invoiceAmount", "money", {
      mobile: true,
    }),
    column<InvoiceRow>("balance", "balance", "balance", "money", { mobile: true }),
    column<InvoiceRow>("status", "status", "status", "status", { mobile: true }),
    column<InvoiceRow>("overdue", "overdue", "overdue", "overdue"),
    column<InvoiceRow>("created_date", "createdDate", "createdDate", "timestamp"),
    column<InvoiceRow>("updated_date", "updatedDate", "updatedDate", "timestamp"),
    column<InvoiceRow>("currency", "currency", "currency", "text"),
    column<InvoiceRow>("salesforce_id", "salesforceId", "salesforceId", "text"),
    column<InvoiceRow>("invoice_pdf", "id", "invoicePdf", "viewLink", { mobile: true }),
  ],
  filterFields: [
    filter("invoice_id", "text", "id", "invoiceId", required),
    filter("date", "date", "invoice_date", "invoiceDate"),
    filter("due_date", "date", "due_date", "dueDate"),
    filter("status", "text", "status", "status"),
    // Spec 001 §3 names the column `subtotal`; CONTRACT §5 (the wire) has `invoice_amount`.
    filter("total", "number", "invoice_amount", "invoiceAmount", money),
    filter("balance", "number", "balance", "balance", money),
    filter("created_date", "date", "created_date", "createdDate"),
    filter("updated_date", "date", "updated_date", "updatedDate"),
  ],
};

const payments: ListDefinition<"payments"> = {
  id: "payments",
  module: "payments",
  rowsPath: ["payments", "payments"],
  objectConfigurationKey: "payment",
  defaultSort: { column: "payment_date", direction: "desc" },
  defaultPageSize: DEFAULT_PAGE_SIZE,
  pageSizes: PAGE_SIZES,
  columns: [
    column<PaymentRow>("id", "id", "paymentId", "text", { mobile: true, required: true }),
    column<PaymentRow>("payment_date", "paymentDate", "paymentDate", "date", {
      mobile: true,
      required: true,
    }),
    column<PaymentRow>("payment_method", "paymentMethod", "paymentMethod", "text", {
      mobile: true,
    }),
    column<PaymentRow>("payment_amount", "paymentAmount", "paymentAmount", "money", {
      mobile: true,
    }),
    column<PaymentRow>("status", "status", "status", "status", { mobile: true }),
    column<PaymentRow>("invoice_ids", "invoiceIds", "invoiceIds", "idList"),
    column<PaymentRow>("invoice_totals", "invoiceTotals", "invoiceTotals", "minorTotals"),
    column<PaymentRow>("applied_amount", "appliedAmount", "appliedAmount", "money"),
    column<PaymentRow>("unapplied_amount", "unappliedAmount", "unappliedAmount", "money"),
    column<PaymentRow>("refunded_amount", "refundedAmount", "refundedAmount", "money"),
    column<PaymentRow>("auto_apply", "autoApply", "autoApply", "boolean"),
    column<PaymentRow>("created_date", "createdDate", "createdDate", "timestamp"),
    column<PaymentRow>("updated_date", "updatedDate", "updatedDate", "timestamp"),
    column<PaymentRow>("currency", "currency", "currency", "text"),
  ],
  filterFields: [
    filter("payment_id", "text", "id", "paymentId", required),
    filter("payment_date", "date", "payment_date", "paymentDate", required),
    filter("payment_method", "text", "payment_method", "paymentMethod"),
    filter("payment_amount", "number", "payment_amount", "paymentAmount", money),
    filter("status", "text", "status", "status"),
    filter("applied_amount", "number", "applied_amount", "appliedAmount", money),
    filter("unapplied_amount", "number", "unapplied_amount", "unappliedAmount", money),
    filter("refunded_amount", "number", "refunded_amount", "refundedAmount", money),
    filter("auto_apply", "boolean", "auto_apply", "autoApply"),
    filter("created_date", "date", "created_date", "createdDate"),
    filter("updated_date", "date", "updated_date", "updatedDate"),
  ],
};

const usages: ListDefinition<"usages"> = {
  id: "usages",
  module: "usages",
  rowsPath: ["usages"],
  objectConfigurationKey: "usage",
  defaultSort: { column: "date", direction: "desc" },
  defaultPageSize: DEFAULT_PAGE_SIZE,
  pageSizes: PAGE_SIZES,
  // Spec 001 §2 lists the usage columns; charge_id and subscription_line_id are filters only.
  columns: [
    column<UsageRow>("id", "id", "usageId", "text", { mobile: true, required: true }),
    column<UsageRow>("date", "date", "usageDate", "date", { mobile: true, required: true }),
    column<UsageRow>("description", "description", "description", "text"),
    column<UsageRow>("quantity", "quantity", "quantity", "number", {
      mobile: true,
      required: true,
    }),
    column<UsageRow>("unit_of_measure", "unitOfMeasure", "unitOfMeasure", "text"),
    column<UsageRow>("subscription_id", "subscriptionId", "subscriptionId", "text"),
    column<UsageRow>("invoiced", "invoiced", "invoiced", "boolean"),
    column<UsageRow>("invoice_id", "invoiceId", "invoiceId", "text"),
    column<UsageRow>("invoice_date", "invoiceDate", "invoiceDate", "date"),
    column<UsageRow>("billing_start_date", "billingStartDate", "billingStartDate", "date"),
    column<UsageRow>("billing_end_date", "billingEndDate", "billingEndDate", "date"),
    column<UsageRow>("created_date", "createdDate", "createdDate", "timestamp"),
    column<UsageRow>("updated_date", "updatedDate", "updatedDate", "timestamp"),
  ],
  filterFields: [
    filter("id", "text", "id", "usageId", required),
    filter("quantity", "number", "quantity", "quantity", required),
    filter("date", "date", "date", "usageDate", required),
    filter("subscription_id", "text", "subscription_id", "subscriptionId"),
    filter("charge_id", "text", null, "lists.filter.fields.chargeId"),
    filter("unit_of_measure", "text", "unit_of_measure", "unitOfMeasure"),
    filter("description", "text", "description", "description"),
    filter("subscription_line_id", "text", null, "lists.filter.fields.subscriptionLineId"),
    filter("invoiced", "boolean", "invoiced", "invoiced"),
    filter("invoice_id", "text", "invoice_id", "invoiceId"),
    filter("invoice_date", "date", "invoice_date", "invoiceDate"),
    filter("start_date", "date", "billing_start_date", "billingStartDate"),
    filter("end_date", "date", "billing_end_date", "billingEndDate"),
    filter("created_date", "date", "created_date", "createdDate"),
    filter("updated_date", "date", "updated_date", "updatedDate"),
  ],
};

const credits: ListDefinition<"credits"> = {
  id: "credits",
  module: "credits",
  rowsPath: ["credits"],
  objectConfigurationKey: "credit",
  defaultSort: { column: "credit_date", direction: "desc" },
  defaultPageSize: DEFAULT_PAGE_SIZE,
  pageSizes: PAGE_SIZES,
  columns: [
    column<CreditRow>("id", "id", "creditId", "text", { mobile: true, required: true }),
    column<CreditRow>("credit_date", "creditDate", "creditDate", "date", {
      mobile: true,
      required: true,
    }),
    column<CreditRow>("credit_amount", "creditAmount", "creditAmount", "money", {
      mobile: true,
      required: true,
    }),
    column<CreditRow>("unapplied_amount", "unappliedAmount", "balance", "creditBalance", {
      mobile: true,
      required: true,
    }),
    column<CreditRow>("status", "status", "status", "status", { mobile: true }),
    column<CreditRow>("currency", "currency", "currency", "text"),
    column<CreditRow>("reference_number", "referenceNumber", "referenceNumber", "text"),
    column<CreditRow>("created_date", "createdDate", "createdDate", "timestamp"),
    column<CreditRow>("updated_date", "updatedDate", "updatedDate", "timestamp"),
  ],
  filterFields: [
    filter("credit_id", "text", "id", "creditId", required),
    filter("credit_date", "date", "credit_date", "creditDate", required),
    filter("credit_amount", "number", "credit_amount", "creditAmount", {
      ...money,
      ...required,
    }),
    filter("unapplied_amount", "number", "unapplied_amount", "balance", { ...money, ...required }),
    filter("currency", "text", "currency", "currency"),
    filter("reference_number", "text", "reference_number", "referenceNumber"),
    filter("created_date", "date", "created_date", "createdDate"),
    filter("updated_date", "date", "updated_date", "updatedDate"),
  ],
};

const statements: ListDefinition<"statements"> = {
  id: "statements",
  module: "statements",
  rowsPath: ["statements"],
  objectConfigurationKey: "statements",
  defaultSort: { column: "statement_date", direction: "desc" },
  defaultPageSize: DEFAULT_PAGE_SIZE,
  pageSizes: PAGE_SIZES,
  columns: [
    column<StatementRow>("id", "id", "statementId", "text", { mobile: true, required: true }),
    column<StatementRow>("customer_name", "customerName", "customerName", "text"),
    column<StatementRow>("statement_date", "statementDate", "statementDate", "date", {
      mobile: true,
      required: true,
    }),
    column<StatementRow>("start_date", "startDate", "startDate", "date"),
    column<StatementRow>("end_date", "endDate", "endDate", "date"),
    column<StatementRow>("created_date", "createdDate", "createdDate", "timestamp"),
    column<StatementRow>("updated_date", "updatedDate", "updatedDate", "timestamp"),
    column<StatementRow>("url", "url", "statementPdf", "pdfLink", { mobile: true }),
  ],
  filterFields: [
    filter("statement_id", "text", "id", "statementId", required),
    filter("statement_date", "date", "statement_date", "statementDate", required),
    filter("start_date", "date", "start_date", "startDate"),
    filter("end_date", "date", "end_date", "endDate"),
    filter("customer_name", "text", "customer_name", "customerName"),
    filter("created_date", "date", "created_date", "createdDate"),
    filter("updated_date", "date", "updated_date", "updatedDate"),
  ],
};

export const listDefinitions: { readonly [L in ListId]: ListDefinition<L> } = {
  invoices,
  payments,
  usages,
  credits,
  statements,
};

/** Whether a value names one of the five lists. */
export function isListId(value: unknown): value is ListId {
  return typeof value === "string" && (LIST_IDS as readonly string[]).includes(value);
}

/** The definition of a list (columns typed loosely, for code that handles any list). */
export function getListDefinition(list: ListId): ListDefinition {
  return listDefinitions[list];
}

/** The column ids a list may be sorted by: the whitelist for the URL and the upstream query. */
export function sortableColumns(list: ListId): readonly string[] {
  return getListDefinition(list)
    .columns.filter((c) => c.sortable)
    .map((c) => c.id);
}

/** The built-in filter field of a list by name, if any. */
export function findFilterField(list: ListId, name: string): FilterFieldDefinition | undefined {
  return getListDefinition(list).filterFields.find((f) => f.name === name);
}

/** Whether a name is taken by a built-in field of the list (a filter field or a column). */
export function isBuiltInFieldName(list: ListId, name: string): boolean {
  const def = getListDefinition(list);
  return def.filterFields.some((f) => f.name === name) || def.columns.some((c) => c.id === name);
}
