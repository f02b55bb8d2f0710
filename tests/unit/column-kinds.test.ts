import { describe, expect, it } from "vitest";
import { withCustomFieldKinds } from "@/lib/lists/column-kinds";
import { buildColumns } from "@/lib/lists/columns";
import type { CustomField } from "@/lib/schemas/lists";

const field = (apiName: string, fieldType: string): CustomField => ({
  id: `cf_${apiName}`,
  apiName,
  label: apiName,
  fieldType,
  required: false,
  defaultValue: null,
  dataType: "decimal",
  filterType: "number",
  filterable: true,
});

describe("withCustomFieldKinds: percentage custom fields show as percentages", () => {
  const discount = field("discount_rate", "percentage");
  const fx = field("fx_rate", "number");
  const columns = buildColumns("invoices", null, [discount, fx]);

  it("marks the percentage field's column `percent` and leaves the others alone", () => {
    const next = withCustomFieldKinds(columns, [discount, fx]);
    expect(columns.find((c) => c.id === "discount_rate")?.kind).toBe("number");
    expect(next.find((c) => c.id === "discount_rate")?.kind).toBe("percent");
    expect(next.find((c) => c.id === "fx_rate")?.kind).toBe("number");
    expect(next.filter((c) => !c.custom)).toEqual(columns.filter((c) => !c.custom));
  });

  it("never makes a built-in column a percentage, even one named like the field", () => {
    const next = withCustomFieldKinds(columns, [field("balance", "percentage")]);
    expect(next.find((c) => c.id === "balance")?.kind).toBe("money");
  });

  it("answers the same array when nothing changes (the table's memo stays put)", () => {
    expect(withCustomFieldKinds(columns, [fx])).toBe(columns);
    const once = withCustomFieldKinds(columns, [discount]);
    expect(withCustomFieldKinds(once, [discount])).toBe(once);
  });
});
