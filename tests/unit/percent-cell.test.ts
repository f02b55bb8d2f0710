// @vitest-environment jsdom
import { createElement as h } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { CellValue } from "@/components/tables/cells/cell-value";
import { cleanUp, renderWithProviders } from "../lists-ui/render";

afterEach(() => cleanUp());

const cell = (value: unknown, locale: "en" | "es" = "en") => {
  renderWithProviders(
    h(CellValue, { list: "invoices", kind: "percent", value, currency: "USD" }),
    locale,
  );
  const text = document.body.textContent ?? "";
  cleanUp();
  return text;
};

describe("CellValue: percentage custom fields", () => {
  it("shows the stored figure with the locale's percent sign", () => {
    expect(cell(12.5)).toBe("12.5%");
    expect(cell(12.5, "es")).toBe("12,5\u00a0%");
    expect(cell(null)).toBe("-");
  });
});
