import { describe, expect, it } from "vitest";
import {
  basicInfoFields,
  canDeletePlan,
  canUpgradeDowngrade,
  decrement,
  detailFields,
  increment,
  minEditDate,
  parseFieldEdit,
  parseQuantity,
  quantityControl,
  shortText,
  subscriptionActions,
  summaryFields,
  visibleCharges,
} from "@/lib/subscriptions/rules";
import { field } from "./support";

describe("quantity rules (spec 001 §5)", () => {
  const model = (pricingModel: "flat" | "per_unit" | "volume" | "tiered" | "pre_rated") => ({
    pricingModel,
    usageBased: false,
  });

  it("shows no quantity control on a usage-based charge", () => {
    expect(quantityControl({ pricingModel: "usage_based", usageBased: true }, 5)).toEqual({
      kind: "none",
    });
    // A charge the server calls usage based keeps no control whatever its pricing model.
    expect(quantityControl({ pricingModel: "per_unit", usageBased: true }, 5).kind).toBe("none");
  });

  it("disables minus at 1 or below and enables it above 1", () => {
    expect(quantityControl(model("per_unit"), 0)).toMatchObject({ minusDisabled: true });
    expect(quantityControl(model("per_unit"), 1)).toMatchObject({ minusDisabled: true });
    expect(quantityControl(model("per_unit"), 2)).toEqual({
      kind: "control",
      minusDisabled: false,
      plusDisabled: false,
    });
    expect(quantityControl(model("flat"), 2)).toMatchObject({ minusDisabled: false });
    expect(quantityControl(model("pre_rated"), 2)).toMatchObject({ minusDisabled: false });
  });

  it("disables minus and plus for volume and tiered pricing", () => {
    for (const m of ["volume", "tiered"] as const)
      expect(quantityControl(model(m), 10)).toEqual({
        kind: "control",
        minusDisabled: true,
        plusDisabled: true,
      });
  });

  it("never goes below 0 and steps by whole units", () => {
    expect(decrement(0)).toBe(0);
    expect(decrement(1)).toBe(0);
    expect(decrement(5)).toBe(4);
    expect(increment(0)).toBe(1);
    expect(increment(4)).toBe(5);
    expect(increment(1_000_000)).toBe(1_000_000);
  });

  it("takes a typed whole number from 0 to 1,000,000 only", () => {
    expect(parseQuantity("0")).toBe(0);
    expect(parseQuantity(" 12 ")).toBe(12);
    expect(parseQuantity("1000000")).toBe(1_000_000);
    for (const bad of ["", "-1", "1.5", "1e3", "abc", "1000001"])
      expect(parseQuantity(bad), bad).toBeNull();
  });
});

describe("field groups (spec 001 §2)", () => {
  const fields = [
    field("c", 3, { order: 3 }),
    field("a", 1, { order: 1, columnEnabled: true }),
    field("hidden", 0, { order: 0, enabled: false, detailEnabled: true, columnEnabled: true }),
    field("b", 2, { order: 2, detailEnabled: true }),
    field("d", 4, { order: 4, columnEnabled: true, detailEnabled: true }),
  ];

  it("basic information: enabled and not column_enabled, by order", () => {
    expect(basicInfoFields(fields).map((f) => f.key)).toEqual(["b", "c"]);
  });

  it("charge summary: enabled and column_enabled, by order", () => {
    expect(summaryFields(fields).map((f) => f.key)).toEqual(["a", "d"]);
  });

  it("charge detail: enabled and detail_enabled, by order", () => {
    expect(detailFields(fields).map((f) => f.key)).toEqual(["b", "d"]);
  });

  it("leaves the given list as it was", () => {
    basicInfoFields(fields);
    expect(fields.map((f) => f.key)).toEqual(["c", "a", "hidden", "b", "d"]);
  });

  it("collapses a plan's charges to 5 (spec 001 §9)", () => {
    expect(visibleCharges([1, 2, 3, 4, 5], false)).toEqual({
      visible: [1, 2, 3, 4, 5],
      hidden: 0,
      toggles: false,
    });
    expect(visibleCharges([1, 2, 3, 4, 5, 6, 7], false)).toEqual({
      visible: [1, 2, 3, 4, 5],
      hidden: 2,
      toggles: true,
    });
    expect(visibleCharges([1, 2, 3, 4, 5, 6, 7], true).visible).toHaveLength(7);
  });
});

describe("actions (spec 001 §6)", () => {
  it("offers only the actionable ones; Change gates editing", () => {
    expect(
      subscriptionActions([
        { name: "Cancel", actionable: true },
        { name: "Change", actionable: false },
        { name: "Add Plan", actionable: true },
        { name: "Reactivate", actionable: false },
      ]),
    ).toEqual({
      cancel: true,
      change: false,
      addPlan: true,
      reactivate: false,
      pause: false,
      resume: false,
    });
    expect(
      subscriptionActions([
        { name: "Pause", actionable: false },
        { name: "Resume", actionable: true },
      ]),
    ).toMatchObject({ pause: false, resume: true, cancel: false });
    expect(subscriptionActions([])).toEqual({
      cancel: false,
      change: false,
      addPlan: false,
      reactivate: false,
      pause: false,
      resume: false,
    });
  });

  it("shows a plan's delete icon only with an actionable Delete action and more than one plan", () => {
    const deletable = [{ name: "Delete Plan", actionable: true }];
    expect(canDeletePlan(deletable, 2)).toBe(true);
    expect(canDeletePlan(deletable, 1)).toBe(false);
    expect(canDeletePlan([{ name: "Delete Plan", actionable: false }], 3)).toBe(false);
    expect(canDeletePlan([{ name: "Upgrade / Downgrade Plan", actionable: true }], 3)).toBe(false);
  });

  it("offers Upgrade / Downgrade only when actionable", () => {
    expect(canUpgradeDowngrade([{ name: "Upgrade / Downgrade Plan", actionable: true }])).toBe(
      true,
    );
    expect(canUpgradeDowngrade([{ name: "Upgrade / Downgrade Plan", actionable: false }])).toBe(
      false,
    );
  });
});

describe("inline date edits (spec 001 §5)", () => {
  const today = "2026-11-23";

  it("disables past days for future-facing fields: by key, or a value today or later", () => {
    expect(minEditDate({ key: "renewal_date", value: "2020-01-01" }, today)).toBe(today);
    expect(minEditDate({ key: "contract_end_date", value: null }, today)).toBe(today);
    expect(minEditDate({ key: "next_billing_date", value: null }, today)).toBe(today);
    expect(minEditDate({ key: "go_live", value: "2026-11-23" }, today)).toBe(today);
    expect(minEditDate({ key: "go_live", value: "2027-02-01" }, today)).toBe(today);
  });

  it("leaves a past day such as a start date free", () => {
    expect(minEditDate({ key: "start_date", value: "2026-01-15" }, today)).toBeNull();
    expect(minEditDate({ key: "signed_on", value: null }, today)).toBeNull();
  });

  it("accepts only a real YYYY-MM-DD day, not before the minimum", () => {
    const renewal = { key: "renewal_date", type: "date" as const, value: "2027-01-01" };
    expect(parseFieldEdit(renewal, "2027-03-01", today)).toEqual({ ok: true, value: "2027-03-01" });
    expect(parseFieldEdit(renewal, "2026-11-23", today)).toEqual({ ok: true, value: "2026-11-23" });
    expect(parseFieldEdit(renewal, "2026-11-22", today)).toEqual({
      ok: false,
      error: "dateTooEarly",
    });
    for (const bad of ["", "2027-02-30", "2027/03/01", "03-01-2027", "2027-3-1", "tomorrow"])
      expect(parseFieldEdit(renewal, bad, today), bad).toEqual({ ok: false, error: "date" });
    const start = { key: "start_date", type: "date" as const, value: "2026-01-15" };
    expect(parseFieldEdit(start, "2025-12-01", today)).toEqual({ ok: true, value: "2025-12-01" });
  });

  it("reads other types: text trimmed (blank is null), numbers, booleans", () => {
    expect(parseFieldEdit({ key: "po", type: "text", value: null }, "  PO-9 ")).toEqual({
      ok: true,
      value: "PO-9",
    });
    expect(parseFieldEdit({ key: "po", type: "text", value: "x" }, "  ")).toEqual({
      ok: true,
      value: null,
    });
    expect(parseFieldEdit({ key: "n", type: "number", value: 1 }, "12.5")).toEqual({
      ok: true,
      value: 12.5,
    });
    expect(parseFieldEdit({ key: "n", type: "number", value: 1 }, "12,5")).toEqual({
      ok: false,
      error: "number",
    });
    expect(parseFieldEdit({ key: "b", type: "boolean", value: null }, "false")).toEqual({
      ok: true,
      value: false,
    });
    expect(parseFieldEdit({ key: "t", type: "textarea", value: null }, "x".repeat(2001))).toEqual({
      ok: false,
      error: "tooLong",
    });
  });
});

describe("long values (spec 001 §2, §9)", () => {
  it("keeps 40 characters as they are and cuts 41 with an ellipsis", () => {
    const forty = "x".repeat(40);
    expect(shortText(forty)).toEqual({ text: forty, truncated: false });
    expect(shortText(`${forty}y`)).toEqual({ text: `${forty}…`, truncated: true });
  });
});
