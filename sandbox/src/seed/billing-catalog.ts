/** The fixed material the billing seed draws from: customer profiles, texts, custom fields. */
import type { CustomFieldType } from "@billing-portal/contract/filter-options";
import type { ListModule } from "../lists/modules";

/** How many rows of each list a seeded customer gets, and whether it owes anything. */
export type CustomerProfile = {
  customerId: string;
  /** Short number used in subscription and charge references. */
  ref: string;
  currency: string;
  counts: Record<ListModule, number>;
  /** settled: every invoice paid (or void), nothing due. */
  kind: "owing" | "settled";
};

/** CONTRACT.md §1's customers: ada's big sets, zero's settled account, smaller sets for the rest. */
export const CUSTOMER_PROFILES: CustomerProfile[] = [
  {
    customerId: "cus_acme_1001",
    ref: "1001",
    currency: "USD",
    counts: { invoices: 120, payments: 80, usages: 1000, credits: 30, statements: 24 },
    kind: "owing",
  },
  {
    customerId: "cus_acme_1002",
    ref: "1002",
    currency: "USD",
    counts: { invoices: 36, payments: 28, usages: 40, credits: 12, statements: 12 },
    kind: "owing",
  },
  {
    customerId: "cus_acme_1003",
    ref: "1003",
    currency: "USD",
    counts: { invoices: 24, payments: 18, usages: 30, credits: 10, statements: 10 },
    kind: "owing",
  },
  {
    customerId: "cus_acme_1004",
    ref: "1004",
    currency: "USD",
    counts: { invoices: 14, payments: 12, usages: 20, credits: 10, statements: 10 },
    kind: "owing",
  },
  {
    customerId: "cus_acme_1005",
    ref: "1005",
    currency: "USD",
    counts: { invoices: 18, payments: 18, usages: 24, credits: 10, statements: 12 },
    kind: "settled",
  },
  {
    customerId: "cus_globex_2001",
    ref: "2001",
    currency: "CAD",
    counts: { invoices: 30, payments: 24, usages: 20, credits: 10, statements: 12 },
    kind: "owing",
  },
];

/** Usage lines: description, unit, and a quantity scale. Some long, some non-ASCII, some with LIKE and regex characters. */
export const USAGE_ITEMS: { description: string; unit: string; scale: number }[] = [
  { description: "Water consumption", unit: "m³", scale: 400 },
  { description: "Metered water consumption — main building, north wing", unit: "m³", scale: 900 },
  { description: "Cloud storage, EU-West region", unit: "GB", scale: 2000 },
  { description: "API calls: /v1/meter/readings", unit: "calls", scale: 50000 },
  { description: "Support hours — Müller & Söhne on-site visit", unit: "hours", scale: 12 },
  { description: "Straßenreinigung und Abwassergebühr", unit: "m³", scale: 300 },
  { description: "データ転送量（東京リージョン）", unit: "GB", scale: 800 },
  { description: "Café São Paulo branch — espresso machine maintenance", unit: "hours", scale: 8 },
  { description: "Peak-hour surcharge 100% (weekday 17:00-19:00)", unit: "kWh", scale: 1500 },
  { description: "Rate_plan_B overage", unit: "kWh", scale: 700 },
  { description: "Firmware v2.1 rollout per device", unit: "devices", scale: 60 },
  { description: "Electricity", unit: "kWh", scale: 5000 },
  {
    description:
      "Quarterly infrastructure maintenance covering pump station inspection, valve replacement, " +
      "pressure testing of the distribution network, SCADA telemetry calibration and a written " +
      "compliance report for the municipal water authority (ref. 2029/Q4)",
    unit: "hours",
    scale: 40,
  },
];

export const PAYMENT_METHODS = [
  "Credit Card",
  "Credit Card",
  "ACH",
  "Bank Transfer",
  "Check",
  "Wire Transfer",
  "SEPA Lastschrift (Überweisung)",
];

export const CREDIT_CURRENCIES = ["USD", "EUR", "GBP", "CAD"];

export const CREDIT_REFERENCES = [
  "CN-{year}-{n}",
  "RMA/{year}/{n}",
  "ADJ_{year}.{n} (goodwill)",
  "Gutschrift Nr. {n}",
  "返金-{n}",
  "REF-{n}",
];

export const PEOPLE = [
  "Zoë Müller",
  "José Núñez",
  "山田太郎",
  "Ada Byron",
  "Grace Hopper",
  "Björn Öberg",
];

/** A custom field of the seed's object configuration, with how its values are made. */
export type CustomFieldSeed = {
  module: ListModule;
  api_name: string;
  field_label: string;
  field_type: CustomFieldType;
  required?: boolean;
  display_in_cp?: boolean;
  default_value?: string;
  /** Shown by default in the company's column configuration (when displayed at all). */
  column_enabled?: boolean;
  values: ValueRecipe;
};

/** How a custom value is drawn (see billing.ts). */
export type ValueRecipe =
  | { kind: "pick"; from: string[] }
  | { kind: "code"; prefix: string; digits: number }
  | { kind: "decimal"; min: number; max: number; places: number }
  | { kind: "integer"; min: number; max: number }
  | { kind: "boolean" }
  | { kind: "date"; withinDays: number }
  | { kind: "file" }
  | { kind: "note" };

/** Every type of spec 001 §3 appears; some hidden from the portal; one file upload; one api_name (status) that duplicates a built-in. */
export const CUSTOM_FIELDS: Record<string, CustomFieldSeed[]> = {
  acme: [
    {
      module: "invoices",
      api_name: "po_number",
      field_label: "PO Number",
      field_type: "text",
      values: { kind: "code", prefix: "PO-", digits: 5 },
    },
    {
      module: "invoices",
      api_name: "project_code",
      field_label: "Project",
      field_type: "inherited",
      values: {
        kind: "pick",
        from: ["Reservoir Upgrade", "Pipeline (North)", "Smart_Meter rollout", "Kläranlage Süd"],
      },
    },
    {
      module: "invoices",
      api_name: "discount_rate",
      field_label: "Discount",
      field_type: "percentage",
      values: { kind: "decimal", min: 0, max: 25, places: 1 },
    },
    {
      module: "invoices",
      api_name: "status",
      field_label: "Approval Status",
      field_type: "text",
      column_enabled: false,
      values: { kind: "pick", from: ["approved", "pending review", "disputed"] },
    },
    {
      module: "invoices",
      api_name: "contract_copy",
      field_label: "Contract",
      field_type: "file_upload",
      values: { kind: "file" },
    },
    {
      module: "invoices",
      api_name: "internal_notes",
      field_label: "Internal Notes",
      field_type: "textarea",
      display_in_cp: false,
      values: { kind: "note" },
    },
    {
      module: "payments",
      api_name: "bank_reference",
      field_label: "Bank Reference",
      field_type: "text",
      values: { kind: "code", prefix: "BR.", digits: 8 },
    },
    {
      module: "payments",
      api_name: "fx_rate",
      field_label: "FX Rate",
      field_type: "number",
      column_enabled: false,
      values: { kind: "decimal", min: 0.5, max: 1.5, places: 4 },
    },
    {
      module: "payments",
      api_name: "reconciled",
      field_label: "Reconciled",
      field_type: "boolean",
      values: { kind: "boolean" },
    },
    {
      module: "payments",
      api_name: "processing_fee",
      field_label: "Processing Fee",
      field_type: "money",
      display_in_cp: false,
      values: { kind: "decimal", min: 0, max: 30, places: 2 },
    },
    {
      module: "usages",
      api_name: "meter_id",
      field_label: "Meter",
      field_type: "text",
      values: { kind: "code", prefix: "MTR-", digits: 4 },
    },
    {
      module: "usages",
      api_name: "site",
      field_label: "Site",
      field_type: "inherited",
      values: {
        kind: "pick",
        from: ["Headquarters", "Lagerhaus Köln", "東京オフィス", "Depot #2"],
      },
    },
    {
      module: "usages",
      api_name: "reading_date",
      field_label: "Reading Date",
      field_type: "date",
      values: { kind: "date", withinDays: 700 },
    },
    {
      module: "usages",
      api_name: "peak_usage",
      field_label: "Peak",
      field_type: "boolean",
      values: { kind: "boolean" },
    },
    {
      module: "usages",
      api_name: "unit_cost",
      field_label: "Unit Cost",
      field_type: "currency",
      values: { kind: "decimal", min: 0.01, max: 12, places: 2 },
    },
    {
      module: "usages",
      api_name: "line_total",
      field_label: "Line Total",
      field_type: "formula",
      default_value: "quantity * unit_cost",
      values: { kind: "decimal", min: 1, max: 9000, places: 2 },
    },
    {
      module: "credits",
      api_name: "reason",
      field_label: "Reason",
      field_type: "textarea",
      values: { kind: "note" },
    },
    {
      module: "credits",
      api_name: "approved_by",
      field_label: "Approved By",
      field_type: "text",
      values: { kind: "pick", from: PEOPLE },
    },
    {
      module: "credits",
      api_name: "credit_value",
      field_label: "Credit Value",
      field_type: "money",
      values: { kind: "decimal", min: 5, max: 900, places: 2 },
    },
    {
      module: "credits",
      api_name: "expires_on",
      field_label: "Expires On",
      field_type: "date",
      required: true,
      values: { kind: "date", withinDays: -365 },
    },
    {
      module: "statements",
      api_name: "delivery_channel",
      field_label: "Delivery",
      field_type: "text",
      default_value: "email",
      values: { kind: "pick", from: ["email", "post", "portal"] },
    },
    {
      module: "statements",
      api_name: "page_count",
      field_label: "Pages",
      field_type: "number",
      values: { kind: "integer", min: 1, max: 12 },
    },
    {
      module: "statements",
      api_name: "audited",
      field_label: "Audited",
      field_type: "boolean",
      display_in_cp: false,
      values: { kind: "boolean" },
    },
  ],
  globex: [
    {
      module: "invoices",
      api_name: "region",
      field_label: "Region",
      field_type: "text",
      values: { kind: "pick", from: ["Ontario", "Québec", "British Columbia"] },
    },
    {
      module: "invoices",
      api_name: "tax_amount",
      field_label: "Tax",
      field_type: "money",
      values: { kind: "decimal", min: 1, max: 400, places: 2 },
    },
    {
      module: "payments",
      api_name: "batch_no",
      field_label: "Batch",
      field_type: "number",
      values: { kind: "integer", min: 1, max: 999 },
    },
    {
      module: "statements",
      api_name: "account_manager",
      field_label: "Account Manager",
      field_type: "text",
      values: { kind: "pick", from: PEOPLE },
    },
  ],
};

/** options.data_type per field type. */
export const DATA_TYPES: Record<CustomFieldType, string> = {
  currency: "decimal",
  money: "decimal",
  percentage: "decimal",
  number: "decimal",
  formula: "decimal",
  boolean: "boolean",
  date: "date",
  file_upload: "file",
  textarea: "string",
  inherited: "string",
  text: "string",
};
