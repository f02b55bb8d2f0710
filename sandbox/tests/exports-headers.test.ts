/**
 * An export's headers name columns as the table does (lib/lists/labels.ts): the company's
 * configured name (objectConfiguration display_name, else tempLabel) first; where it names none,
 * a built-in column reads as the portal's column name in the locale (messages/<locale>/lists.json)
 * and a custom field keeps its label.
 */
import { describe, expect, it } from "vitest";
import en from "../../messages/en/lists.json";
import es from "../../messages/es/lists.json";
import { columnHeader } from "../src/documents/exports/columns";
import { EXPORT_WORDS, HEADER_TABLE } from "../src/documents/exports/headers";
import type { CustomFieldDefinition } from "../src/lists/custom-fields";
import { listFields } from "../src/lists/fields";
import { MODULE_DEFINITIONS, MODULES } from "../src/lists/modules";

function message(messages: unknown, key: string): unknown {
  return key
    .split(".")
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined,
      messages,
    );
}

describe("export headers", () => {
  const entries = MODULES.flatMap((module) =>
    HEADER_TABLE[module].map(([column, key, english, spanish]) => ({
      module,
      column,
      key,
      english,
      spanish,
    })),
  );

  it.each(entries)("$module.$column reads as the portal's $key in en and es", (e) => {
    expect(e.english).toBe(message(en, e.key));
    expect(e.spanish).toBe(message(es, e.key));
  });

  it("names every built-in column of every list except the statement's PDF link", () => {
    for (const list of MODULES) {
      const named = HEADER_TABLE[list].map(([column]) => column).sort();
      const columns = MODULE_DEFINITIONS[list].columns
        .map((c) => c.id)
        .filter((id) => id !== "url")
        .sort();
      expect(named, list).toEqual(columns);
    }
  });

  it("uses the portal's words for Yes/No and the list names", () => {
    for (const [locale, messages] of [
      ["en", en],
      ["es", es],
    ] as const) {
      expect(EXPORT_WORDS[locale].yes).toBe(message(messages, "boolean.yes"));
      expect(EXPORT_WORDS[locale].no).toBe(message(messages, "boolean.no"));
      for (const list of MODULES) {
        expect(EXPORT_WORDS[locale].tabs[list]).toBe(message(messages, `tabs.${list}`));
        expect(EXPORT_WORDS[locale].names[list]).toBe(message(messages, `names.${list}`));
      }
    }
  });
});

describe("an export's column header", () => {
  const project: CustomFieldDefinition = {
    id: "cf_project",
    api_name: "project_code",
    field_label: "Project",
    field_type: "text",
    required: false,
    display_in_cp: true,
    default_value: null,
    data_type: "string",
  };
  const invoices = listFields("invoices", [project]);
  const entry = (id: string, display_name: string, tempLabel?: string | null) => ({
    id,
    display_name,
    order_no: 1,
    column_enabled: true,
    ...(tempLabel === undefined ? {} : { tempLabel }),
  });

  it("is the company's display_name when it gives one, in either locale", () => {
    for (const locale of ["en", "es"] as const) {
      expect(columnHeader(invoices, entry("invoice_amount", "Total"), locale)).toBe("Total");
      expect(columnHeader(invoices, entry("invoice_amount", "  Amount due "), locale)).toBe(
        "Amount due",
      );
    }
  });

  it("is the tempLabel when display_name is blank", () => {
    expect(columnHeader(invoices, entry("due_date", "", "Payable by"), "es")).toBe("Payable by");
    expect(columnHeader(invoices, entry("due_date", " ", null), "es")).toBe("Vencimiento");
  });

  it("is the portal's column name in the locale when the configuration names none", () => {
    expect(columnHeader(invoices, entry("invoice_amount", ""), "en")).toBe(
      message(en, "columns.invoiceAmount"),
    );
    expect(columnHeader(invoices, entry("invoice_amount", ""), "es")).toBe(
      message(es, "columns.invoiceAmount"),
    );
  });

  it("keeps a custom field's label, unless the configuration renames it", () => {
    expect(columnHeader(invoices, entry("custom_fields.project_code", ""), "es")).toBe("Project");
    expect(columnHeader(invoices, entry("custom_fields.project_code", "Project code"), "es")).toBe(
      "Project code",
    );
  });
});
