import "server-only";
import type {
  AccountDetailDto,
  ColumnConfigurationDto,
  CreditRowDto,
  CustomFieldDto as ContractCustomFieldDto,
  InstancesDto,
  InvoiceRowDto,
  PayNowUrlDto,
  PaymentRowDto,
  StatementRowDto,
  TableConfigurationDto as ContractTableConfigurationDto,
  UsageRowDto,
} from "@billing-portal/contract/wire/lists";
import { z } from "zod";
import { getListDefinition } from "@/lib/lists/definitions";
import type { CustomFieldValue, ListId, ListRowMap } from "@/lib/schemas/lists";
import { namedBy, readerOf, type WireKeys } from "../reader";

// Readers of the lists' /v1 answers (the contract's contract/src/wire/lists.ts; docs/CONTRACT.md §5). Server-only: the BFF validates the
// upstream's answers with them and reshape.ts hands the app its own types. Unknown upstream fields
// are ignored; a missing required field fails the parse (a ZodError, which the BFF maps to 502).

// ——— Wire scalars ———

const DECIMAL = /^\s*-?\d+(\.\d+)?\s*$/;
const nullish = <T extends z.ZodType>(schema: T) =>
  schema.nullish().transform((v): z.output<T> | null => v ?? null);

export const wireId = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().min(1).max(200));
const wireString = z.string().max(5000);
const wireDate = z.string().min(1).max(64);
const wireNumber = z.union([z.number(), z.string().regex(DECIMAL).transform(Number)]);

// ——— Rows: one wire name per app field ———

const field = {
  id: <W extends string>(wire: W) => ({ wire, dto: wireId }),
  text: <W extends string>(wire: W) => ({ wire, dto: nullish(wireString) }),
  date: <W extends string>(wire: W) => ({ wire, dto: nullish(wireDate) }),
  requiredDate: <W extends string>(wire: W) => ({ wire, dto: wireDate }),
  number: <W extends string>(wire: W) => ({ wire, dto: nullish(wireNumber) }),
  requiredNumber: <W extends string>(wire: W) => ({ wire, dto: wireNumber }),
  boolean: <W extends string>(wire: W) => ({ wire, dto: nullish(z.boolean()) }),
  ids: <W extends string>(wire: W) => ({
    wire,
    dto: z
      .array(wireId)
      .max(1000)
      .nullish()
      .transform((v) => v ?? []),
  }),
  numbers: <W extends string>(wire: W) => ({
    wire,
    dto: z
      .array(z.number())
      .max(1000)
      .nullish()
      .transform((v) => v ?? []),
  }),
  /** A URL kept only when https or on the API's origin (reshape checks it; the schema only types it). */
  url: <W extends string>(wire: W) => ({ wire, dto: nullish(z.string().max(4096)) }),
};

type FieldSpec<W extends string = string> = { wire: W; dto: z.ZodType };
/**
 * Every app field of a row but its custom fields, each with its wire name (one the contract's row
 * names: a renamed wire field is a compile error) and schema.
 */
type RowSpec<Row, Dto> = {
  [K in Exclude<keyof Row, "customFields">]-?: FieldSpec<Exclude<WireKeys<Dto>, "custom_fields">>;
};

const attachmentDto = z
  .object({ attachment_id: wireId, file_name: z.string().max(500) })
  .transform((a) => ({ attachmentId: a.attachment_id, fileName: a.file_name }));
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

function defineRow<Row, Dto>(spec: RowSpec<Row, Dto>): z.ZodType<Row> {
  const wireShape: Record<string, z.ZodType> = { custom_fields: customValuesDto };
  for (const f of Object.values<FieldSpec>(spec)) wireShape[f.wire] = f.dto;
  return z.object(wireShape).transform((wire) => {
    const row: Record<string, unknown> = { customFields: wire.custom_fields };
    for (const [key, f] of Object.entries<FieldSpec>(spec)) row[key] = wire[f.wire];
    // Built from `spec` key by key; RowSpec<Row> names every field of Row.
    return row as Row;
  }) as unknown as z.ZodType<Row>;
}

const rowDtos: { [L in ListId]: z.ZodType<ListRowMap[L]> } = {
  invoices: defineRow<ListRowMap["invoices"], InvoiceRowDto>({
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
  }),
  payments: defineRow<ListRowMap["payments"], PaymentRowDto>({
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
  }),
  usages: defineRow<ListRowMap["usages"], UsageRowDto>({
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
  }),
  credits: defineRow<ListRowMap["credits"], CreditRowDto>({
    id: field.id("id"),
    creditDate: field.requiredDate("credit_date"),
    creditAmount: field.requiredNumber("credit_amount"),
    unappliedAmount: field.requiredNumber("unapplied_amount"),
    currency: field.text("currency"),
    referenceNumber: field.text("reference_number"),
    status: field.text("status"),
    createdDate: field.date("created_date"),
    updatedDate: field.date("updated_date"),
  }),
  statements: defineRow<ListRowMap["statements"], StatementRowDto>({
    id: field.id("id"),
    customerName: field.text("customer_name"),
    statementDate: field.requiredDate("statement_date"),
    startDate: field.date("start_date"),
    endDate: field.date("end_date"),
    createdDate: field.date("created_date"),
    updatedDate: field.date("updated_date"),
    url: field.url("url"),
  }),
};

// ——— Custom fields, table and object configuration ———

// Tolerant of missing parts (reshape.ts names a field without a label by its api_name): their
// names are the contract's, their values are checked here and in reshape.ts.
export const customFieldDto = namedBy<ContractCustomFieldDto>()(
  z.object({
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
  }),
);
export type CustomFieldDto = z.output<typeof customFieldDto>;

export const tableConfigurationDto = nullish(
  namedBy<ContractTableConfigurationDto>()(
    z.object({
      column_width: nullish(z.record(z.string().max(200), wireNumber)),
      column_order: nullish(z.array(z.string().max(200)).max(500)),
      sorting: nullish(z.string().max(500)),
    }),
  ),
);
export type TableConfigurationDto = z.output<typeof tableConfigurationDto>;

const objectFieldDto = namedBy<ColumnConfigurationDto>()(
  z.object({
    id: wireId,
    display_name: nullish(z.string().max(500)),
    tempLabel: nullish(z.string().max(500)),
    order_no: nullish(wireNumber),
    column_enabled: nullish(z.boolean()),
  }),
);
export type ObjectFieldDto = z.output<typeof objectFieldDto>;

// ——— List answers ———

/** GET /v1/<module> `data`, flattened: payments nest their rows and page figures one level down. */
export type ListAnswerDto<L extends ListId> = {
  rows: ListRowMap[L][];
  total: number | null;
  customFields: CustomFieldDto[];
  tableConfiguration: TableConfigurationDto;
  objectFields: ObjectFieldDto[] | null;
};

// Built once per list: a zod schema is costly to build, and zod compiles an object schema's parser
// on its first parse, so a schema made per call paid both on every BFF request.
const listAnswerDtos = new Map<ListId, z.ZodType<ListAnswerDto<ListId>>>();

/** The wire schema of a list's page (GET /v1/<module> `data`). */
export function listAnswerDto<L extends ListId>(list: L): z.ZodType<ListAnswerDto<L>> {
  let schema = listAnswerDtos.get(list);
  if (!schema) {
    schema = buildListAnswerDto(list) as z.ZodType<ListAnswerDto<ListId>>;
    listAnswerDtos.set(list, schema);
  }
  return schema as z.ZodType<ListAnswerDto<L>>;
}

function buildListAnswerDto<L extends ListId>(list: L): z.ZodType<ListAnswerDto<L>> {
  const key = getListDefinition(list).objectConfigurationKey;
  const rows = z.array(rowDtos[list] as z.ZodType<ListRowMap[L]>).max(1000);
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
      z.object({ [key]: nullish(z.object({ fields: z.array(objectFieldDto).max(500) })) }),
    ),
  };
  const objectFields = (oc: Record<string, { fields: ObjectFieldDto[] } | null> | null) =>
    oc?.[key]?.fields ?? null;
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
    rows: (d as Record<string, unknown>)[list] as ListRowMap[L][],
    total: d.total,
    customFields: d.customFields,
    tableConfiguration: d.tableConfiguration,
    objectFields: objectFields(d.objectConfiguration),
  }));
}

// ——— Calls around the lists ———

const optionValue = z
  .union([z.string().max(500), z.number(), z.boolean()])
  .transform((v) => String(v));
const optionResults = z.array(z.object({ label: optionValue, value: optionValue })).max(1000);

/** GET /v1/filter/fetch_instances `data` (also accepted without the resultData wrapper). */
export const instancesDto = readerOf<InstancesDto>()(
  z.union([
    z.object({ resultData: z.object({ results: optionResults }) }),
    z.object({ results: optionResults }).transform((d) => ({ resultData: d })),
  ]),
);

/** GET /v1/customers/account_detail `data` */
export const accountDetailDto = namedBy<AccountDetailDto>()(
  z.object({
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
  }),
);

/** GET /v1/payments/getPayNowUrl `data` */
export const payNowDto = readerOf<PayNowUrlDto>()(
  z.object({ payNowUrl: z.string().min(1).max(4096) }),
);
/** GET /v1/invoices/getPdfUrl `data` */
export const pdfUrlDto = z.object({ pdf_url: z.string().min(1).max(4096) });
/** GET /v1/download/download_attachments `data` */
export const attachmentUrlDto = z.object({ url: z.string().min(1).max(4096) });
