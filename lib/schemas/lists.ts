// The lists' app shapes (docs/CONTRACT.md §5): the camelCase rows, columns and configuration the BFF
// answers and the table reads. Plain TypeScript and constants, no schema library: the BFF validated
// the upstream's answer in lib/billing/lists, so the browser trusts its own typed answers, and the
// table's first paint carries no zod. The bodies the browser sends about a list (layout changes,
// exports) have their zod/mini schemas in lib/schemas/lists-forms.ts, which the BFF parses with.
// Wire (DTO) schemas never come here.

// ——— Vocabulary of the lists ———

import type { ListModule } from "@billing-portal/contract/enums";
import type { FilterValueType } from "@billing-portal/contract/filter-options";

/** The lists are the contract's list modules, by the same names. */
export { LIST_MODULES as LIST_IDS } from "@billing-portal/contract/enums";
export type ListId = ListModule;

export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
export type Sort = { column: string; direction: SortDirection };

/** Filter value classes; each has its own operators (lib/lists/filters.ts). */
export { FILTER_VALUE_TYPES as FILTER_TYPES } from "@billing-portal/contract/filter-options";
export type FilterType = FilterValueType;

/**
 * How a cell is shown (lib/format): `timestamp` is an ISO instant shown as its US Eastern day,
 * `minorTotals` a list of minor-unit amounts, `idList` a list of ids (both collapse to 2),
 * `overdue` the Yes/No of the overdue rule, `creditBalance` money shown only for some statuses,
 * `pdfLink` a VIEW link to the row's own URL, `viewLink` a VIEW link whose signed URL is asked for
 * when clicked (GET /v1/invoices/getPdfUrl), `attachment` a custom file_upload value (downloaded
 * through GET /v1/download/download_attachments), `percent` a custom percentage field (12.5 is 12.5 %).
 */
export const COLUMN_KINDS = [
  "text",
  "date",
  "timestamp",
  "money",
  "minorTotals",
  "number",
  "boolean",
  "status",
  "overdue",
  "creditBalance",
  "idList",
  "pdfLink",
  "viewLink",
  "attachment",
  "percent",
] as const;
export type ColumnKind = (typeof COLUMN_KINDS)[number];

// ——— Rows ———

export type Attachment = { attachmentId: string; fileName: string };
export type CustomFieldValue = string | number | boolean | string[] | Attachment | null;

type RowBase = { id: string; customFields: Record<string, CustomFieldValue> };

export type Invoice = RowBase & {
  invoiceDate: string | null;
  dueDate: string | null;
  invoiceAmount: number | null;
  balance: number | null;
  status: string | null;
  overdue: boolean | null;
  createdDate: string | null;
  updatedDate: string | null;
  currency: string | null;
  salesforceId: string | null;
  /** Kept only when safe to follow (https, or the billing API's own origin). */
  pdfUrl: string | null;
};

export type Payment = RowBase & {
  paymentDate: string;
  paymentMethod: string | null;
  paymentAmount: number | null;
  status: string | null;
  invoiceIds: string[];
  invoiceTotals: number[];
  appliedAmount: number | null;
  unappliedAmount: number | null;
  refundedAmount: number | null;
  autoApply: boolean | null;
  createdDate: string | null;
  updatedDate: string | null;
  currency: string | null;
};

export type Usage = RowBase & {
  date: string;
  description: string | null;
  quantity: number;
  unitOfMeasure: string | null;
  subscriptionId: string | null;
  chargeId: string | null;
  subscriptionLineId: string | null;
  invoiced: boolean | null;
  invoiceId: string | null;
  invoiceDate: string | null;
  billingStartDate: string | null;
  billingEndDate: string | null;
  createdDate: string | null;
  updatedDate: string | null;
};

export type Credit = RowBase & {
  creditDate: string;
  creditAmount: number;
  unappliedAmount: number;
  currency: string | null;
  referenceNumber: string | null;
  status: string | null;
  createdDate: string | null;
  updatedDate: string | null;
};

export type Statement = RowBase & {
  customerName: string | null;
  statementDate: string;
  startDate: string | null;
  endDate: string | null;
  createdDate: string | null;
  updatedDate: string | null;
  /** Kept only when safe to follow (https, or the billing API's own origin). */
  url: string | null;
};

/** The app row of each list. */
export type ListRowMap = {
  invoices: Invoice;
  payments: Payment;
  usages: Usage;
  credits: Credit;
  statements: Statement;
};

// ——— Configuration ———

/** A custom field of the list's configuration, as the app uses it. */
export type CustomField = {
  id: string;
  apiName: string;
  label: string;
  fieldType: string;
  required: boolean;
  defaultValue: string | number | boolean | null;
  dataType: string | null;
  /** The builder's type; null when not filterable. */
  filterType: FilterType | null;
  filterable: boolean;
};

/** The user's saved layout of a list. */
export type TableConfig = {
  widths: Record<string, number>;
  order: string[];
  sort: Sort | null;
};

/** A column of a list as the table shows it: a built-in one or a custom field. */
export type ListColumn = {
  /** Wire name: sort key, saved width/order key; a custom field's api_name. */
  id: string;
  /** The app row's key of a built-in column; null for custom fields (read `row.customFields[id]`). */
  field: string | null;
  custom: boolean;
  /** Message key of a built-in column's header. */
  headerKey: string | null;
  /** The company's display name (objectConfiguration) or the custom field's label. */
  label: string | null;
  kind: ColumnKind;
  sortable: boolean;
  mobile: boolean;
  required: boolean;
  /** column_enabled: shown until the user hides it; required columns always are. */
  visible: boolean;
};

/** A list's configuration: its columns, the portal's custom fields and the user's saved layout. */
export type ListConfig = {
  customFields: CustomField[];
  columns: ListColumn[];
  tableConfig: TableConfig;
};

// ——— Answers of the BFF ———

/**
 * One page of a list. `config` comes with the list's first page only (initial_req): paging needs
 * rows alone, and a page without the columns is less than half the bytes to build, send and read.
 */
export type ListAnswer<L extends ListId = ListId> = {
  rows: ListRowMap[L][];
  total: number | null;
  config: ListConfig | null;
};

/** An existing value offered by the filter builder. */
export type FilterOption = { label: string; value: string };

/** GET /api/lists/:list/options */
export type FilterOptionsAnswer = { options: FilterOption[] };

/** The balance banner's account detail. */
export type AccountDetail = {
  balance: number | null;
  paymentDate: string | null;
  invoicePaidAmount: number | null;
  invoiceCurrency: string | null;
  invoicePdfUrl: string | null;
  paymentAmount: number | null;
  paymentCurrency: string | null;
  customerCurrency: string | null;
  paymentGatewayEnabled: boolean;
  lastPaidInvoice: string | null;
};

/** A signed link handed to the browser; null when the upstream's URL is not safe to follow. */
export type SignedUrl = { url: string | null };

export type { ExportRequest, LayoutChange } from "./lists-forms";

export const EXPORT_FORMATS = ["xlsx", "csv"] as const;
export const EXPORT_PREFERENCES = ["filtered_data", "all_data"] as const;

/** The export dialog's choice before the user changes it (spec 001 §2, §8): filtered data as XLSX. */
export const exportDefaults = {
  preference: "filtered_data",
  format: "xlsx",
} as const satisfies {
  preference: (typeof EXPORT_PREFERENCES)[number];
  format: (typeof EXPORT_FORMATS)[number];
};
