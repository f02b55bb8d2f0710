// The lists' data (docs/CONTRACT.md §5): schemas of the upstream answers and of the app's own
// camelCase shapes, and the pure reshape from one to the other. Isomorphic: the BFF reshapes,
// server components and the browser read the same types (CONVENTIONS 22), and the browser may
// check the BFF's answer with the app schemas. Unknown upstream fields are ignored; a missing
// required field fails the parse (reshape… throws a ZodError, which the BFF maps to 502).
import { z } from "zod";
import { displayStatus } from "@/lib/format/status";
import {
  COLUMN_KINDS,
  FILTER_TYPES,
  SORT_DIRECTIONS,
  getListDefinition,
  isBuiltInFieldName,
  sortableColumns,
  type ColumnDefinition,
  type ColumnKind,
  type ListId,
  type Sort,
} from "@/lib/lists/definitions";
import { customFieldFilterType, isFilterableCustomField } from "@/lib/lists/filters";

// ——— Wire scalars ———

const DECIMAL = /^\s*-?\d+(\.\d+)?\s*$/;
const nullish = <T extends z.ZodType>(schema: T) =>
  schema.nullish().transform((v): z.output<T> | null => v ?? null);

const wireId = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().min(1).max(200));
const wireString = z.string().max(5000);
const wireDate = z.string().min(1).max(64);
const wireNumber = z.union([z.number(), z.string().regex(DECIMAL).transform(Number)]);

// ——— Row fields: one spec per field yields the wire schema and the app schema ———

type FieldSpec<T> = { wire: string; dto: z.ZodType<T>; app: z.ZodType<T> };

const field = {
  id: (wire: string): FieldSpec<string> => ({ wire, dto: wireId, app: z.string() }),
  text: (wire: string): FieldSpec<string | null> => ({
    wire,
    dto: nullish(wireString),
    app: z.string().nullable(),
  }),
  date: (wire: string): FieldSpec<string | null> => ({
    wire,
    dto: nullish(wireDate),
    app: z.string().nullable(),
  }),
  requiredDate: (wire: string): FieldSpec<string> => ({ wire, dto: wireDate, app: z.string() }),
  number: (wire: string): FieldSpec<number | null> => ({
    wire,
    dto: nullish(wireNumber),
    app: z.number().nullable(),
  }),
  requiredNumber: (wire: string): FieldSpec<number> => ({ wire, dto: wireNumber, app: z.number() }),
  boolean: (wire: string): FieldSpec<boolean | null> => ({
    wire,
    dto: nullish(z.boolean()),
    app: z.boolean().nullable(),
  }),
  ids: (wire: string): FieldSpec<string[]> => ({
    wire,
    dto: z
      .array(wireId)
      .max(1000)
      .nullish()
      .transform((v) => v ?? []),
    app: z.array(z.string()),
  }),
  numbers: (wire: string): FieldSpec<number[]> => ({
    wire,
    dto: z
      .array(z.number())
      .max(1000)
      .nullish()
      .transform((v) => v ?? []),
    app: z.array(z.number()),
  }),
  /** A URL kept only when https or on the API's origin (reshape checks it; the schema only types it). */
  url: (wire: string): FieldSpec<string | null> => ({
    wire,
    dto: nullish(z.string().max(4096)),
    app: z.string().nullable(),
  }),
};

// ——— Custom field values ———

export type Attachment = { attachmentId: string; fileName: string };
export type CustomFieldValue = string | number | boolean | string[] | Attachment | null;

const attachmentDto = z
  .object({ attachment_id: wireId, file_name: z.string().max(500) })
  .transform((a): Attachment => ({ attachmentId: a.attachment_id, fileName: a.file_name }));
// A value of a shape we do not know shows as empty instead of failing the whole list.
const customValueDto = z
  .union([
    z.string().max(5000),
    z.number(),
    z.boolean(),
    z.null(),
    attachmentDto,
    z.array(z.union([z.string().max(500), z.number()]).transform(String)).max(200),
  ])
  .catch(null);
const customValuesDto = z
  .record(z.string().max(200), customValueDto)
  .nullish()
  .transform((v): Record<string, CustomFieldValue> => v ?? {});

const customValueSchema: z.ZodType<CustomFieldValue> = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.string()),
  z.object({ attachmentId: z.string(), fileName: z.string() }),
]);

type RowOf<S extends Record<string, FieldSpec<unknown>>> = {
  [K in keyof S]: z.output<S[K]["app"]>;
} & { customFields: Record<string, CustomFieldValue> };

function defineRow<S extends Record<string, FieldSpec<unknown>>>(spec: S) {
  const wireShape: Record<string, z.ZodType> = { custom_fields: customValuesDto };
  const appShape: Record<string, z.ZodType> = {
    customFields: z.record(z.string(), customValueSchema),
  };
  for (const [key, f] of Object.entries(spec)) {
    wireShape[f.wire] = f.dto;
    appShape[key] = f.app;
  }
  const dto = z.object(wireShape).transform((wire) => {
    const row: Record<string, unknown> = { customFields: wire.custom_fields };
    for (const [key, f] of Object.entries(spec)) row[key] = wire[f.wire];
    return row as RowOf<S>;
  });
  // The shapes are built from `spec` key by key; the casts restate what the loop builds.
  return { dto, app: z.object(appShape) as unknown as z.ZodType<RowOf<S>> };
}

const invoiceRow = defineRow({
  id: field.id("id"),
  invoiceDate: field.date("invoice_date"),
  dueDate: field.date("due_date"),
  invoiceAmount: field.number("invoice_amount"),
  balance: field.number("balance"),
  status: field.text("status"),
  overdue: field.boolean("overdue"),
  createdDate: field.date("created_date"),
  updatedDate: field.date("updated_date"),
  currency: field.text("currency"),
  salesforceId: field.text("salesforce_id"),
  pdfUrl: field.url("invoice_pdf_url"),
});

const paymentRow = defineRow({
  id: field.id("id"),
  paymentDate: field.requiredDate("payment_date"),
  paymentMethod: field.text("payment_method"),
  paymentAmount: field.number("payment_amount"),
  status: field.text("status"),
  invoiceIds: field.ids("invoice_ids"),
  invoiceTotals: field.numbers("invoice_totals"),
  appliedAmount: field.number("applied_amount"),
  unappliedAmount: field.number("unapplied_amount"),
  refundedAmount: field.number("refunded_amount"),
  autoApply: field.boolean("auto_apply"),
  createdDate: field.date("created_date"),
  updatedDate: field.date("updated_date"),
  currency: field.text("currency"),
});

const usageRow = defineRow({
  id: field.id("id"),
  date: field.requiredDate("date"),
  description: field.text("description"),
  quantity: field.requiredNumber("quantity"),
  unitOfMeasure: field.text("unit_of_measure"),
  subscriptionId: field.text("subscription_id"),
  chargeId: field.text("charge_id"),
  subscriptionLineId: field.text("subscription_line_id"),
  invoiced: field.boolean("invoiced"),
  invoiceId: field.text("invoice_id"),
  invoiceDate: field.date("invoice_date"),
  billingStartDate: field.date("billing_start_date"),
  billingEndDate: field.date("billing_end_date"),
  createdDate: field.date("created_date"),
  updatedDate: field.date("updated_date"),
});

const creditRow = defineRow({
  id: field.id("id"),
  creditDate: field.requiredDate("credit_date"),
  creditAmount: field.requiredNumber("credit_amount"),
  unappliedAmount: field.requiredNumber("unapplied_amount"),
  currency: field.text("currency"),
  referenceNumber: field.text("reference_number"),
  status: field.text("status"),
  createdDate: field.date("created_date"),
  updatedDate: field.date("updated_date"),
});

const statementRow = defineRow({
  id: field.id("id"),
  customerName: field.text("customer_name"),
  statementDate: field.requiredDate("statement_date"),
  startDate: field.date("start_date"),
  endDate: field.date("end_date"),
  createdDate: field.date("created_date"),
  updatedDate: field.date("updated_date"),
  url: field.url("url"),
});

export type Invoice = z.output<typeof invoiceRow.app>;
export type Payment = z.output<typeof paymentRow.app>;
export type Usage = z.output<typeof usageRow.app>;
export type Credit = z.output<typeof creditRow.app>;
export type Statement = z.output<typeof statementRow.app>;

/** The app row of each list. */
export type ListRowMap = {
  invoices: Invoice;
  payments: Payment;
  usages: Usage;
  credits: Credit;
  statements: Statement;
};

const rowSchemas = {
  invoices: invoiceRow,
  payments: paymentRow,
  usages: usageRow,
  credits: creditRow,
  statements: statementRow,
} as const;

// ——— Custom fields, table and object configuration ———

/** A custom field of the list's configuration, as the app uses it. */
export const customFieldSchema = z.object({
  id: z.string(),
  apiName: z.string(),
  label: z.string(),
  fieldType: z.string(),
  required: z.boolean(),
  defaultValue: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  dataType: z.string().nullable(),
  /** The builder's type; null when not filterable. */
  filterType: z.enum(FILTER_TYPES).nullable(),
  filterable: z.boolean(),
});
export type CustomField = z.output<typeof customFieldSchema>;

const customFieldDto = z.object({
  id: wireId,
  api_name: z.string().trim().min(1).max(200),
  field_label: nullish(z.string().max(500)),
  field_type: z.string().trim().min(1).max(64),
  required: nullish(z.boolean()),
  display_in_cp: nullish(z.boolean()),
  default_value: z
    .union([z.string().max(5000), z.number(), z.boolean(), z.null()])
    .nullish()
    .catch(null),
  options: nullish(z.object({ data_type: nullish(z.string().max(64)) })),
});
type CustomFieldDto = z.output<typeof customFieldDto>;

const tableConfigurationDto = nullish(
  z.object({
    column_width: nullish(z.record(z.string().max(200), wireNumber)),
    column_order: nullish(z.array(z.string().max(200)).max(500)),
    sorting: nullish(z.string().max(500)),
  }),
);

const objectFieldDto = z.object({
  id: wireId,
  display_name: nullish(z.string().max(500)),
  tempLabel: nullish(z.string().max(500)),
  order_no: nullish(wireNumber),
  column_enabled: nullish(z.boolean()),
});
type ObjectFieldDto = z.output<typeof objectFieldDto>;

/** The user's saved layout of a list. */
export const tableConfigSchema = z.object({
  widths: z.record(z.string(), z.number()),
  order: z.array(z.string()),
  sort: z.object({ column: z.string(), direction: z.enum(SORT_DIRECTIONS) }).nullable(),
});
export type TableConfig = z.output<typeof tableConfigSchema>;

/** A column of a list as the table shows it: a built-in one or a custom field. */
export const listColumnSchema = z.object({
  /** Wire name: sort key, saved width/order key; a custom field's api_name. */
  id: z.string(),
  /** The app row's key of a built-in column; null for custom fields (read `row.customFields[id]`). */
  field: z.string().nullable(),
  custom: z.boolean(),
  /** Message key of a built-in column's header. */
  headerKey: z.string().nullable(),
  /** The company's display name (objectConfiguration) or the custom field's label. */
  label: z.string().nullable(),
  kind: z.enum(COLUMN_KINDS),
  sortable: z.boolean(),
  mobile: z.boolean(),
  required: z.boolean(),
  /** column_enabled: shown until the user hides it; required columns always are. */
  visible: z.boolean(),
});
export type ListColumn = z.output<typeof listColumnSchema>;

const WIDTH_MIN = 40;
const WIDTH_MAX = 1000;

// ——— List answers ———

// Built once per list: a zod schema is costly to build, and zod compiles an object schema's parser
// on its first parse, so a schema made per call paid both on every BFF request.
const listAnswerDtos = new Map<ListId, ReturnType<typeof buildListAnswerDto>>();

function listAnswerDto<L extends ListId>(list: L) {
  let schema = listAnswerDtos.get(list);
  if (!schema) {
    schema = buildListAnswerDto(list);
    listAnswerDtos.set(list, schema);
  }
  return schema;
}

function buildListAnswerDto<L extends ListId>(list: L) {
  const def = getListDefinition(list);
  const rows = z.array(rowSchemas[list].dto).max(1000);
  const page = {
    total: nullish(z.number().int().nonnegative()),
    customFields: z
      .array(customFieldDto)
      .max(500)
      .nullish()
      .transform((v) => v ?? []),
  };
  const configuration = {
    tableConfiguration: tableConfigurationDto,
    objectConfiguration: nullish(
      z.object({
        [def.objectConfigurationKey]: nullish(
          z.object({ fields: z.array(objectFieldDto).max(500) }),
        ),
      }),
    ),
  };
  const objectFields = (oc: Record<string, { fields: ObjectFieldDto[] } | null> | null) =>
    oc?.[def.objectConfigurationKey]?.fields ?? null;
  if (list === "payments")
    return z
      .object({ payments: z.object({ payments: rows, ...page }), ...configuration })
      .transform((d) => ({
        rows: d.payments.payments,
        total: d.payments.total,
        customFields: d.payments.customFields,
        tableConfiguration: d.tableConfiguration,
        objectFields: objectFields(d.objectConfiguration),
      }));
  return z.object({ [list]: rows, ...page, ...configuration }).transform((d) => ({
    rows: (d as Record<string, unknown>)[list] as z.output<typeof rows>,
    total: d.total,
    customFields: d.customFields,
    tableConfiguration: d.tableConfiguration,
    objectFields: objectFields(d.objectConfiguration),
  }));
}

/** A list's page as the app uses it. */
/** A list's configuration: its columns, the portal's custom fields and the user's saved layout. */
export type ListConfig = {
  customFields: CustomField[];
  columns: ListColumn[];
  tableConfig: TableConfig;
};

/**
 * One page of a list. `config` comes with the list's first page only (initial_req): paging needs
 * rows alone, and a page without the columns is less than half the bytes to build, send and read.
 */
export type ListAnswer<L extends ListId = ListId> = {
  rows: ListRowMap[L][];
  total: number | null;
  config: ListConfig | null;
};

/** The app schema of a list's page, for a browser that checks the BFF's answer. */
export function listAnswerSchema<L extends ListId>(list: L): z.ZodType<ListAnswer<L>> {
  let schema = listAnswerSchemas.get(list);
  if (!schema) {
    schema = z.object({
      rows: z.array(rowSchemas[list].app),
      total: z.number().int().nonnegative().nullable(),
      config: z
        .object({
          customFields: z.array(customFieldSchema),
          columns: z.array(listColumnSchema),
          tableConfig: tableConfigSchema,
        })
        .nullable(),
    });
    listAnswerSchemas.set(list, schema);
  }
  return schema as unknown as z.ZodType<ListAnswer<L>>;
}

// Once per list, like listAnswerDto: every page the browser reads is checked against it.
const listAnswerSchemas = new Map<ListId, z.ZodType>();

const UNSAFE_URL_CHARS = /[\\\s\u0000-\u001f\u007f]/;

/**
 * An upstream URL the portal may link to: https, or on the billing API's own origin (its signed
 * URLs, plain http in development); a path is resolved against that origin. Anything else
 * (javascript:, another http host, credentials in the URL) is null.
 */
export function safeUpstreamUrl(value: unknown, apiOrigin: string): string | null {
  if (typeof value !== "string") return null;
  const v = value.trim();
  if (!v || v.length > 2048 || UNSAFE_URL_CHARS.test(v) || v.startsWith("//")) return null;
  let origin: string | null = null;
  try {
    origin = new URL(apiOrigin).origin;
  } catch {
    origin = null;
  }
  let url: URL;
  try {
    if (v.startsWith("/")) {
      if (!origin) return null;
      url = new URL(v, origin);
    } else url = new URL(v);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  return url.protocol === "https:" || url.origin === origin ? url.href : null;
}

function reshapeCustomField(list: ListId, dto: CustomFieldDto): CustomField {
  const apiName = dto.api_name;
  const fieldType = dto.field_type.toLowerCase();
  const label = dto.field_label ?? apiName;
  const filterable = isFilterableCustomField(list, { apiName, label, fieldType });
  return {
    id: dto.id,
    apiName,
    label,
    fieldType,
    required: dto.required ?? false,
    defaultValue: dto.default_value ?? null,
    dataType: dto.options?.data_type ?? null,
    filterType: filterable ? customFieldFilterType(fieldType) : null,
    filterable,
  };
}

function customColumnKind(fieldType: string): ColumnKind {
  if (fieldType === "currency" || fieldType === "money") return "money";
  if (fieldType === "file_upload") return "attachment";
  const type = customFieldFilterType(fieldType);
  return type === "number" || type === "boolean" || type === "date" ? type : "text";
}

function builtInColumn(c: ColumnDefinition, label: string | null, visible: boolean): ListColumn {
  return {
    id: c.id,
    field: c.field,
    custom: false,
    headerKey: c.headerKey,
    label,
    kind: c.kind,
    sortable: c.sortable,
    mobile: c.mobile,
    required: c.required,
    visible: visible || c.required,
  };
}

function customColumn(f: CustomField, label: string | null, visible: boolean): ListColumn {
  return {
    id: f.apiName,
    field: null,
    custom: true,
    headerKey: null,
    label: label ?? f.label,
    kind: customColumnKind(f.fieldType),
    sortable: false,
    mobile: false,
    required: false,
    visible,
  };
}

const nonBlank = (text: string | null | undefined) => (text?.trim() ? text : null);

/**
 * The table's columns: the company's objectConfiguration in `order_no` order (built-ins and
 * custom fields shown in the portal); then required and fixed built-ins it left out, then the
 * portal's custom fields it left out. Without an objectConfiguration: every built-in column.
 * A custom field named like a built-in field is left out.
 */
export function buildColumns(
  list: ListId,
  objectFields: readonly ObjectFieldDto[] | null,
  customFields: readonly CustomField[],
): ListColumn[] {
  const def = getListDefinition(list);
  const columns: ListColumn[] = [];
  const taken = new Set<string>();
  const add = (column: ListColumn) => {
    if (taken.has(column.id)) return;
    taken.add(column.id);
    columns.push(column);
  };
  const byOrder = [...(objectFields ?? [])]
    .map((f, i) => ({ f, i }))
    .sort((a, b) => (a.f.order_no ?? Infinity) - (b.f.order_no ?? Infinity) || a.i - b.i)
    .map(({ f }) => f);
  for (const f of byOrder) {
    // A blank name names nothing: the next source speaks (as the export's headers do).
    const label = nonBlank(f.display_name) ?? nonBlank(f.tempLabel) ?? null;
    const visible = f.column_enabled ?? true;
    const builtIn = def.columns.find((c) => c.id === f.id);
    const custom = customFields.find(
      (c) =>
        (c.apiName === appColumnId(f.id) || c.id === f.id) && !isBuiltInFieldName(list, c.apiName),
    );
    if (builtIn) add(builtInColumn(builtIn, label, visible));
    else if (custom) add(customColumn(custom, label, visible));
  }
  const configured = byOrder.length > 0;
  for (const c of def.columns)
    if (!configured || c.required || c.fixed) add(builtInColumn(c, null, true));
  // A custom field named like a built-in would share its width, order and sort keys: not a column.
  for (const f of customFields)
    if (!isBuiltInFieldName(list, f.apiName)) add(customColumn(f, null, true));
  return columns;
}

const CUSTOM_COLUMN_PREFIX = "custom_fields.";

/** A column id of the upstream's configuration as the app's: `custom_fields.<api_name>` is the custom field's api_name. */
export function appColumnId(wireId: string): string {
  return wireId.startsWith(CUSTOM_COLUMN_PREFIX)
    ? wireId.slice(CUSTOM_COLUMN_PREFIX.length)
    : wireId;
}

/** The app's column id as the upstream's configuration names it (docs/CONTRACT.md §5): custom fields as `custom_fields.<api_name>`. */
export function wireColumnId(list: ListId, id: string): string {
  return getListDefinition(list).columns.some((c) => c.id === id) ? id : CUSTOM_COLUMN_PREFIX + id;
}

/** The upstream's own column ids of a list (its objectConfiguration): what its column saves accept. */
export function upstreamColumnIds(list: ListId, dto: unknown): string[] {
  return (listAnswerDto(list).parse(dto).objectFields ?? []).map((f) => f.id);
}

function reshapeTableConfig(
  list: ListId,
  dto: z.output<typeof tableConfigurationDto>,
  columns: readonly ListColumn[],
): TableConfig {
  const known = new Set(columns.map((c) => c.id));
  const widths: Record<string, number> = {};
  for (const [wireId, px] of Object.entries(dto?.column_width ?? {})) {
    const id = appColumnId(wireId);
    if (known.has(id)) widths[id] = Math.min(WIDTH_MAX, Math.max(WIDTH_MIN, Math.round(px)));
  }
  const order = [...new Set((dto?.column_order ?? []).map(appColumnId))].filter((id) =>
    known.has(id),
  );
  return { widths, order, sort: parseSavedSort(list, dto?.sorting ?? null) };
}

/** A saved sort line (`column dir`, possibly several joined by commas) as the list's first valid sort, else null. */
export function parseSavedSort(list: ListId, line: string | null): Sort | null {
  const first = line?.split(",")[0]?.trim().split(/\s+/) ?? [];
  const [column = "", direction = ""] = first;
  if (!sortableColumns(list).includes(column)) return null;
  return direction === "asc" || direction === "desc" ? { column, direction } : null;
}

/**
 * GET /v1/<module> `data` → the app's page: rows (custom field values of fields not shown in the
 * portal dropped, URLs kept only when safe), total and, when it was asked for (`initial`,
 * initial_req) or the answer carries it, the list's configuration: the portal's custom fields,
 * columns and the saved table layout.
 * Throws a ZodError on a shape it does not understand.
 */
export function reshapeListAnswer<L extends ListId>(
  list: L,
  dto: unknown,
  { apiOrigin, initial = false }: { apiOrigin: string; initial?: boolean },
): ListAnswer<L> {
  const d = listAnswerDto(list).parse(dto);
  const customFields = d.customFields
    .filter((f) => f.display_in_cp === true)
    .map((f) => reshapeCustomField(list, f));
  const shown = new Set(customFields.map((f) => f.apiName));
  const rows = d.rows.map((row) => {
    const out: Record<string, unknown> = { ...row, customFields: {} };
    const values: Record<string, CustomFieldValue> = {};
    for (const [name, value] of Object.entries(row.customFields))
      if (shown.has(name)) values[name] = value;
    out.customFields = values;
    if ("url" in row) out.url = safeUpstreamUrl(row.url, apiOrigin);
    if ("pdfUrl" in row) out.pdfUrl = safeUpstreamUrl(row.pdfUrl, apiOrigin);
    return out as ListRowMap[L];
  });
  // Asked for (initial) or carried: a first page always brings a configuration, the list's
  // defaults when the upstream has none, so the browser does not ask for it again.
  const hasConfiguration = initial || d.tableConfiguration !== null || d.objectFields !== null;
  if (!hasConfiguration) return { rows, total: d.total, config: null };
  const columns = buildColumns(list, d.objectFields, customFields);
  return {
    rows,
    total: d.total,
    config: {
      customFields,
      columns,
      tableConfig: reshapeTableConfig(list, d.tableConfiguration, columns),
    },
  };
}

// ——— Calls around the lists ———

const optionValue = z
  .union([z.string().max(500), z.number(), z.boolean()])
  .transform((v) => String(v));
const instancesDto = z.union([
  z.object({
    resultData: z.object({
      results: z.array(z.object({ label: optionValue, value: optionValue })).max(1000),
    }),
  }),
  z
    .object({ results: z.array(z.object({ label: optionValue, value: optionValue })).max(1000) })
    .transform((d) => ({ resultData: d })),
]);

/** An existing value offered by the filter builder. */
export const filterOptionSchema = z.object({ label: z.string(), value: z.string() });
export type FilterOption = z.output<typeof filterOptionSchema>;

/**
 * GET /v1/filter/fetch_instances `data` → options. Status values are lower-cased and the invoice
 * status 'posted' is offered as 'unpaid' (the encoder sends it back as 'posted').
 */
export function reshapeFilterOptions(
  list: ListId,
  fieldName: string,
  dto: unknown,
): FilterOption[] {
  const results = instancesDto.parse(dto).resultData.results;
  if (fieldName !== "status") return results;
  const seen = new Set<string>();
  const out: FilterOption[] = [];
  for (const r of results) {
    const value = displayStatus(list, r.value.toLowerCase());
    if (seen.has(value)) continue;
    seen.add(value);
    out.push({ label: value, value });
  }
  return out;
}

const accountDetailDto = z.object({
  customerAccountDetails: z.object({
    balance: nullish(wireNumber),
    payment_date: nullish(wireDate),
    inv_paid_amount: nullish(wireNumber),
    invoice_currency: nullish(z.string().max(10)),
    invoice_pdf_url: nullish(z.string().max(4096)),
    payment_amount: nullish(wireNumber),
    payment_currency: nullish(z.string().max(10)),
    customer_currency: nullish(z.string().max(10)),
    paymentGatewayEnabled: nullish(z.boolean()),
    last_paid_invoice: nullish(wireId),
  }),
});

/** The balance banner's account detail. */
export const accountDetailSchema = z.object({
  balance: z.number().nullable(),
  paymentDate: z.string().nullable(),
  invoicePaidAmount: z.number().nullable(),
  invoiceCurrency: z.string().nullable(),
  invoicePdfUrl: z.string().nullable(),
  paymentAmount: z.number().nullable(),
  paymentCurrency: z.string().nullable(),
  customerCurrency: z.string().nullable(),
  paymentGatewayEnabled: z.boolean(),
  lastPaidInvoice: z.string().nullable(),
});
export type AccountDetail = z.output<typeof accountDetailSchema>;

/** GET /v1/customers/account_detail `data` → AccountDetail (the PDF URL kept only when safe). */
export function reshapeAccountDetail(
  dto: unknown,
  { apiOrigin }: { apiOrigin: string },
): AccountDetail {
  const a = accountDetailDto.parse(dto).customerAccountDetails;
  return {
    balance: a.balance,
    paymentDate: a.payment_date,
    invoicePaidAmount: a.inv_paid_amount,
    invoiceCurrency: a.invoice_currency,
    invoicePdfUrl: safeUpstreamUrl(a.invoice_pdf_url, apiOrigin),
    paymentAmount: a.payment_amount,
    paymentCurrency: a.payment_currency,
    customerCurrency: a.customer_currency,
    paymentGatewayEnabled: a.paymentGatewayEnabled ?? false,
    lastPaidInvoice: a.last_paid_invoice,
  };
}

/** A signed link handed to the browser; null when the upstream's URL is not safe to follow. */
export const signedUrlSchema = z.object({ url: z.string().nullable() });
export type SignedUrl = z.output<typeof signedUrlSchema>;

const payNowDto = z.object({ payNowUrl: z.string().min(1).max(4096) });
const pdfUrlDto = z.object({ pdf_url: z.string().min(1).max(4096) });
const attachmentUrlDto = z.object({ url: z.string().min(1).max(4096) });

/** GET /v1/payments/getPayNowUrl `data` → the pay-now link. */
export function reshapePayNowUrl(dto: unknown, { apiOrigin }: { apiOrigin: string }): SignedUrl {
  return { url: safeUpstreamUrl(payNowDto.parse(dto).payNowUrl, apiOrigin) };
}

/** GET /v1/invoices/getPdfUrl `data` → the invoice PDF link. */
export function reshapePdfUrl(dto: unknown, { apiOrigin }: { apiOrigin: string }): SignedUrl {
  return { url: safeUpstreamUrl(pdfUrlDto.parse(dto).pdf_url, apiOrigin) };
}

/** GET /v1/download/download_attachments `data` → the attachment link. */
export function reshapeAttachmentUrl(
  dto: unknown,
  { apiOrigin }: { apiOrigin: string },
): SignedUrl {
  return { url: safeUpstreamUrl(attachmentUrlDto.parse(dto).url, apiOrigin) };
}
