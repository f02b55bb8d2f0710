import { describe, expect, it } from "vitest";
import { subscriptionChangeSchema } from "@/lib/schemas/subscriptions-forms";
import { addedPlanView } from "@/lib/subscriptions/added-plan";
import {
  EMPTY_PENDING,
  buildChange,
  buildSummary,
  changedCount,
  pendingReducer,
  planCount,
  type PendingAction,
  type PendingState,
} from "@/lib/subscriptions/pending";
import { canDeletePlan } from "@/lib/subscriptions/rules";
import { catalogue, charge, planCharge, planLine, subscription } from "./support";

const run = (...actions: PendingAction[]): PendingState =>
  actions.reduce(pendingReducer, EMPTY_PENDING);

const gold = planLine("SPL-1", [charge("SCH-1", { quantity: 2 }), charge("SCH-2")]);
const silver = planLine("SPL-2", [charge("SCH-3", { quantity: 5 })]);
const sub = subscription([gold, silver]);
const extra = catalogue("PLN-X", [
  planCharge("CHG-1", { defaultQuantity: 3 }),
  planCharge("CHG-2", { pricingModel: "usage_based", defaultQuantity: null }),
  planCharge("CHG-3", { pricingModel: "volume", defaultQuantity: 10 }),
]);

describe("pending changes (spec 001 §4)", () => {
  it("stores a field edit, and forgets it when edited back to the original", () => {
    const edited = run({ type: "field", key: "po_number", value: "PO-2", original: "PO-1" });
    expect(edited.fields).toEqual({ po_number: "PO-2" });
    expect(changedCount(edited)).toBe(1);
    const back = pendingReducer(edited, {
      type: "field",
      key: "po_number",
      value: "PO-1",
      original: "PO-1",
    });
    expect(back.fields).toEqual({});
    expect(changedCount(back)).toBe(0);
  });

  it("stores a quantity, and forgets it when set back", () => {
    const s = run(
      { type: "quantity", chargeId: "SCH-1", quantity: 3, original: 2 },
      { type: "quantity", chargeId: "SCH-3", quantity: 0, original: 5 },
    );
    expect(s.quantities).toEqual({ "SCH-1": 3, "SCH-3": 0 });
    const back = pendingReducer(s, {
      type: "quantity",
      chargeId: "SCH-1",
      quantity: 2,
      original: 2,
    });
    expect(back.quantities).toEqual({ "SCH-3": 0 });
  });

  it("adds plans with their charges' default quantities (none for usage-based), each with its own key", () => {
    const s = run({ type: "addPlans", plans: [extra] }, { type: "addPlans", plans: [extra] });
    expect(s.added.map((a) => a.key)).toEqual(["new-1", "new-2"]);
    expect(s.added[0]!.quantities).toEqual({ "CHG-1": 3, "CHG-2": null, "CHG-3": 10 });
    expect(changedCount(s)).toBe(2);
  });

  it("changes an added plan's quantity, never a usage-based one", () => {
    const s = run(
      { type: "addPlans", plans: [extra] },
      { type: "addedQuantity", key: "new-1", chargeId: "CHG-1", quantity: 7 },
      { type: "addedQuantity", key: "new-1", chargeId: "CHG-2", quantity: 4 },
    );
    expect(s.added[0]!.quantities).toEqual({ "CHG-1": 7, "CHG-2": null, "CHG-3": 10 });
  });

  it("removes a plan once, and a locally added plan entirely", () => {
    const s = run(
      { type: "removePlan", planLineId: "SPL-2" },
      { type: "removePlan", planLineId: "SPL-2" },
      { type: "addPlans", plans: [extra] },
      { type: "removeAddedPlan", key: "new-1" },
    );
    expect(s.removed).toEqual(["SPL-2"]);
    expect(s.added).toEqual([]);
  });

  it("reverts everything: edits, added plans and removed plans", () => {
    const s = run(
      { type: "field", key: "po_number", value: "PO-2", original: "PO-1" },
      { type: "quantity", chargeId: "SCH-1", quantity: 3, original: 2 },
      { type: "addPlans", plans: [extra] },
      { type: "removePlan", planLineId: "SPL-2" },
      { type: "revert" },
    );
    expect(s).toEqual(EMPTY_PENDING);
    expect(changedCount(s)).toBe(0);
  });
});

describe("delete-icon rule with pending plans", () => {
  const deletable = [{ name: "Delete Plan", actionable: true }];

  it("counts removals and additions", () => {
    expect(planCount(sub, EMPTY_PENDING)).toBe(2);
    const removed = run({ type: "removePlan", planLineId: "SPL-2" });
    expect(planCount(sub, removed)).toBe(1);
    expect(canDeletePlan(deletable, planCount(sub, removed))).toBe(false);
    const addedBack = pendingReducer(removed, { type: "addPlans", plans: [extra] });
    expect(planCount(sub, addedBack)).toBe(2);
    expect(canDeletePlan(deletable, planCount(sub, addedBack))).toBe(true);
  });

  it("a one-plan subscription shows no delete icon until a plan is added", () => {
    const single = subscription([gold]);
    expect(canDeletePlan(deletable, planCount(single, EMPTY_PENDING))).toBe(false);
    const added = run({ type: "addPlans", plans: [extra] });
    expect(canDeletePlan(deletable, planCount(single, added))).toBe(true);
  });
});

describe("the change payload", () => {
  it("carries fields, quantities, added plans with their charges and removed plans", () => {
    const s = run(
      { type: "field", key: "po_number", value: "PO-2", original: "PO-1" },
      { type: "field", key: "renewal_date", value: "2027-06-01", original: "2027-01-01" },
      { type: "quantity", chargeId: "SCH-1", quantity: 4, original: 2 },
      { type: "addPlans", plans: [extra] },
      { type: "addedQuantity", key: "new-1", chargeId: "CHG-1", quantity: 6 },
      { type: "removePlan", planLineId: "SPL-2" },
    );
    const change = buildChange(sub, s);
    expect(change).toEqual({
      fields: { po_number: "PO-2", renewal_date: "2027-06-01" },
      charges: [{ id: "SCH-1", quantity: 4 }],
      addPlans: [
        {
          planId: "PLN-X",
          charges: [
            { chargeId: "CHG-1", quantity: 6 },
            { chargeId: "CHG-3", quantity: 10 },
          ],
        },
      ],
      removePlans: ["SPL-2"],
    });
    // The body the BFF accepts, as is.
    expect(subscriptionChangeSchema.parse(change)).toEqual(change);
  });

  it("uses the default quantities of an added plan left as it came", () => {
    const change = buildChange(sub, run({ type: "addPlans", plans: [extra] }));
    expect(change).toEqual({
      fields: {},
      charges: [],
      addPlans: [
        {
          planId: "PLN-X",
          charges: [
            { chargeId: "CHG-1", quantity: 3 },
            { chargeId: "CHG-3", quantity: 10 },
          ],
        },
      ],
      removePlans: [],
    });
  });

  it("drops quantity changes of a plan that is removed", () => {
    const s = run(
      { type: "quantity", chargeId: "SCH-3", quantity: 9, original: 5 },
      { type: "removePlan", planLineId: "SPL-2" },
    );
    expect(buildChange(sub, s)).toMatchObject({ charges: [], removePlans: ["SPL-2"] });
  });

  it("sums the edits up in words for the change dialog", () => {
    const s = run(
      { type: "field", key: "po_number", value: "PO-2", original: "PO-1" },
      { type: "quantity", chargeId: "SCH-1", quantity: 4, original: 2 },
      { type: "addPlans", plans: [extra] },
      { type: "removePlan", planLineId: "SPL-2" },
    );
    const lines = buildSummary(sub, s, {
      value: (_f, v) => (v === null ? "-" : String(v)),
      quantityLabel: (c, p) => `Quantity of ${c} (${p})`,
      planLabel: "Plan",
    });
    expect(lines).toEqual([
      { label: "PO Number", from: "PO-1", to: "PO-2" },
      { label: "Quantity of Charge SCH-1 (Plan SPL-1)", from: "2", to: "4" },
      { label: "Plan", from: null, to: "Catalogue plan PLN-X" },
      { label: "Plan", from: "Plan SPL-2", to: null },
    ]);
  });
});

describe("an added plan on the page", () => {
  it("gets the company's charge fields, filled from the catalogue; quantity editable unless usage-based", () => {
    const s = run({ type: "addPlans", plans: [extra] });
    const view = addedPlanView(sub, s.added[0]!, (k) => k);
    expect(view).toMatchObject({ id: "new-1", planId: "PLN-X", name: "Catalogue plan PLN-X" });
    const [first, usage] = view.charges;
    expect(first!.quantity).toBe(3);
    expect(first!.fields.map((f) => [f.key, f.value, f.editable])).toEqual([
      ["charge_name", "Catalogue CHG-1", false],
      ["quantity", 3, true],
      ["list_price", 10, false],
      ["billing_period", "monthly", false],
    ]);
    expect(usage).toMatchObject({ usageBased: true, quantity: null });
    expect(usage!.fields.find((f) => f.key === "quantity")).toMatchObject({
      value: null,
      editable: false,
    });
  });

  it("falls back to labelled default fields when the subscription has no charge to copy", () => {
    const empty = subscription([planLine("SPL-9", [])]);
    const s = run({ type: "addPlans", plans: [extra] });
    const view = addedPlanView(empty, s.added[0]!, (k) => `label:${k}`);
    const quantity = view.charges[0]!.fields.find((f) => f.key === "quantity");
    expect(quantity).toMatchObject({ label: "label:quantity", value: 3, columnEnabled: true });
  });
});
