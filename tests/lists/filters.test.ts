import { describe, expect, it } from "vitest";
import {
  customFieldFilterType,
  filterFieldsFor,
  isFilterableCustomField,
  operatorsFor,
  runsValueLookup,
  validateFilter,
  type FilterField,
} from "@/lib/lists/filters";
import {
  builderReducer,
  canApply,
  draftToFilter,
  initialBuilderState,
  showsApply,
  type BuilderState,
} from "@/lib/lists/filter-builder";
import { withDecimalSign } from "@/lib/format/number";
import { parseDateInput, readNumberInput } from "@/lib/lists/filter-input";

const state = (patch: Partial<BuilderState>): BuilderState => ({
  ...initialBuilderState,
  ...patch,
});

describe("operators per type (spec 001 §5)", () => {
  it("offers exactly the spec's operators", () => {
    expect(operatorsFor("boolean")).toEqual(["equal", "not_equal"]);
    expect(operatorsFor("date")).toEqual(["equal", "lte", "gte"]);
    expect(operatorsFor("number")).toEqual(["equal", "not_equal", "gt", "lt"]);
    expect(operatorsFor("text")).toEqual([
      "equal",
      "not_equal",
      "like",
      "not_like",
      "is_present",
      "is_not_present",
    ]);
  });

  it("rejects an operator the type does not allow", () => {
    expect(validateFilter({ name: "due_date", type: "date" }, "gt", "2024-01-01")).toBeNull();
    expect(validateFilter({ name: "total", type: "number" }, "like", "1")).toBeNull();
  });
});

describe("the Apply rule", () => {
  it("needs a field and an operator", () => {
    expect(canApply(state({ field: "status", value: "paid" }))).toBe(false);
    expect(canApply(state({ operator: "equal", value: "paid" }))).toBe(false);
  });

  it("needs a value unless the operator is a presence one", () => {
    expect(canApply(state({ field: "status", operator: "equal", value: null }))).toBe(false);
    expect(canApply(state({ field: "status", operator: "equal", value: "  " }))).toBe(false);
    expect(canApply(state({ field: "status", operator: "equal", value: "paid" }))).toBe(true);
    expect(canApply(state({ field: "status", operator: "is_present" }))).toBe(true);
    expect(canApply(state({ field: "status", operator: "is_not_present" }))).toBe(true);
  });

  it("counts boolean false as a value", () => {
    expect(canApply(state({ field: "auto_apply", operator: "equal", value: false }))).toBe(true);
  });
});

describe("date input", () => {
  it("turns YYYY/MM/DD into YYYY-MM-DD", () => {
    expect(parseDateInput("2024/02/29")).toEqual({ ok: true, value: "2024-02-29" });
    expect(parseDateInput("2024/2/3")).toEqual({ ok: true, value: "2024-02-03" });
    expect(parseDateInput("2024-12-31")).toEqual({ ok: true, value: "2024-12-31" });
  });

  it.each(["2023/02/29", "2024/13/01", "2024/00/10", "31/12/2024", "yesterday", ""])(
    "answers 'Invalid Date Format' to %j",
    (input) => {
      expect(parseDateInput(input)).toEqual({ ok: false, error: "lists.filter.invalidDate" });
    },
  );

  it("reads a date in the locale's order, a year typed first in every locale", () => {
    expect(parseDateInput("05.01.2024", "de")).toEqual({ ok: true, value: "2024-01-05" });
    expect(parseDateInput("5/1/2024", "fr")).toEqual({ ok: true, value: "2024-01-05" });
    expect(parseDateInput("05-01-2024", "nl")).toEqual({ ok: true, value: "2024-01-05" });
    expect(parseDateInput("2024/01/05", "ja")).toEqual({ ok: true, value: "2024-01-05" });
    expect(parseDateInput("2024-01-05", "de")).toEqual({ ok: true, value: "2024-01-05" });
    // Day first means nothing in a year-first locale: 05/01/2024 is no date in English or Japanese.
    expect(parseDateInput("05/01/2024", "en").ok).toBe(false);
    expect(parseDateInput("05/01/2024", "ja").ok).toBe(false);
    expect(parseDateInput("31.02.2024", "de")).toEqual({
      ok: false,
      error: "lists.filter.invalidDate",
    });
  });

  it("reads the digits an Arabic or Japanese keyboard types, and a copied Arabic date", () => {
    expect(parseDateInput("٠٥/٠١/٢٠٢٤", "ar")).toEqual({ ok: true, value: "2024-01-05" });
    expect(parseDateInput("05\u200f/01\u200f/2024", "ar")).toEqual({
      ok: true,
      value: "2024-01-05",
    });
    expect(parseDateInput("２０２４／０１／０５", "ja")).toEqual({ ok: true, value: "2024-01-05" });
  });
});

describe("number input", () => {
  it("reads a decimal comma where the locale writes one, a point everywhere", () => {
    expect(readNumberInput("12,50", "de")).toBe("12.50");
    expect(readNumberInput("12.50", "de")).toBe("12.50");
    expect(readNumberInput("-3,5", "fr")).toBe("-3.5");
    expect(readNumberInput("١٢٫٥", "ar")).toBe("12.5");
    // A comma is no decimal sign in English: the value check refuses it as typed.
    expect(readNumberInput("12,50", "en")).toBe("12,50");
  });

  it("shows a wire number with the locale's decimal sign", () => {
    expect(withDecimalSign("12.50", "de")).toBe("12,50");
    expect(withDecimalSign("12.50", "en")).toBe("12.50");
    expect(withDecimalSign("12.50", "ja")).toBe("12.50");
    // Every digit as typed: no rounding, no grouping.
    expect(withDecimalSign("12345678901234567.123456789", "fr")).toBe(
      "12345678901234567,123456789",
    );
  });
});

describe("value look-up", () => {
  it.each([
    "text",
    "select",
    "multi-select",
    "textarea",
    "lookup",
    "picker",
    "inherited_save",
    "formula",
  ])("runs for equal and not_equal on %s", (type) => {
    expect(runsValueLookup(type, "equal")).toBe(true);
    expect(runsValueLookup(type, "not_equal")).toBe(true);
    expect(runsValueLookup(type, "like")).toBe(false);
  });

  it("does not run for numbers, dates or booleans", () => {
    expect(runsValueLookup("number", "equal")).toBe(false);
    expect(runsValueLookup("date", "equal")).toBe(false);
    expect(runsValueLookup("boolean", "equal")).toBe(false);
    expect(runsValueLookup("text", null)).toBe(false);
  });
});

describe("custom fields", () => {
  it.each([
    ["currency", "number"],
    ["money", "number"],
    ["percentage", "number"],
    ["number", "number"],
    ["formula", "number"],
    ["boolean", "boolean"],
    ["date", "date"],
    ["text", "text"],
    ["textarea", "text"],
    ["inherited", "text"],
    ["file_upload", null],
  ])("types %s as %s", (fieldType, type) => {
    expect(customFieldFilterType(fieldType)).toBe(type);
  });

  it("is not filterable when a file upload or named like a built-in field", () => {
    expect(
      isFilterableCustomField("invoices", { apiName: "po", label: "PO", fieldType: "file_upload" }),
    ).toBe(false);
    expect(
      isFilterableCustomField("invoices", { apiName: "balance", label: "B", fieldType: "number" }),
    ).toBe(false);
    expect(
      isFilterableCustomField("invoices", {
        apiName: "invoice_amount",
        label: "A",
        fieldType: "number",
      }),
    ).toBe(false);
    expect(
      isFilterableCustomField("invoices", {
        apiName: "region",
        label: "Region",
        fieldType: "text",
      }),
    ).toBe(true);
  });

  it("joins the built-in fields in the builder", () => {
    const fields = filterFieldsFor("credits", [
      { apiName: "region", label: "Region", fieldType: "textarea" },
      { apiName: "scan", label: "Scan", fieldType: "file_upload" },
      { apiName: "currency", label: "Currency", fieldType: "text" },
    ]);
    expect(fields.map((f) => f.name)).toEqual([
      "credit_id",
      "credit_date",
      "credit_amount",
      "unapplied_amount",
      "currency",
      "reference_number",
      "created_date",
      "updated_date",
      "region",
    ]);
    expect(fields.at(-1)).toMatchObject({
      type: "text",
      sourceType: "textarea",
      custom: true,
      label: "Region",
    });
  });
});

describe("the builder's steps (spec 001 §4)", () => {
  it("goes field → operator → value", () => {
    let s = builderReducer(initialBuilderState, { type: "chooseField", field: "status" });
    expect(s).toEqual({ step: 2, field: "status", operator: null, value: null });
    expect(showsApply(s)).toBe(false);
    s = builderReducer(s, { type: "chooseOperator", operator: "equal" });
    expect(s.step).toBe(3);
    expect(showsApply(s)).toBe(true);
    s = builderReducer(s, { type: "setValue", value: "paid" });
    expect(s).toEqual({ step: 3, field: "status", operator: "equal", value: "paid" });
  });

  it("clears operator and value when a field is chosen", () => {
    const s = builderReducer(
      state({ step: 3, field: "status", operator: "equal", value: "paid" }),
      {
        type: "chooseField",
        field: "balance",
      },
    );
    expect(s).toEqual({ step: 2, field: "balance", operator: null, value: null });
  });

  it("returns to step 2 when the operator select is clicked again, keeping the choice", () => {
    const s = builderReducer(state({ step: 3, field: "status", operator: "like", value: "pa" }), {
      type: "reopenOperator",
    });
    expect(s).toEqual({ step: 2, field: "status", operator: "like", value: "pa" });
  });

  it("drops the value for a presence operator", () => {
    const s = builderReducer(state({ step: 3, field: "status", operator: "like", value: "pa" }), {
      type: "chooseOperator",
      operator: "is_present",
    });
    expect(s.value).toBeNull();
  });

  it("ignores an operator or a value before their step", () => {
    expect(builderReducer(initialBuilderState, { type: "chooseOperator", operator: "equal" })).toBe(
      initialBuilderState,
    );
    const atStep2 = state({ step: 2, field: "status" });
    expect(builderReducer(atStep2, { type: "setValue", value: "x" })).toBe(atStep2);
  });

  it("goes back to step 1 on reset", () => {
    expect(
      builderReducer(state({ step: 3, field: "status", operator: "equal", value: "x" }), {
        type: "reset",
      }),
    ).toEqual(initialBuilderState);
  });
});

describe("draftToFilter", () => {
  const dateField: FilterField = {
    name: "due_date",
    type: "date",
    sourceType: "date",
    labelKey: "lists.columns.dueDate",
    label: null,
    custom: false,
    required: false,
  };
  const boolField: FilterField = {
    ...dateField,
    name: "auto_apply",
    type: "boolean",
    sourceType: "boolean",
  };
  const numberField: FilterField = {
    ...dateField,
    name: "balance",
    type: "number",
    sourceType: "currency",
  };

  it("stores a typed date as YYYY-MM-DD", () => {
    expect(
      draftToFilter(
        dateField,
        state({ step: 3, field: "due_date", operator: "lte", value: "2024/03/01" }),
      ),
    ).toEqual({ ok: true, filter: { field: "due_date", operator: "lte", value: "2024-03-01" } });
  });

  it("answers 'Invalid Date Format' to a bad date", () => {
    expect(
      draftToFilter(
        dateField,
        state({ step: 3, field: "due_date", operator: "lte", value: "2024/02/30" }),
      ),
    ).toEqual({ ok: false, error: "lists.filter.invalidDate" });
  });

  it("stores boolean false as 'false'", () => {
    expect(
      draftToFilter(
        boolField,
        state({ step: 3, field: "auto_apply", operator: "equal", value: false }),
      ),
    ).toEqual({ ok: true, filter: { field: "auto_apply", operator: "equal", value: "false" } });
  });

  it("reads a German date and decimal comma into the wire's forms", () => {
    expect(
      draftToFilter(
        dateField,
        state({ step: 3, field: "due_date", operator: "lte", value: "01.03.2024" }),
        "de",
      ),
    ).toEqual({ ok: true, filter: { field: "due_date", operator: "lte", value: "2024-03-01" } });
    expect(
      draftToFilter(
        numberField,
        state({ step: 3, field: "balance", operator: "gt", value: "12,50" }),
        "de",
      ),
    ).toEqual({ ok: true, filter: { field: "balance", operator: "gt", value: "12.50" } });
  });

  it("refuses a number that is not a decimal", () => {
    expect(
      draftToFilter(
        numberField,
        state({ step: 3, field: "balance", operator: "gt", value: "1e5" }),
      ),
    ).toEqual({ ok: false, error: "lists.filter.invalidValue" });
  });
});
