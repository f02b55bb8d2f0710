// The five lists and the calls around them (docs/CONTRACT.md §5): rows, custom fields, the saved
// table layout and the company's columns, the balance banner, existing values, column saves,
// document links and exports.
import { z } from "zod";
import { EXPORT_FORMATS, EXPORT_PREFERENCES, LIST_MODULES } from "../enums";
import { MAX_FILTER_VALUE_LENGTH } from "../filter-options";
import { wireDay, wireId, wireInstant } from "./envelope";
import { named } from "./named";

// ——— Rows ———

const text = z.string().max(5000).nullable();
const day = wireDay.nullable();
const instant = wireInstant.nullable();
const money = z.number().nullable();
const currency = z.string().min(3).max(3).nullable().meta({ description: "ISO 4217, default USD" });

/** A custom field's value on a row: null where the row has none; a file_upload value is a file. */
export const customValueDto = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.looseObject({ attachment_id: wireId, file_name: z.string().max(500) }),
]);
const customValues = z
  .record(z.string(), customValueDto)
  .meta({ description: "Only the fields whose display_in_cp is true, by api_name" });

const stamps = { created_date: instant, updated_date: instant };

export const invoiceRowDto = named(
  "Invoice",
  z.looseObject({
    id: wireId,
    invoice_date: day,
    due_date: day,
    invoice_amount: money,
    balance: money,
    status: z.enum(["Posted", "Paid", "Partially paid", "Void"]),
    overdue: z.boolean().meta({ description: "computed: open and past due_date (US Eastern)" }),
    ...stamps,
    currency,
    salesforce_id: text,
    invoice_pdf_url: z.string().max(4096).nullable().optional(),
    custom_fields: customValues,
  }),
);
export type InvoiceRowDto = z.output<typeof invoiceRowDto>;

export const paymentRowDto = named(
  "Payment",
  z.looseObject({
    id: wireId,
    payment_date: wireDay,
    payment_method: text,
    payment_amount: money,
    status: z.enum(["succeeded", "failed", "pending", "refunded"]),
    invoice_ids: z.array(wireId),
    invoice_totals: z
      .array(z.int())
      .meta({ description: "minor units, one per invoice_ids entry" }),
    applied_amount: money,
    unapplied_amount: money,
    refunded_amount: money,
    auto_apply: z.boolean().nullable(),
    ...stamps,
    currency,
    custom_fields: customValues,
  }),
);
export type PaymentRowDto = z.output<typeof paymentRowDto>;

export const usageRowDto = named(
  "Usage",
  z.looseObject({
    id: wireId,
    date: wireDay,
    description: text,
    quantity: z.number(),
    unit_of_measure: text,
    subscription_id: text,
    charge_id: text,
    subscription_line_id: text,
    invoiced: z.boolean().nullable(),
    invoice_id: text,
    invoice_date: day,
    billing_start_date: day,
    billing_end_date: day,
    ...stamps,
    custom_fields: customValues,
  }),
);
export type UsageRowDto = z.output<typeof usageRowDto>;

export const creditRowDto = named(
  "Credit",
  z.looseObject({
    id: wireId,
    credit_date: wireDay,
    credit_amount: z.number(),
    unapplied_amount: z.number(),
    currency,
    reference_number: text,
    status: z.enum(["Processed", "Partially Refunded", "Refunded", "Draft"]),
    ...stamps,
    custom_fields: customValues,
  }),
);
export type CreditRowDto = z.output<typeof creditRowDto>;

export const statementRowDto = named(
  "Statement",
  z.looseObject({
    id: wireId,
    customer_name: text,
    statement_date: wireDay,
    start_date: day,
    end_date: day,
    ...stamps,
    url: z.string().max(4096).nullable().meta({ description: "a signed, expiring PDF URL" }),
    custom_fields: customValues,
  }),
);
export type StatementRowDto = z.output<typeof statementRowDto>;

// ——— Configuration ———

export const customFieldDto = named(
  "CustomField",
  z.looseObject({
    id: wireId,
    api_name: z.string().min(1).max(200),
    field_label: z.string().max(500),
    field_type: z.string().min(1).max(64).meta({
      description:
        "currency, money, percentage, number, formula (numbers); boolean; date; text, textarea, inherited (text); file_upload; another type filters as text",
    }),
    required: z.boolean(),
    display_in_cp: z.boolean(),
    default_value: z.union([z.string(), z.number(), z.boolean(), z.null()]),
    options: z.looseObject({ data_type: z.string().max(64) }),
  }),
);
export type CustomFieldDto = z.output<typeof customFieldDto>;

export const tableConfigurationDto = named(
  "TableConfiguration",
  z.looseObject({
    column_width: z.record(z.string(), z.number()),
    column_order: z.array(z.string()),
    sorting: z
      .string()
      .nullable()
      .meta({ description: '"<column> <asc|desc>", null when never saved' }),
  }),
);
export type TableConfigurationDto = z.output<typeof tableConfigurationDto>;

export const columnConfigurationDto = named(
  "ColumnConfiguration",
  z.looseObject({
    id: z.string().min(1).max(200).meta({ description: "a row key, or custom_fields.<api_name>" }),
    display_name: z.string().max(500),
    tempLabel: z
      .string()
      .max(500)
      .nullable()
      .optional()
      .meta({ description: "the name shown when display_name is blank" }),
    order_no: z.number(),
    column_enabled: z.boolean().meta({ description: "false: hidden until the user picks it" }),
  }),
);
export type ColumnConfigurationDto = z.output<typeof columnConfigurationDto>;

const objectConfigurationDto = z
  .record(z.string(), z.looseObject({ fields: z.array(columnConfigurationDto) }))
  .meta({ description: "{ <object key>: { fields } }: the company's columns for the list" });

const pageParts = {
  total: z.int().nonnegative().nullable().meta({ description: "null when with_total=false" }),
  customFields: z.array(customFieldDto),
};
const configurationParts = {
  tableConfiguration: tableConfigurationDto
    .optional()
    .meta({ description: "with initial_req=true" }),
  objectConfiguration: objectConfigurationDto
    .optional()
    .meta({ description: "with initial_req=true" }),
};

/** The `data` of GET /v1/<module>; payments nest their page one level down. */
export const listAnswers = {
  invoices: named(
    "InvoicePage",
    z.looseObject({ invoices: z.array(invoiceRowDto), ...pageParts, ...configurationParts }),
  ),
  payments: named(
    "PaymentPage",
    z.looseObject({
      payments: z.looseObject({ payments: z.array(paymentRowDto), ...pageParts }),
      ...configurationParts,
    }),
  ),
  usages: named(
    "UsagePage",
    z.looseObject({ usages: z.array(usageRowDto), ...pageParts, ...configurationParts }),
  ),
  credits: named(
    "CreditPage",
    z.looseObject({ credits: z.array(creditRowDto), ...pageParts, ...configurationParts }),
  ),
  statements: named(
    "StatementPage",
    z.looseObject({ statements: z.array(statementRowDto), ...pageParts, ...configurationParts }),
  ),
} as const;

// ——— Around the lists ———

export const accountDetailDto = named(
  "AccountDetail",
  z.looseObject({
    customerAccountDetails: z.looseObject({
      balance: z.number().meta({ description: "the open invoices' balances" }),
      payment_date: day,
      payment_amount: money,
      payment_currency: currency,
      last_paid_invoice: text,
      inv_paid_amount: money,
      invoice_currency: currency,
      invoice_pdf_url: z.string().max(4096).nullable(),
      customer_currency: z.string().min(3).max(3),
      paymentGatewayEnabled: z.boolean(),
    }),
  }),
);
export type AccountDetailDto = z.output<typeof accountDetailDto>;

export const instancesDto = named(
  "FilterInstances",
  z.looseObject({
    resultData: z.looseObject({
      results: z.array(z.looseObject({ label: z.string(), value: z.string() })),
    }),
  }),
);
export type InstancesDto = z.output<typeof instancesDto>;

export const pdfUrlDto = named("PdfUrl", z.looseObject({ pdf_url: z.string().max(4096) }));
export const attachmentUrlDto = named(
  "AttachmentUrl",
  z.looseObject({ success: z.literal(true), url: z.string().max(4096) }),
);
export const payNowUrlDto = named("PayNowUrl", z.looseObject({ payNowUrl: z.string().max(4096) }));
export type PayNowUrlDto = z.output<typeof payNowUrlDto>;
export const exportJobDto = named(
  "ExportJob",
  z.looseObject({ jobId: wireId, status: z.literal("queued") }),
);

// ——— Requests ———

/** GET /v1/<module> (filter_options[<module>][n][field] besides): decoded by the list protocol, 400 on anything malformed. */
export const listQuery = z.object({
  page: z.string().optional().meta({ description: "integer ≥ 1, default 1" }),
  size: z.string().optional().meta({ description: "integer 1..100, default 10" }),
  sort: z.string().optional().meta({
    description:
      '"<column> <asc|desc>" from the sortable columns; absent: the saved sort, else the default',
  }),
  initial_req: z.enum(["true", "false"]).optional().meta({
    description: "true adds tableConfiguration and objectConfiguration",
  }),
  with_total: z.enum(["true", "false"]).optional().meta({
    description: "false skips the count (total: null); default true",
  }),
});

const idQuery = (name: string) =>
  z.object({
    [name]: z
      .string({ error: "is required" })
      .trim()
      .min(1, { error: "is required" })
      .max(100, { error: "is too long" }),
  });
export const invoiceIdQuery = idQuery("invoice_id");
export const attachmentIdQuery = idQuery("attachment_id");

const optionalText = z.string().max(100, { error: "is too long" }).optional();
export const fetchInstancesQuery = z.object({
  field: z
    .string({ error: "is required" })
    .regex(/^[a-z]+\.[A-Za-z0-9_]{1,100}$/, { error: 'must be "<module>.<field>"' }),
  custom_search: z
    .string()
    .refine((s) => [...s].length <= MAX_FILTER_VALUE_LENGTH, {
      error: `must have at most ${MAX_FILTER_VALUE_LENGTH} characters`,
    })
    .optional(),
  // Accepted for the portal's sake; the bearer's selected customer is what counts.
  module_name: optionalText,
  customer_id: optionalText,
  cp_module: optionalText,
});

export const MIN_COLUMN_WIDTH = 40;
export const MAX_COLUMN_WIDTH = 1000;
/** The only module_name the portal's tables use. */
export const TABLE_MODULE_NAME = "dashboard";

const target = {
  module_name: z.literal(TABLE_MODULE_NAME, { error: `must be "${TABLE_MODULE_NAME}"` }),
  sub_module_name: z.enum(LIST_MODULES, { error: `must be one of ${LIST_MODULES.join(", ")}` }),
  level_type: z.literal("user", { error: 'must be "user"' }).optional(),
};

export const columnWidthBody = z.object({
  ...target,
  column_width: z
    .record(
      z.string(),
      z
        .number({ error: "must be a number of pixels" })
        .int({ error: "must be a whole number of pixels" })
        .min(MIN_COLUMN_WIDTH, { error: `must be at least ${MIN_COLUMN_WIDTH}` })
        .max(MAX_COLUMN_WIDTH, { error: `must be at most ${MAX_COLUMN_WIDTH}` }),
    )
    .refine((widths) => Object.keys(widths).length > 0, { error: "names no column" }),
});

export const columnOrderBody = z.object({
  ...target,
  column_order: z.array(z.string().max(200)).max(200),
});

export const sortingBody = z.object({
  ...target,
  sort_line: z.string().max(100).nullable(),
});

/** Which list a save body names (read before the list's columns are known). */
export const saveTargetBody = z.object({ sub_module_name: target.sub_module_name });

/** POST /v1/exports (the request's language is read by the billing API: an unknown one is English). */
export const exportBody = z.object({
  instance: z.enum(LIST_MODULES, { error: `must be one of ${LIST_MODULES.join(", ")}` }),
  preference: z.enum(EXPORT_PREFERENCES, { error: 'must be "all_data" or "filtered_data"' }),
  format: z.enum(EXPORT_FORMATS, { error: 'must be "xlsx" or "csv"' }),
  excludedFields: z
    .array(z.string({ error: "must be column ids" }).max(120), { error: "must be a list" })
    .max(200)
    .default([]),
  filter_options: z.unknown().optional().meta({
    description: "{ <module>: [ { field: value } | { field: { op: value } } ] } (filtered_data)",
  }),
  sort: z.string().max(100).nullish(),
  locale: z
    .string()
    .max(35)
    .optional()
    .meta({ description: "a language tag; others read as English" }),
});
