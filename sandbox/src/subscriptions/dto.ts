/**
 * SubscriptionDto of docs/CONTRACT.md §7.1: field objects built from the company's configuration.
 * The configuration (field-config.ts) names every field the contract requires (id, status,
 * plan_id, charge_name, quantity…); the compiler cannot see a configuration's keys, so the DTOs
 * are declared the contract's types here and test mode checks every answer against the contract.
 */
import { addMonths, periodContaining } from "./calendar";
import { fieldConfiguration, type FieldSpec } from "./field-config";
import { isPausedOn, pendingPause } from "./pause";
import type { ChargeLine, PlanLine, SubscriptionRecord } from "./store";
import type {
  ActionDto,
  ChargeDto,
  FieldDto,
  FieldValue,
  PlanEntryDto,
  SubscriptionDto,
  Tier,
} from "./types";

/** The field objects of `specs` with these values; `editable` can only narrow a spec's flag. */
function fieldObjects(
  specs: FieldSpec[],
  values: Record<string, FieldValue>,
  editable: (spec: FieldSpec) => boolean,
): Record<string, FieldDto> {
  const out: Record<string, FieldDto> = {};
  specs.forEach((spec, i) => {
    out[spec.key] = {
      value: values[spec.key] ?? null,
      display_name: spec.display_name,
      type: spec.type,
      editable: spec.editable && editable(spec),
      enabled: spec.enabled,
      column_enabled: spec.column_enabled,
      detail_enabled: spec.detail_enabled,
      orderNo: i + 1,
    };
  });
  return out;
}

const LIST_PRICE_BASE: Record<string, string> = {
  flat: "flat fee",
  per_unit: "per unit",
  pre_rated: "per unit",
  volume: "per tier",
  tiered: "per tier",
};

/** "1–100: 2.50; 101+: 2.00": the tiers as one line of text. */
export function tiersText(tiers: Tier[]): string | null {
  if (tiers.length === 0) return null;
  let from = 1;
  return tiers
    .map((t) => {
      const range = t.up_to === null ? `${from}+` : `${from}–${t.up_to}`;
      from = (t.up_to ?? 0) + 1;
      return `${range}: ${t.price.toFixed(2)}`;
    })
    .join("; ");
}

function chargeDto(c: ChargeLine, specs: FieldSpec[], active: boolean): ChargeDto {
  const usageBased = c.pricing_model === "usage_based";
  const fields = fieldObjects(
    specs,
    {
      id: c.id,
      charge_name: c.name,
      charge_type: c.charge_type,
      pricing_model: c.pricing_model,
      billing_period: c.billing_period,
      quantity: usageBased ? null : c.quantity,
      list_price: c.list_price,
      list_price_base: usageBased
        ? `per ${c.unit_of_measure ?? "unit"}`
        : (LIST_PRICE_BASE[c.pricing_model] ?? "per unit"),
      unit_of_measure: c.unit_of_measure,
      charge_timing: c.charge_timing,
      tiers: tiersText(c.tiers),
      charge_id: c.charge_id,
    },
    (spec) => active && !(spec.key === "quantity" && usageBased),
  );
  return fields as ChargeDto;
}

function planEntryDto(p: PlanLine, companyId: string, active: boolean): PlanEntryDto {
  const config = fieldConfiguration(companyId);
  const fields = fieldObjects(
    config.plan,
    {
      id: p.id,
      plan_id: p.plan_id,
      plan_name: p.plan_name,
      billing_period: p.billing_period,
      plan_description: p.plan_description,
    },
    () => active,
  );
  const actions: ActionDto[] = [
    { name: "Delete Plan", actionable: active },
    { name: "Upgrade / Downgrade Plan", actionable: active && p.upgradable },
  ];
  return {
    ...fields,
    charges: p.charges.map((c) => chargeDto(c, config.charge, active)),
    actions,
  } as PlanEntryDto;
}

/** The subscription as the API answers it; `today` (Eastern) gives the next billing date. */
export function toSubscriptionDto(
  s: SubscriptionRecord,
  companyId: string,
  today: string,
): SubscriptionDto {
  const pause = pendingPause(s, today);
  const paused = isPausedOn(s, today);
  // A pause set or running holds every change until it is resumed or called off.
  const active = s.status === "active" && pause === null;
  const cycle = periodContaining(s.start_date, 1, today);
  const fields = fieldObjects(
    fieldConfiguration(companyId).subscription,
    {
      id: s.id,
      name: s.name,
      status: paused ? "paused" : s.status,
      start_date: s.start_date,
      contract_term: s.contract_term,
      contract_end_date: addMonths(s.start_date, s.contract_term),
      billing_period: "monthly",
      next_billing_date: paused
        ? (pause?.resume ?? null)
        : s.status === "active"
          ? cycle.end
          : null,
      auto_renew: s.auto_renew,
      po_number: s.po_number,
      description: s.description,
      renewal_date: s.renewal_date,
      cancellation_date: s.cancellation_date,
      currency: s.currency,
      crm_reference: s.crm_reference,
      cancellation_reason: s.cancellation_reason_code,
      cancellation_note: s.cancellation_reason_text,
      pause_start: pause?.start ?? null,
      resume_date: pause?.resume ?? null,
    },
    () => active,
  );
  const actions: ActionDto[] = [
    { name: "Cancel", actionable: active },
    { name: "Change", actionable: active },
    { name: "Reactivate", actionable: s.status === "cancelled" },
    { name: "Add Plan", actionable: active },
    { name: "Pause", actionable: active },
    { name: "Resume", actionable: s.status === "active" && pause !== null },
  ];
  return {
    ...fields,
    plans: s.plans.map((p) => planEntryDto(p, companyId, active)),
    actions,
  } as SubscriptionDto;
}
