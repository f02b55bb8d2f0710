import { describe, expect, it } from "vitest";
import { filterTexts } from "@/components/tables/filters/filter-texts";
import {
  filterFieldLabel,
  columnLabel,
  resolveLabel,
  type LooseTranslator,
} from "@/lib/lists/labels";
import { findFilterField } from "@/lib/lists/definitions";
import { filterFieldsFor } from "@/lib/lists/filters";
import { buildColumns } from "@/lib/lists/columns";
import type { CustomField } from "@/lib/schemas/lists";
import en from "@/messages/en/lists.json";
import es from "@/messages/es/lists.json";

/** A translator over one locale's `lists` messages, with full keys (`lists.columns.status`). */
function translator(messages: object): LooseTranslator {
  const flat = new Map<string, string>();
  const walk = (node: object, prefix: string) => {
    for (const [k, v] of Object.entries(node)) {
      if (typeof v === "string") flat.set(`${prefix}${k}`, v);
      else if (v && typeof v === "object") walk(v as object, `${prefix}${k}.`);
    }
  };
  walk(messages, "lists.");
  const t = (key: string) => flat.get(key) ?? key;
  return Object.assign(t, { has: (key: string) => flat.has(key) });
}
const tEn = translator(en);
const tEs = translator(es);

const discount: CustomField = {
  id: "cf_acme_invoices_discount_rate",
  apiName: "discount_rate",
  label: "Discount",
  fieldType: "percentage",
  required: false,
  defaultValue: null,
  dataType: "decimal",
  filterType: "number",
  filterable: true,
};

// The company's column configuration as the sandbox seeds it (display names in English).
const objectFields = [
  { id: "id", display_name: "Invoice ID", tempLabel: null, order_no: 1, column_enabled: true },
  {
    id: "invoice_date",
    display_name: "Invoice Date",
    tempLabel: null,
    order_no: 2,
    column_enabled: true,
  },
  {
    id: "invoice_amount",
    display_name: "Total",
    tempLabel: null,
    order_no: 3,
    column_enabled: true,
  },
  { id: "balance", display_name: null, tempLabel: "Open", order_no: 4, column_enabled: true },
  { id: "status", display_name: null, tempLabel: null, order_no: 5, column_enabled: false },
  {
    id: "custom_fields.discount_rate",
    display_name: "Discount rate",
    tempLabel: null,
    order_no: 6,
    column_enabled: true,
  },
];
const configured = buildColumns("invoices", objectFields, [discount]);
const unconfigured = buildColumns("invoices", null, [discount]);
const columnById = (id: string) => {
  const c = configured.find((col) => col.id === id);
  if (!c) throw new Error(`no column ${id}`);
  return c;
};

describe("resolveLabel: the configured name, else the translation, else the id", () => {
  it("prefers a configured name over the translation", () => {
    expect(
      resolveLabel(
        { configured: "Bill date", messageKey: "lists.columns.invoiceDate", id: "invoice_date" },
        tEn,
      ),
    ).toBe("Bill date");
  });
  it("translates when nothing is configured (or only blanks are)", () => {
    expect(
      resolveLabel(
        { configured: null, messageKey: "lists.columns.invoiceDate", id: "invoice_date" },
        tEn,
      ),
    ).toBe("Invoice date");
    expect(
      resolveLabel(
        { configured: "  ", messageKey: "lists.columns.invoiceDate", id: "invoice_date" },
        tEs,
      ),
    ).toBe("Fecha de factura");
  });
  it("shows the id when the key is unknown", () => {
    expect(
      resolveLabel({ configured: null, messageKey: "lists.columns.nope", id: "nope" }, tEn),
    ).toBe("nope");
  });
});

describe("columnLabel: a column's one name", () => {
  it("is the company's display_name, else its tempLabel, else the portal's translation", () => {
    expect(columnLabel(columnById("invoice_amount"), tEn)).toBe("Total");
    expect(columnLabel(columnById("balance"), tEn)).toBe("Open");
    expect(columnLabel(columnById("status"), tEn)).toBe("Status");
    expect(columnLabel(columnById("status"), tEs)).toBe(es.columns.status);
  });
  it("names a custom column by its configured name, else by the field's label", () => {
    expect(columnLabel(columnById("discount_rate"), tEn)).toBe("Discount rate");
    const bare = unconfigured.find((c) => c.id === "discount_rate");
    expect(bare && columnLabel(bare, tEn)).toBe("Discount");
  });
  it("passes over a blank display_name to the tempLabel, then to the field's label or translation", () => {
    const blanks = buildColumns(
      "invoices",
      [
        { id: "status", display_name: " ", tempLabel: "State", order_no: 1, column_enabled: true },
        { id: "balance", display_name: "", tempLabel: "", order_no: 2, column_enabled: true },
        {
          id: "custom_fields.discount_rate",
          display_name: "",
          tempLabel: null,
          order_no: 3,
          column_enabled: true,
        },
      ],
      [discount],
    );
    const label = (id: string) => {
      const c = blanks.find((x) => x.id === id);
      return c && columnLabel(c, tEn);
    };
    expect(label("status")).toBe("State");
    expect(label("balance")).toBe(en.columns.balance);
    expect(label("discount_rate")).toBe("Discount");
  });
});

describe("filterFieldLabel: a filter field is named like the column it filters", () => {
  const fields = filterFieldsFor("invoices", [discount]);
  const field = (name: string) => {
    const f = fields.find((x) => x.name === name);
    if (!f) throw new Error(`no field ${name}`);
    return f;
  };

  it("takes the header's name for every field that filters a column", () => {
    let compared = 0;
    for (const f of fields) {
      const columnId = f.custom ? f.name : findFilterField("invoices", f.name)?.column;
      const column = configured.find((c) => c.id === columnId);
      if (!column) continue;
      compared += 1;
      expect(filterFieldLabel("invoices", f, configured, tEn), f.name).toBe(
        columnLabel(column, tEn),
      );
    }
    expect(compared).toBe(6);
    expect(filterFieldLabel("invoices", field("total"), configured, tEn)).toBe("Total");
    expect(filterFieldLabel("invoices", field("date"), configured, tEn)).toBe("Invoice Date");
    expect(filterFieldLabel("invoices", field("discount_rate"), configured, tEn)).toBe(
      "Discount rate",
    );
  });

  it("uses the translations the table uses before the configuration arrives", () => {
    expect(filterFieldLabel("invoices", field("total"), [], tEn)).toBe("Amount");
    expect(filterFieldLabel("invoices", field("total"), [], tEs)).toBe(es.columns.invoiceAmount);
    expect(filterFieldLabel("invoices", field("discount_rate"), [], tEn)).toBe("Discount");
    const total = unconfigured.find((c) => c.id === "invoice_amount");
    expect(total && columnLabel(total, tEn)).toBe("Amount");
  });

  it("keeps a hidden column's name (hidden columns can still be filtered)", () => {
    expect(columnById("status").visible).toBe(false);
    expect(filterFieldLabel("invoices", field("status"), configured, tEn)).toBe("Status");
  });

  it("names a filter-only field by its own translation", () => {
    const usages = filterFieldsFor("usages");
    const chargeId = usages.find((f) => f.name === "charge_id");
    expect(
      chargeId && filterFieldLabel("usages", chargeId, buildColumns("usages", null, []), tEn),
    ).toBe("Charge ID");
  });
});

describe("filterTexts: builder, chips and headers agree", () => {
  const fields = filterFieldsFor("invoices", [discount]);

  it("names fields in the builder and chips like the headers", () => {
    const texts = filterTexts("invoices", fields, tEn, "en", configured);
    expect(texts.field("total")).toBe(columnLabel(columnById("invoice_amount"), tEn));
    expect(texts.describe({ field: "discount_rate", operator: "gt", value: "12.5" })).toBe(
      "Discount rate is greater than 12.5%",
    );
  });

  it("shows a percentage filter's value with the locale's percent sign", () => {
    expect(
      filterTexts("invoices", fields, tEs, "es", configured).value({
        field: "discount_rate",
        value: "12.5",
      }),
    ).toBe("12,5\u00a0%");
    // A number still being typed in the builder shows as typed.
    expect(
      filterTexts("invoices", fields, tEn, "en").value({ field: "discount_rate", value: "12." }),
    ).toBe("12.");
    // Other numbers stay plain.
    expect(
      filterTexts("invoices", fields, tEn, "en").value({ field: "total", value: "12.5" }),
    ).toBe("12.5");
  });
});
