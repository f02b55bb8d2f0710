import { describe, expect, it } from "vitest";
import {
  containsRegex,
  escapeRegexText,
  toFilterOptionEntries,
  toFilterOptionsBody,
} from "@/lib/lists/filter-options";
import type { ListFilter } from "@/lib/lists/filters";

const f = (field: string, operator: ListFilter["operator"], value: string | null): ListFilter => ({
  field,
  operator,
  value,
});

describe("filter_options query labels (CONTRACT §5)", () => {
  it.each([
    [f("payment_method", "equal", "card"), "filter_options[payments][0][payment_method]", "card"],
    [
      f("payment_method", "not_equal", "card"),
      "filter_options[payments][0][payment_method][not]",
      "card",
    ],
    [f("payment_method", "like", "ca"), "filter_options[payments][0][payment_method]", "/ca/i"],
    [
      f("payment_method", "not_like", "ca"),
      "filter_options[payments][0][payment_method][not]",
      "/ca/i",
    ],
    [
      f("payment_method", "is_present", null),
      "filter_options[payments][0][payment_method]",
      "/.+/",
    ],
    [
      f("payment_method", "is_not_present", null),
      "filter_options[payments][0][payment_method][not]",
      "/.+/",
    ],
    [f("payment_amount", "gt", "12"), "filter_options[payments][0][payment_amount][gt]", "12"],
    [f("payment_amount", "lt", "-3.5"), "filter_options[payments][0][payment_amount][lt]", "-3.5"],
    [
      f("payment_date", "gte", "2024-01-31"),
      "filter_options[payments][0][payment_date][gte]",
      "2024-01-31",
    ],
    [
      f("payment_date", "lte", "2024-01-31"),
      "filter_options[payments][0][payment_date][lte]",
      "2024-01-31",
    ],
    [f("auto_apply", "equal", "false"), "filter_options[payments][0][auto_apply]", "false"],
  ])("encodes %j", (filter, label, value) => {
    expect(toFilterOptionEntries("payments", [filter])).toEqual([[label, value]]);
  });

  it("numbers the filters from 0 in order and names the module", () => {
    expect(
      toFilterOptionEntries("usages", [f("quantity", "gt", "1"), f("invoiced", "equal", "true")]),
    ).toEqual([
      ["filter_options[usages][0][quantity][gt]", "1"],
      ["filter_options[usages][1][invoiced]", "true"],
    ]);
  });

  it("uses a custom field's api_name as the field", () => {
    expect(toFilterOptionEntries("invoices", [f("region_code", "not_like", "north")])).toEqual([
      ["filter_options[invoices][0][region_code][not]", "/north/i"],
    ]);
  });

  it("lower-cases status values and sends the invoice status 'unpaid' as 'posted'", () => {
    expect(
      toFilterOptionEntries("invoices", [
        f("status", "equal", "Unpaid"),
        f("status", "not_equal", "Partially Paid"),
        f("status", "like", "UNPAID"),
      ]),
    ).toEqual([
      ["filter_options[invoices][0][status]", "posted"],
      ["filter_options[invoices][1][status][not]", "partially paid"],
      ["filter_options[invoices][2][status]", "/posted/i"],
    ]);
  });

  it("keeps 'unpaid' as it is for payments, lower-cased", () => {
    expect(toFilterOptionEntries("payments", [f("status", "equal", "Failed")])).toEqual([
      ["filter_options[payments][0][status]", "failed"],
    ]);
  });

  it("leaves other text values as typed", () => {
    expect(toFilterOptionEntries("credits", [f("reference_number", "equal", "Ref-A")])).toEqual([
      ["filter_options[credits][0][reference_number]", "Ref-A"],
    ]);
  });
});

describe("contains regex escaping", () => {
  it.each(["\\", "^", "$", ".", "|", "?", "*", "+", "(", ")", "[", "]", "{", "}", "/"])(
    "puts a backslash before %s",
    (c) => {
      expect(escapeRegexText(`a${c}b`)).toBe(`a\\${c}b`);
    },
  );

  it("leaves other characters alone", () => {
    expect(escapeRegexText("INV-001 #7 & 'ä'")).toBe("INV-001 #7 & 'ä'");
  });

  it("escapes every metacharacter of a mixed text", () => {
    expect(containsRegex("a.b/(c)")).toBe("/a\\.b\\/\\(c\\)/i");
    expect(containsRegex("\\d+")).toBe("/\\\\d\\+/i");
  });
});

describe("filter_options export body", () => {
  it("nests the same filters under the module", () => {
    expect(
      toFilterOptionsBody("credits", [
        f("credit_amount", "equal", "10"),
        f("currency", "not_equal", "EUR"),
        f("reference_number", "like", "a.b"),
        f("reference_number", "is_not_present", null),
        f("credit_date", "gte", "2024-02-01"),
      ]),
    ).toEqual({
      credits: [
        { credit_amount: "10" },
        { currency: { not: "EUR" } },
        { reference_number: "/a\\.b/i" },
        { reference_number: { not: "/.+/" } },
        { credit_date: { gte: "2024-02-01" } },
      ],
    });
  });

  it("is an empty list without filters", () => {
    expect(toFilterOptionsBody("statements", [])).toEqual({ statements: [] });
  });
});
