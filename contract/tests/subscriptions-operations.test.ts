// The subscription and plan operations (docs/CONTRACT.md §7.1): a conforming answer of each passes,
// and the breaks a billing API is likely to make are named by their JSON path and kind.
import { describe, expect, it } from "vitest";
import { answerDifferences } from "../src/conformance";
import type { Operation } from "../src/operation";
import { operationById } from "../src/operations";
import * as subscriptionOperations from "../src/operations/subscriptions";

const ok = (data: unknown) => ({ code: 200, data, error: null });
const differences = (op: Operation, data: unknown) => answerDifferences(op, 200, ok(data));

let order = 0;
/** A field object of spec 001 §3. */
const field = (value: unknown, type = "text", flags: Record<string, boolean> = {}) => ({
  value,
  display_name: "Label",
  type,
  editable: false,
  enabled: true,
  column_enabled: false,
  detail_enabled: false,
  orderNo: ++order,
  ...flags,
});

const charge = () => ({
  id: field("SCH-000001"),
  charge_name: field("Seats", "text", { column_enabled: true }),
  charge_type: field("Recurring"),
  pricing_model: field("per_unit", "picklist"),
  billing_period: field("monthly", "picklist"),
  quantity: field(5, "number", { editable: true, column_enabled: true }),
  list_price: field(12.5, "currency"),
  list_price_base: field("per unit"),
  unit_of_measure: field(null),
  charge_timing: field("in_advance", "picklist"),
  tiers: field(null),
});

const usageCharge = () => ({
  ...charge(),
  id: field("SCH-000002"),
  charge_type: field("Usage based"),
  pricing_model: field("usage_based", "picklist"),
  quantity: field(null, "number"),
  list_price_base: field("per GB"),
});

const planEntry = () => ({
  id: field("SPL-000001"),
  plan_id: field("PLN-000001", "text", { column_enabled: true }),
  plan_name: field("Growth", "text", { column_enabled: true }),
  billing_period: field("monthly", "picklist"),
  plan_description: field(null, "textarea"),
  charges: [charge(), usageCharge()],
  actions: [
    { name: "Delete Plan", actionable: true },
    { name: "Upgrade / Downgrade Plan", actionable: false },
  ],
});

const subscription = () => ({
  id: field("SUB-000001", "text", { column_enabled: true }),
  name: field("Acme main", "text", { column_enabled: true }),
  status: field("active", "picklist", { column_enabled: true }),
  start_date: field("2026-01-15", "date"),
  contract_term: field(12, "number"),
  auto_renew: field(true, "boolean"),
  po_number: field("PO-7", "text", { editable: true }),
  cancellation_date: field(null, "date"),
  crm_reference: field("CRM-1", "text", { enabled: false }),
  plans: [planEntry()],
  actions: [
    { name: "Cancel", actionable: true },
    { name: "Change", actionable: true },
    { name: "Reactivate", actionable: false },
    { name: "Add Plan", actionable: true },
  ],
});

const preview = () => ({
  prior_invoice: { invoice_amount: 62.5 },
  current_invoice: { invoice_amount: -20.16 },
  next_invoice: { invoice_amount: 75 },
  contract_effective_date: "2026-06-01",
  currency: "USD",
});

const plan = () => ({
  id: "PLN-000002",
  name: "Volume",
  status: "active",
  description: null,
  billing_period: "annual",
  currency: "USD",
  charges: [
    {
      id: "CHG-000003",
      name: "API calls",
      type: "Recurring",
      pricing_model: "volume",
      amount: 250,
      charge_timing: "in_advance",
      list_price: 2.5,
      billing_period: "annual",
      default_quantity: 100,
      unit_of_measure: "call",
      tiers: [
        { up_to: 100, price: 2.5 },
        { up_to: null, price: 2 },
      ],
    },
  ],
});

describe("the subscription and plan operations", () => {
  it("are the seventeen of §7.1, and the module exports nothing else", () => {
    expect(
      Object.values(subscriptionOperations)
        .map((op) => `${op.method.toUpperCase()} ${op.path} ${op.id}`)
        .sort(),
    ).toEqual([
      "GET /v1/plans listPlans",
      "GET /v1/plans/{id} getPlan",
      "GET /v1/subscriptions listSubscriptions",
      "GET /v1/subscriptions/{id}/cancel_date getCancelDate",
      "GET /v1/subscriptions/{id}/cancel_preview getCancelPreview",
      "GET /v1/subscriptions/{id}/pause_preview getPausePreview",
      "GET /v1/subscriptions/{id}/reactivate_preview getReactivatePreview",
      "GET /v1/subscriptions/{id}/resume_preview getResumePreview",
      "GET /v1/subscriptions/{id}/retention_offers listRetentionOffers",
      "PUT /v1/subscriptions/{id} updateSubscription",
      "PUT /v1/subscriptions/{id}/cancel cancelSubscription",
      "PUT /v1/subscriptions/{id}/change changeSubscription",
      "PUT /v1/subscriptions/{id}/change_preview previewSubscriptionChange",
      "PUT /v1/subscriptions/{id}/pause pauseSubscription",
      "PUT /v1/subscriptions/{id}/reactivate reactivateSubscription",
      "PUT /v1/subscriptions/{id}/resume resumeSubscription",
      "PUT /v1/subscriptions/{id}/retention_offers/{offer_id}/accept acceptRetentionOffer",
    ]);
    for (const op of Object.values(subscriptionOperations)) {
      expect(op.auth).toBe("bearer");
      expect(op.errors).toContain(401);
      expect(op.errors).toContain(404);
    }
  });
});

describe("listSubscriptions", () => {
  const op = operationById("listSubscriptions");

  it("accepts the subscriptions, further fields and extra keys of a field object included", () => {
    const first = { ...subscription(), region: { ...field("EU"), help_text: "Where it bills" } };
    expect(differences(op, { subscriptions: [first, subscription()] })).toEqual([]);
    expect(differences(op, { subscriptions: [] })).toEqual([]);
  });

  it("names a status outside active, cancelled and draft", () => {
    const s = subscription();
    s.status.value = "canceled";
    expect(differences(op, { subscriptions: [s] })).toEqual([
      expect.objectContaining({
        path: "$.data.subscriptions[0].status.value",
        kind: "unknown enum value",
      }),
    ]);
  });

  it("names a quantity sent as a string", () => {
    const s = subscription();
    s.plans[0]!.charges[0]!.quantity.value = "5";
    expect(differences(op, { subscriptions: [s] })).toEqual([
      expect.objectContaining({
        path: "$.data.subscriptions[0].plans[0].charges[0].quantity.value",
        kind: "wrong type",
      }),
    ]);
  });

  it("names renamed plans, and the key they moved to is no field object", () => {
    const { plans, ...rest } = subscription();
    expect(differences(op, { subscriptions: [{ ...rest, plan_lines: plans }] })).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: "$.data.subscriptions[0].plans", kind: "renamed" }),
        expect.objectContaining({
          path: "$.data.subscriptions[0].plan_lines",
          kind: "wrong type",
        }),
      ]),
    );
  });

  it("holds every further key to a field object: its flags and its type", () => {
    const s = subscription();
    const { editable: _, ...poNumber } = s.po_number;
    const breaks = { ...s, po_number: poNumber, name: { ...s.name, type: "string" } };
    expect(differences(op, { subscriptions: [breaks] })).toEqual([
      expect.objectContaining({
        path: "$.data.subscriptions[0].name.type",
        kind: "unknown enum value",
      }),
      expect.objectContaining({
        path: "$.data.subscriptions[0].po_number.editable",
        kind: "missing",
      }),
    ]);
  });
});

describe("updateSubscription", () => {
  const op = operationById("updateSubscription");

  it("accepts {subscription}", () => {
    expect(differences(op, { subscription: subscription() })).toEqual([]);
  });

  it("names the subscription answered under another name", () => {
    expect(differences(op, { data: subscription() })).toEqual([
      expect.objectContaining({ path: "$.data.subscription", kind: "renamed" }),
    ]);
  });

  it("names an action flag sent as a string", () => {
    const s = subscription();
    const actions = [{ name: "Cancel", actionable: "true" }];
    expect(differences(op, { subscription: { ...s, actions } })).toEqual([
      expect.objectContaining({
        path: "$.data.subscription.actions[0].actionable",
        kind: "wrong type",
      }),
    ]);
  });
});

describe("previewSubscriptionChange", () => {
  const op = operationById("previewSubscriptionChange");

  it("accepts the three invoices, a credit included", () => {
    expect(differences(op, preview())).toEqual([]);
  });

  it("names an amount sent as a decimal string", () => {
    expect(
      differences(op, { ...preview(), current_invoice: { invoice_amount: "-20.16" } }),
    ).toEqual([
      expect.objectContaining({
        path: "$.data.current_invoice.invoice_amount",
        kind: "wrong type",
      }),
    ]);
  });

  it("names a date that is not YYYY-MM-DD and a missing currency", () => {
    const { currency: _, ...rest } = preview();
    expect(differences(op, { ...rest, contract_effective_date: "06/01/2026" })).toEqual([
      expect.objectContaining({ path: "$.data.contract_effective_date", kind: "invalid" }),
      expect.objectContaining({ path: "$.data.currency", kind: "missing" }),
    ]);
  });
});

describe("changeSubscription", () => {
  const op = operationById("changeSubscription");

  it("accepts {subscription, preview}", () => {
    expect(differences(op, { subscription: subscription(), preview: preview() })).toEqual([]);
  });

  it("names a missing preview", () => {
    expect(differences(op, { subscription: subscription() })).toEqual([
      expect.objectContaining({ path: "$.data.preview", kind: "missing" }),
    ]);
  });

  it("names an id sent as a number", () => {
    const s = { ...subscription(), id: field(1) };
    expect(differences(op, { subscription: s, preview: preview() })).toEqual([
      expect.objectContaining({ path: "$.data.subscription.id.value", kind: "wrong type" }),
    ]);
  });
});

describe("getCancelDate", () => {
  const op = operationById("getCancelDate");

  it("accepts {endDate}", () => {
    expect(differences(op, { endDate: "2026-06-30" })).toEqual([]);
  });

  it("names endDate renamed to end_date", () => {
    expect(differences(op, { end_date: "2026-06-30" })).toEqual([
      expect.objectContaining({ path: "$.data.endDate", kind: "renamed" }),
    ]);
  });

  it("names an instant where a day belongs", () => {
    expect(differences(op, { endDate: "2026-06-30T04:00:00Z" })).toEqual([
      expect.objectContaining({ path: "$.data.endDate", kind: "invalid" }),
    ]);
  });
});

describe("cancelSubscription", () => {
  const op = operationById("cancelSubscription");

  it("accepts the cancelled subscription", () => {
    const s = subscription();
    s.status.value = "cancelled";
    s.cancellation_date.value = "2026-06-30";
    expect(differences(op, { subscription: s })).toEqual([]);
  });

  it('names the status spelt "canceled"', () => {
    const s = subscription();
    s.status.value = "canceled";
    expect(differences(op, { subscription: s })).toEqual([
      expect.objectContaining({
        path: "$.data.subscription.status.value",
        kind: "unknown enum value",
      }),
    ]);
  });

  it("names plans sent as null", () => {
    expect(differences(op, { subscription: { ...subscription(), plans: null } })).toEqual([
      expect.objectContaining({ path: "$.data.subscription.plans", kind: "wrong type" }),
    ]);
  });
});

describe("reactivateSubscription", () => {
  const op = operationById("reactivateSubscription");

  it("accepts the reactivated subscription", () => {
    expect(differences(op, { subscription: subscription() })).toEqual([]);
  });

  it("names a pricing model and a billing period outside the vocabulary", () => {
    const s = subscription();
    s.plans[0]!.charges[0]!.pricing_model.value = "per-unit";
    s.plans[0]!.charges[0]!.billing_period.value = "yearly";
    expect(differences(op, { subscription: s })).toEqual([
      expect.objectContaining({
        path: "$.data.subscription.plans[0].charges[0].pricing_model.value",
        kind: "unknown enum value",
      }),
      expect.objectContaining({
        path: "$.data.subscription.plans[0].charges[0].billing_period.value",
        kind: "unknown enum value",
      }),
    ]);
  });

  it("names a plan line's charges renamed", () => {
    const { charges, ...entry } = planEntry();
    const s = { ...subscription(), plans: [{ ...entry, charge_lines: charges }] };
    expect(differences(op, { subscription: s })).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: "$.data.subscription.plans[0].charges", kind: "renamed" }),
      ]),
    );
  });
});

describe("listPlans", () => {
  const op = operationById("listPlans");

  it("accepts a page of plans and the total", () => {
    expect(differences(op, { data: [plan()], total: 7 })).toEqual([]);
  });

  it("names a total sent as a string", () => {
    expect(differences(op, { data: [plan()], total: "7" })).toEqual([
      expect.objectContaining({ path: "$.data.total", kind: "wrong type" }),
    ]);
  });

  it("names the plans under another name and an unknown charge timing", () => {
    const p = plan();
    p.charges[0]!.charge_timing = "advance";
    expect(differences(op, { plans: [p], total: 1 })).toEqual([
      expect.objectContaining({ path: "$.data.data", kind: "renamed" }),
    ]);
    expect(differences(op, { data: [p], total: 1 })).toEqual([
      expect.objectContaining({
        path: "$.data.data[0].charges[0].charge_timing",
        kind: "unknown enum value",
      }),
    ]);
  });
});

describe("getPlan", () => {
  const op = operationById("getPlan");

  it("accepts {data: plan}", () => {
    expect(differences(op, { data: plan() })).toEqual([]);
  });

  it("names an unknown plan status", () => {
    expect(differences(op, { data: { ...plan(), status: "archived" } })).toEqual([
      expect.objectContaining({ path: "$.data.data.status", kind: "unknown enum value" }),
    ]);
  });

  it("names a missing default quantity and an upper bound sent as a string", () => {
    const p = plan();
    const { default_quantity: _, ...first } = p.charges[0]!;
    const tiers = [{ up_to: "100", price: 2.5 }];
    expect(differences(op, { data: { ...p, charges: [{ ...first, tiers }] } })).toEqual([
      expect.objectContaining({ path: "$.data.data.charges[0].default_quantity", kind: "missing" }),
      expect.objectContaining({
        path: "$.data.data.charges[0].tiers[0].up_to",
        kind: "wrong type",
      }),
    ]);
  });
});
