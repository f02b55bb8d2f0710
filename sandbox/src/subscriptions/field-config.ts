/**
 * Each company's field configuration of subscriptions, plan lines and charge lines: display names,
 * types, flags and order (spec 001 §3). The API's field objects are built from these; only fields
 * marked `editable` may be written, and only on an active subscription.
 */
import { HOSTILE_COMPANY_ID, HOSTILE_PAYLOADS } from "../seed/hostile-payloads";
import type { FieldType } from "./types";

export type FieldSpec = {
  key: string;
  display_name: string;
  type: FieldType;
  editable: boolean;
  enabled: boolean;
  column_enabled: boolean;
  detail_enabled: boolean;
};

type Flags = Partial<Pick<FieldSpec, "editable" | "enabled" | "column_enabled" | "detail_enabled">>;

const field = (
  key: string,
  display_name: string,
  type: FieldType,
  flags: Flags = {},
): FieldSpec => ({
  key,
  display_name,
  type,
  editable: flags.editable ?? false,
  enabled: flags.enabled ?? true,
  column_enabled: flags.column_enabled ?? false,
  detail_enabled: flags.detail_enabled ?? false,
});

/** Subscription level: column_enabled fields head the panel and are not in "basic information". */
const ACME_SUBSCRIPTION: FieldSpec[] = [
  field("id", "Subscription ID", "text", { column_enabled: true }),
  field("name", "Subscription Name", "text", { column_enabled: true }),
  field("status", "Status", "picklist", { column_enabled: true }),
  field("start_date", "Start Date", "date"),
  field("contract_term", "Contract Term (Months)", "number"),
  field("contract_end_date", "Contract End Date", "date"),
  field("billing_period", "Billing Period", "picklist"),
  field("next_billing_date", "Next Billing Date", "date"),
  field("auto_renew", "Auto Renew", "boolean"),
  field("po_number", "PO Number", "text", { editable: true }),
  field("description", "Description", "textarea", { editable: true }),
  field("renewal_date", "Renewal Date", "date", { editable: true }),
  field("cancellation_date", "Cancellation Date", "date"),
  field("currency", "Currency", "text"),
  field("crm_reference", "CRM Reference", "text", { enabled: false }),
  // Why the customer left (issue 33): for the company, not shown in the portal's panel.
  field("cancellation_reason", "Cancellation Reason", "picklist", { enabled: false }),
  field("cancellation_note", "Cancellation Note", "textarea", { enabled: false }),
  // A pause set or running (issue 33 §1): the portal words it ("Paused until …"), not the panel.
  field("pause_start", "Pause Start", "date", { enabled: false }),
  field("resume_date", "Resume Date", "date", { enabled: false }),
];

const GLOBEX_SUBSCRIPTION: FieldSpec[] = ACME_SUBSCRIPTION.map((f) => {
  switch (f.key) {
    case "po_number":
      return { ...f, display_name: "Purchase Order" };
    case "contract_term":
      return { ...f, display_name: "Term (Months)" };
    case "next_billing_date":
      return { ...f, enabled: false };
    default:
      return f;
  }
});

/** The hostile company (seed/hostile.ts): script-shaped display names; the CRM reference shown. */
const HOSTILE_SUBSCRIPTION: FieldSpec[] = ACME_SUBSCRIPTION.map((f) => {
  switch (f.key) {
    case "po_number":
      return { ...f, display_name: HOSTILE_PAYLOADS.fieldLabelPoNumber };
    case "description":
      return { ...f, display_name: HOSTILE_PAYLOADS.fieldLabelDescription };
    case "crm_reference":
      return { ...f, display_name: HOSTILE_PAYLOADS.fieldLabelCrmReference, enabled: true };
    default:
      return f;
  }
});

const PLAN_LINE: FieldSpec[] = [
  field("id", "Plan Line ID", "text", { detail_enabled: true }),
  field("plan_id", "Plan ID", "text", { column_enabled: true }),
  field("plan_name", "Plan Name", "text", { column_enabled: true }),
  field("billing_period", "Billing Period", "picklist", { detail_enabled: true }),
  field("plan_description", "Plan Description", "textarea", { detail_enabled: true }),
];

/** Charge level: column_enabled fields form the panel's summary, detail_enabled ones its inside. */
const CHARGE_LINE: FieldSpec[] = [
  field("id", "Charge Line ID", "text", { detail_enabled: true }),
  field("charge_name", "Charge Name", "text", { column_enabled: true }),
  field("charge_type", "Charge Type", "text", { detail_enabled: true }),
  field("pricing_model", "Pricing Model", "picklist", { column_enabled: true }),
  field("billing_period", "Billing Period", "picklist", { detail_enabled: true }),
  field("quantity", "Quantity", "number", { editable: true, column_enabled: true }),
  field("list_price", "List Price", "currency", { column_enabled: true }),
  field("list_price_base", "List Price Base", "text", { detail_enabled: true }),
  field("unit_of_measure", "Unit of Measure", "text", { detail_enabled: true }),
  field("charge_timing", "Charge Timing", "picklist", { detail_enabled: true }),
  field("tiers", "Tiers", "text", { detail_enabled: true }),
  field("charge_id", "Catalogue Charge ID", "text", { enabled: false }),
];

export type FieldConfiguration = {
  subscription: FieldSpec[];
  plan: FieldSpec[];
  charge: FieldSpec[];
};

const CONFIGURATIONS: Record<string, FieldConfiguration> = {
  acme: { subscription: ACME_SUBSCRIPTION, plan: PLAN_LINE, charge: CHARGE_LINE },
  globex: { subscription: GLOBEX_SUBSCRIPTION, plan: PLAN_LINE, charge: CHARGE_LINE },
  [HOSTILE_COMPANY_ID]: {
    subscription: HOSTILE_SUBSCRIPTION,
    plan: PLAN_LINE,
    charge: CHARGE_LINE,
  },
};

/** The company's configuration (companies created later get Acme's). */
export function fieldConfiguration(companyId: string): FieldConfiguration {
  return (
    CONFIGURATIONS[companyId] ?? {
      subscription: ACME_SUBSCRIPTION,
      plan: PLAN_LINE,
      charge: CHARGE_LINE,
    }
  );
}
