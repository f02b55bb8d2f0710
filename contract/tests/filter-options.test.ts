// The filter_options grammar round-trips: whatever the portal's encoder writes, in either
// spelling, a billing API's decoder reads back as the same filters (docs/CONTRACT.md §5).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  decodeFilterBody,
  decodeFilterLabels,
  filterOptionLabels,
  filterOptionsBody,
  FilterOptionsError,
  MAX_FILTER_VALUE_LENGTH,
  MAX_FILTERS,
  type FilterFieldSpec,
  type FilterOp,
  type FilterOperator,
  type WireFilter,
} from "../src/filter-options";

type Field = FilterFieldSpec & { name: string };
const FIELDS: Field[] = [
  { name: "description", type: "text" },
  { name: "status", type: "text", lowerCase: true },
  { name: "total", type: "number" },
  { name: "due_date", type: "date" },
  { name: "auto_apply", type: "boolean" },
];
const fieldSet = { module: "invoices", filters: new Map(FIELDS.map((f) => [f.name, f])) };
const MODULES = ["invoices", "payments", "usages", "credits", "statements"];

const OPERATORS: Record<Field["type"], FilterOperator[]> = {
  text: ["equal", "not_equal", "like", "not_like", "is_present", "is_not_present"],
  number: ["equal", "not_equal", "gt", "lt", "gte", "lte"],
  date: ["equal", "gt", "lt", "gte", "lte"],
  boolean: ["equal", "not_equal"],
};

const DECODED: Record<FilterOperator, FilterOp> = {
  equal: "eq",
  not_equal: "not",
  like: "contains",
  not_like: "not_contains",
  is_present: "present",
  is_not_present: "not_present",
  gt: "gt",
  lt: "lt",
  gte: "gte",
  lte: "lte",
};

const characters = (s: string) => [...s].length;
// Text with every regex metacharacter, quotes, brackets of the label syntax, spaces, &, =, %, +
// (which the query string must escape) and characters outside ASCII.
const SPECIAL = [..."\\^$.|?*+()[]{}/ &=%#'\"<>\t", "é", "ß", "日本", "ع", "🙂"];
const text = fc
  .array(
    fc.oneof(
      fc.constantFrom(...SPECIAL),
      fc.string({ unit: "grapheme", minLength: 1, maxLength: 3 }),
    ),
    { minLength: 1, maxLength: 40 },
  )
  .map((parts) => parts.join(""))
  .filter((s) => s.trim() !== "" && characters(s) <= MAX_FILTER_VALUE_LENGTH);
// An equal value of the form /…/ reads as a regex: the grammar has no spelling for it.
const equalText = text.filter((s) => !/^\/[\s\S]*\/[a-z]*$/.test(s));

const decimal = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 13n - 1n }), fc.option(fc.nat(999_999)))
  .map(
    ([negative, whole, fraction]) =>
      `${negative ? "-" : ""}${whole}${fraction === null ? "" : `.${fraction}`}`,
  );
const day = fc
  .date({
    min: new Date("0001-01-01T00:00:00Z"),
    max: new Date("9999-12-31T00:00:00Z"),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString().slice(0, 10));

function filterOf(field: Field): fc.Arbitrary<WireFilter> {
  return fc.constantFrom(...OPERATORS[field.type]).chain((operator): fc.Arbitrary<WireFilter> => {
    const of = (value: fc.Arbitrary<string | null>) =>
      value.map((v) => ({ field: field.name, operator, value: v }));
    if (operator === "is_present" || operator === "is_not_present") return of(fc.constant(null));
    if (field.type === "number") return of(decimal);
    if (field.type === "date") return of(day);
    if (field.type === "boolean") return of(fc.constantFrom("true", "false"));
    return of(operator === "like" || operator === "not_like" ? text : equalText);
  });
}

const filters = fc.array(fc.constantFrom(...FIELDS).chain(filterOf), {
  minLength: 1,
  maxLength: MAX_FILTERS,
});

/** What the decoder must read for a filter the encoder wrote. */
function expected(filter: WireFilter) {
  const field = fieldSet.filters.get(filter.field);
  const value =
    filter.value === null || !field?.lowerCase ? filter.value : filter.value.toLowerCase();
  return { field, op: DECODED[filter.operator], value };
}

describe("filter_options: the encoder and the decoder agree", () => {
  it("as query labels, through a real query string", () => {
    fc.assert(
      fc.property(filters, (given) => {
        const query = new URLSearchParams(filterOptionLabels("invoices", given));
        const sent = new URLSearchParams(query.toString());
        expect(decodeFilterLabels(fieldSet, sent)).toEqual(given.map(expected));
      }),
      { numRuns: 300 },
    );
  });

  it("as a nested body, through JSON", () => {
    fc.assert(
      fc.property(filters, (given) => {
        const body: unknown = JSON.parse(JSON.stringify(filterOptionsBody("invoices", given)));
        expect(decodeFilterBody(fieldSet, body, MODULES)).toEqual(given.map(expected));
      }),
      { numRuns: 300 },
    );
  });

  it("refuses a contains regex with any metacharacter left unescaped", () => {
    const meta = fc.constantFrom(..."\\^$.|?*+()[]{}/");
    fc.assert(
      fc.property(equalText, meta, equalText, (before, c, after) => {
        const raw = `/${before.replaceAll("\\", "")}${c}${after.replaceAll("\\", "")}/i`;
        // A lone trailing backslash escapes nothing; an escaped one is text. Either way: refused.
        const query = new URLSearchParams([["filter_options[invoices][0][description]", raw]]);
        const inner = raw.slice(1, -2);
        const escapedOnly = /^(?:\\[\\^$.|?*+()[\]{}/]|[^\\^$.|?*+()[\]{}/])*$/.test(inner);
        if (escapedOnly) return;
        expect(() => decodeFilterLabels(fieldSet, query)).toThrow(FilterOptionsError);
      }),
      { numRuns: 300 },
    );
  });

  it("refuses more than MAX_FILTERS filters, in either spelling", () => {
    const many: WireFilter[] = Array.from({ length: MAX_FILTERS + 1 }, (_, n) => ({
      field: "total",
      operator: "equal",
      value: String(n),
    }));
    expect(() =>
      decodeFilterLabels(fieldSet, new URLSearchParams(filterOptionLabels("invoices", many))),
    ).toThrow(`more than ${MAX_FILTERS} filters`);
    expect(() => decodeFilterBody(fieldSet, filterOptionsBody("invoices", many), MODULES)).toThrow(
      `more than ${MAX_FILTERS} filters`,
    );
  });
});
