import { describe, expect, it } from "vitest";
import {
  ALL_MATCHING,
  NO_SELECTION,
  isRowSelected,
  rangeOf,
  selectedCount,
  withRows,
} from "@/lib/lists/selection";

describe("row selection", () => {
  it("ticks and unticks rows one by one, counting them", () => {
    const a = withRows(NO_SELECTION, ["INV-1"], true);
    const ab = withRows(a, ["INV-2"], true);
    expect(selectedCount(ab, 57)).toBe(2);
    expect(isRowSelected(ab, "INV-2")).toBe(true);
    const b = withRows(ab, ["INV-1"], false);
    expect(isRowSelected(b, "INV-1")).toBe(false);
    expect(selectedCount(b, 57)).toBe(1);
    // Ticking a row twice keeps it once.
    expect(selectedCount(withRows(b, ["INV-2"], true), 57)).toBe(1);
  });

  it("selects every row matching the filters but those unticked afterwards", () => {
    const all = withRows(ALL_MATCHING, ["INV-3"], false);
    expect(selectedCount(all, 57)).toBe(56);
    expect(isRowSelected(all, "INV-3")).toBe(false);
    expect(isRowSelected(all, "INV-999")).toBe(true);
    expect(selectedCount(withRows(all, ["INV-3"], true), 57)).toBe(57);
  });

  it("ranges from the anchor to the row shift-clicked, either way", () => {
    const page = ["a", "b", "c", "d", "e"];
    expect(rangeOf(page, "b", "d")).toEqual(["b", "c", "d"]);
    expect(rangeOf(page, "d", "b")).toEqual(["b", "c", "d"]);
    expect(rangeOf(page, null, "c")).toEqual(["c"]);
    expect(rangeOf(page, "z", "c")).toEqual(["c"]);
  });
});
