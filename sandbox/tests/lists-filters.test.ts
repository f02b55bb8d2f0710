/**
 * filter_options of CONTRACT.md §5 against hand-made rows: every operator on every type, on
 * built-in and custom fields; Eastern days; LIKE and regex escaping. Read-only: seeded once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ListModule } from "../src/lists/modules";
import { startHarness, type Harness } from "./support/harness";
import {
  containsValue,
  createFreshCustomer,
  FRESH,
  insertRows,
  label,
  listIds,
} from "./support/lists-fixtures";

let h: Harness;

// Usages of FRESH. created_date instants and their Eastern days:
//   U1 2030-01-10T03:00Z → Jan 9, 22:00 EST      U2 2030-01-11T05:00Z → Jan 11, 00:00 EST
//   U3 2030-01-12T04:59:59Z → Jan 11, 23:59:59   U4 2030-01-13T12:00Z → Jan 13, 07:00
//   U5 2030-07-01T03:30Z → Jun 30, 23:30 EDT
const USAGES = [
  {
    id: "U1",
    description: "Water 100% (peak)",
    quantity: "10",
    date: "2030-01-10",
    invoiced: true,
    invoice_id: "INV-1",
    created_date: "2030-01-10T03:00:00Z",
    custom_fields: {
      meter_id: "MTR-1",
      site: "A_B",
      peak_usage: true,
      unit_cost: 1.5,
      line_total: 15,
      reading_date: "2030-01-05",
    },
  },
  {
    id: "U2",
    description: "Rate_plan_B",
    quantity: "20.5",
    date: "2030-01-11",
    created_date: "2030-01-11T05:00:00Z",
    custom_fields: {
      meter_id: "mtr-2",
      site: "AxB",
      peak_usage: false,
      unit_cost: 2,
      line_total: 41,
      reading_date: "2030-01-06",
    },
  },
  {
    id: "U3",
    description: "",
    quantity: "-3.5",
    date: "2030-01-12",
    invoice_id: "",
    created_date: "2030-01-12T04:59:59Z",
    custom_fields: {},
  },
  {
    id: "U4",
    description: "v2.1 firmware / rollout",
    quantity: "0",
    date: "2030-01-13",
    created_date: "2030-01-13T12:00:00Z",
    custom_fields: { meter_id: "MTR-1", site: "A%B" },
  },
  {
    id: "U5",
    description: "Café Zürich",
    quantity: "7.25",
    date: "2030-01-14",
    created_date: "2030-07-01T03:30:00Z",
    custom_fields: { site: "" },
  },
];

beforeAll(async () => {
  h = await startHarness("lists_filters");
  await h.reset();
  const db = h.sandbox.db;
  await createFreshCustomer(db);
  await insertRows(db, "usages", USAGES);
  await insertRows(db, "invoices", [
    { id: "I1", status: "Posted", balance: "100.00", invoice_amount: "100.00" },
    { id: "I2", status: "Partially paid", balance: "40.00", invoice_amount: "100.00" },
    { id: "I3", status: "Paid", invoice_amount: "250.00", custom_fields: { status: "disputed" } },
    { id: "I4", status: "Void", invoice_amount: "0.00" },
  ]);
  await insertRows(db, "credits", [
    { id: "C1", reference_number: "RMA/2029/017" },
    { id: "C2", reference_number: "ADJ_2029.07 (goodwill)" },
    { id: "C3", reference_number: "ADJX2029x07 goodwill" },
    { id: "C4", reference_number: "back\\slash [a] {b} ^c$ |d| ?e* +f" },
    { id: "C5", reference_number: null },
  ]);
  await insertRows(db, "payments", [
    { id: "P1", auto_apply: true, payment_method: "Credit Card" },
    { id: "P2", auto_apply: false, payment_method: "ACH" },
  ]);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const ids = (module: ListModule, ...filters: [string, string][]) =>
  listIds(h.sandbox.db, FRESH, module, [["sort", "id asc"], ["size", "100"], ...filters]);
const usages = (field: string, value: string, op?: string) =>
  ids("usages", label("usages", 0, field, value, op));

describe("GET /v1/<module> filter_options on text fields", () => {
  it("equal matches the exact value", async () => {
    expect(await usages("description", "Rate_plan_B")).toEqual(["U2"]);
    expect(await usages("invoice_id", "INV-1")).toEqual(["U1"]);
  });

  it("not equal also matches empty and missing values", async () => {
    expect(await usages("description", "Rate_plan_B", "not")).toEqual(["U1", "U3", "U4", "U5"]);
    expect(await usages("invoice_id", "INV-1", "not")).toEqual(["U2", "U3", "U4", "U5"]);
  });

  it("contains is case-insensitive", async () => {
    expect(await usages("description", containsValue("PLAN"))).toEqual(["U2"]);
    expect(await usages("description", containsValue("café zü"))).toEqual(["U5"]);
  });

  it("not contains also matches empty and missing values", async () => {
    expect(await usages("description", containsValue("plan"), "not")).toEqual([
      "U1",
      "U3",
      "U4",
      "U5",
    ]);
    expect(await usages("invoice_id", containsValue("INV"), "not")).toEqual([
      "U2",
      "U3",
      "U4",
      "U5",
    ]);
  });

  it("present matches non-empty values, not present null or ''", async () => {
    expect(await usages("description", "/.+/")).toEqual(["U1", "U2", "U4", "U5"]);
    expect(await usages("description", "/.+/", "not")).toEqual(["U3"]);
    expect(await usages("invoice_id", "/.+/")).toEqual(["U1"]);
    expect(await usages("invoice_id", "/.+/", "not")).toEqual(["U2", "U3", "U4", "U5"]);
  });

  it("compares status lower-cased, whatever the case sent", async () => {
    const status = (value: string, op?: string) =>
      ids("invoices", label("invoices", 0, "status", value, op));
    expect(await status("posted")).toEqual(["I1"]);
    expect(await status("PARTIALLY PAID")).toEqual(["I2"]);
    expect(await status("paid", "not")).toEqual(["I1", "I2", "I4"]);
    expect(await status(containsValue("PAID"))).toEqual(["I2", "I3"]);
  });
});

describe("GET /v1/<module> contains escaping", () => {
  const refs = (text: string) =>
    ids("credits", label("credits", 0, "reference_number", containsValue(text)));

  it("takes % and _ literally (LIKE wildcards)", async () => {
    expect(await usages("description", containsValue("100%"))).toEqual(["U1"]);
    expect(await usages("description", containsValue("%"))).toEqual(["U1"]);
    expect(await usages("description", containsValue("_"))).toEqual(["U2"]);
    expect(await refs("ADJ_2029")).toEqual(["C2"]);
  });

  it("takes escaped regex metacharacters literally: . ( ) / \\ [ ] { } ^ $ | ? * +", async () => {
    expect(await usages("description", containsValue("v2.1"))).toEqual(["U4"]);
    expect(await usages("description", containsValue("."))).toEqual(["U4"]);
    expect(await usages("description", containsValue("(peak)"))).toEqual(["U1"]);
    expect(await usages("description", containsValue(" / "))).toEqual(["U4"]);
    expect(await refs("RMA/2029/")).toEqual(["C1"]);
    expect(await refs("2029.07 (")).toEqual(["C2"]);
    expect(await refs("back\\slash [a] {b} ^c$ |d| ?e* +f")).toEqual(["C4"]);
  });
});

describe("GET /v1/<module> filter_options on number fields", () => {
  it("equal, not, gt, lt, gte, lte compare numerically", async () => {
    expect(await usages("quantity", "10")).toEqual(["U1"]);
    expect(await usages("quantity", "10.00")).toEqual(["U1"]);
    expect(await usages("quantity", "10", "not")).toEqual(["U2", "U3", "U4", "U5"]);
    expect(await usages("quantity", "7.25", "gt")).toEqual(["U1", "U2"]);
    expect(await usages("quantity", "0", "lt")).toEqual(["U3"]);
    expect(await usages("quantity", "0", "gte")).toEqual(["U1", "U2", "U4", "U5"]);
    expect(await usages("quantity", "-3.5", "lte")).toEqual(["U3"]);
  });

  it("maps total onto invoice_amount", async () => {
    expect(await ids("invoices", label("invoices", 0, "total", "250"))).toEqual(["I3"]);
    expect(await ids("invoices", label("invoices", 0, "balance", "0", "gt"))).toEqual(["I1", "I2"]);
  });
});

describe("GET /v1/<module> filter_options on boolean fields", () => {
  it("equal and not", async () => {
    expect(await usages("invoiced", "true")).toEqual(["U1"]);
    expect(await usages("invoiced", "false")).toEqual(["U2", "U3", "U4", "U5"]);
    expect(await usages("invoiced", "true", "not")).toEqual(["U2", "U3", "U4", "U5"]);
    expect(await ids("payments", label("payments", 0, "auto_apply", "true"))).toEqual(["P1"]);
  });
});

describe("GET /v1/<module> filter_options on date fields", () => {
  it("equal, gte, lte, gt, lt on a business date", async () => {
    expect(await usages("date", "2030-01-11")).toEqual(["U2"]);
    expect(await usages("date", "2030-01-12", "gte")).toEqual(["U3", "U4", "U5"]);
    expect(await usages("date", "2030-01-11", "lte")).toEqual(["U1", "U2"]);
    expect(await usages("date", "2030-01-13", "gt")).toEqual(["U5"]);
    expect(await usages("date", "2030-01-11", "lt")).toEqual(["U1"]);
  });

  it("reads timestamps as whole US Eastern days: 03:00 UTC belongs to the previous day", async () => {
    expect(await usages("created_date", "2030-01-09")).toEqual(["U1"]);
    expect(await usages("created_date", "2030-01-10")).toEqual([]);
    // Midnight and 23:59:59 Eastern of the same day.
    expect(await usages("created_date", "2030-01-11")).toEqual(["U2", "U3"]);
    expect(await usages("created_date", "2030-01-12")).toEqual([]);
    // Summer time: 03:30 UTC is 23:30 EDT of the day before.
    expect(await usages("created_date", "2030-06-30")).toEqual(["U5"]);
    expect(await usages("created_date", "2030-07-01")).toEqual([]);
  });

  it("gte, lte, gt, lt on timestamps take whole Eastern days", async () => {
    expect(await usages("created_date", "2030-01-11", "gte")).toEqual(["U2", "U3", "U4", "U5"]);
    expect(await usages("created_date", "2030-01-11", "lte")).toEqual(["U1", "U2", "U3"]);
    expect(await usages("created_date", "2030-01-11", "gt")).toEqual(["U4", "U5"]);
    expect(await usages("created_date", "2030-01-11", "lt")).toEqual(["U1"]);
  });

  it("maps start_date and end_date onto the billing period columns", async () => {
    await insertRows(h.sandbox.db, "usages", [
      { id: "U9", billing_start_date: "2029-12-01", billing_end_date: "2029-12-31" },
    ]);
    expect(await usages("start_date", "2029-12-01")).toEqual(["U9"]);
    expect(await usages("end_date", "2029-12-31", "gte")).toEqual(["U9"]);
    await h.sandbox.db.query("DELETE FROM usages WHERE id = 'U9'");
  });
});

describe("GET /v1/<module> filter_options on custom fields", () => {
  it("text: equal, not, contains, not contains, present, not present", async () => {
    expect(await usages("meter_id", "MTR-1")).toEqual(["U1", "U4"]);
    expect(await usages("meter_id", "MTR-1", "not")).toEqual(["U2", "U3", "U5"]);
    expect(await usages("meter_id", containsValue("mtr"))).toEqual(["U1", "U2", "U4"]);
    expect(await usages("meter_id", containsValue("mtr"), "not")).toEqual(["U3", "U5"]);
    expect(await usages("meter_id", "/.+/")).toEqual(["U1", "U2", "U4"]);
    expect(await usages("meter_id", "/.+/", "not")).toEqual(["U3", "U5"]);
  });

  it("inherited text: % and _ stay literal; '' is not present", async () => {
    expect(await usages("site", containsValue("%"))).toEqual(["U4"]);
    expect(await usages("site", containsValue("_"))).toEqual(["U1"]);
    expect(await usages("site", "/.+/", "not")).toEqual(["U3", "U5"]);
  });

  it("currency and formula: numeric comparisons; not also matches unset values", async () => {
    expect(await usages("unit_cost", "1.5")).toEqual(["U1"]);
    expect(await usages("unit_cost", "1.5", "not")).toEqual(["U2", "U3", "U4", "U5"]);
    expect(await usages("unit_cost", "1.5", "gt")).toEqual(["U2"]);
    expect(await usages("unit_cost", "2", "lt")).toEqual(["U1"]);
    expect(await usages("line_total", "20", "gte")).toEqual(["U2"]);
    expect(await usages("line_total", "15", "lte")).toEqual(["U1"]);
  });

  it("boolean: equal and not (unset values are not equal)", async () => {
    expect(await usages("peak_usage", "true")).toEqual(["U1"]);
    expect(await usages("peak_usage", "false")).toEqual(["U2"]);
    expect(await usages("peak_usage", "true", "not")).toEqual(["U2", "U3", "U4", "U5"]);
  });

  it("date: equal, gte, lte", async () => {
    expect(await usages("reading_date", "2030-01-05")).toEqual(["U1"]);
    expect(await usages("reading_date", "2030-01-06", "gte")).toEqual(["U2"]);
    expect(await usages("reading_date", "2030-01-05", "lte")).toEqual(["U1"]);
  });

  it("a custom api_name equal to a built-in field filters the built-in field", async () => {
    // I3's custom status is "disputed"; its built-in status is Paid.
    expect(await ids("invoices", label("invoices", 0, "status", "disputed"))).toEqual([]);
    expect(await ids("invoices", label("invoices", 0, "status", "paid"))).toEqual(["I3"]);
  });
});

describe("GET /v1/<module> combined filters", () => {
  it("ANDs every entry, several operators on one field included", async () => {
    expect(
      await ids(
        "usages",
        label("usages", 0, "date", "2030-01-11", "gte"),
        label("usages", 1, "date", "2030-01-13", "lte"),
        label("usages", 2, "description", "/.+/"),
      ),
    ).toEqual(["U2", "U4"]);
    expect(
      await ids(
        "usages",
        label("usages", 0, "quantity", "0", "gt"),
        label("usages", 0, "quantity", "15", "lt"),
      ),
    ).toEqual(["U1", "U5"]);
  });
});
