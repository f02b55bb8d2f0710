import { describe, expect, it } from "vitest";
import {
  applySavedOrder,
  changedWidths,
  clampWidth,
  moveBesideVisible,
  moveTo,
} from "@/components/tables/core/layout-order";
import { buildColumns } from "@/lib/lists/columns";

const columns = buildColumns("statements", null, []);

describe("saved column layout", () => {
  it("applies a saved order, dropping unknown ids and appending new columns", () => {
    const order = applySavedOrder(["url", "ghost", "id", "url"], columns);
    expect(order.slice(0, 2)).toEqual(["url", "id"]);
    expect(new Set(order)).toEqual(new Set(columns.map((c) => c.id)));
    expect(order).toHaveLength(columns.length);
  });

  it("moves a column beside its visible neighbour, skipping hidden ones", () => {
    const order = ["a", "b", "hidden", "c"];
    expect(moveBesideVisible(order, ["a", "b", "c"], "c", -1)).toEqual(["a", "c", "b", "hidden"]);
    expect(moveBesideVisible(order, ["a", "b", "c"], "a", -1)).toEqual(order);
    expect(moveBesideVisible(order, ["a", "b", "c"], "a", 1)).toEqual(["b", "a", "hidden", "c"]);
  });

  it("drops a dragged column where the target column is", () => {
    expect(moveTo(["a", "b", "c", "d"], "d", "b")).toEqual(["a", "d", "b", "c"]);
    expect(moveTo(["a", "b", "c", "d"], "a", "c")).toEqual(["b", "c", "a", "d"]);
    expect(moveTo(["a", "b"], "x", "a")).toEqual(["a", "b"]);
  });

  it("keeps widths whole and within 40..1000 px", () => {
    expect(clampWidth(12)).toBe(40);
    expect(clampWidth(1234)).toBe(1000);
    expect(clampWidth(150.6)).toBe(151);
    expect(clampWidth(Number.NaN)).toBe(160);
  });

  it("sends only the widths that changed, of known columns", () => {
    expect(changedWidths({ id: 150 }, { id: 150, url: 130.2, ghost: 99 }, columns)).toEqual({
      url: 130,
    });
  });
});

describe("column visibility", () => {
  it("starts from the company's defaults, takes the session's choices, and never hides required columns", async () => {
    const { visibilityState } = await import("@/components/tables/core/use-column-visibility");
    const state = visibilityState(columns, { id: false, url: false, ghost: true });
    expect(state.id).toBe(true);
    expect(state.url).toBe(false);
    expect(state).not.toHaveProperty("ghost");
    expect(state.customer_name).toBe(true);
  });
});
