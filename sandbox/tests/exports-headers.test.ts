/**
 * An export's headers name columns as the table does (lib/lists/labels.ts): the company's
 * configured name (objectConfiguration display_name, else tempLabel) first; where it names none,
 * a built-in column reads as the portal's column name in the locale (messages/<locale>/lists.json,
 * read by the sandbox itself) and a custom field keeps its label. Yes/No and the list's names come
 * from the same catalogues in each of the ten locales; an unknown language gets English.
 */
import { describe, expect, it } from "vitest";
import { locales, type Locale } from "../../lib/i18n/locales";
import ar from "../../messages/ar/lists.json";
import de from "../../messages/de/lists.json";
import en from "../../messages/en/lists.json";
import es from "../../messages/es/lists.json";
import fr from "../../messages/fr/lists.json";
import it_ from "../../messages/it/lists.json";
import ja from "../../messages/ja/lists.json";
import nl from "../../messages/nl/lists.json";
import ptBR from "../../messages/pt-BR/lists.json";
import zhCN from "../../messages/zh-CN/lists.json";
import { documentLocale, DOCUMENT_LOCALES, type DocumentLocale } from "../src/documents/display";
import { columnHeader, exportColumns } from "../src/documents/exports/columns";
import {
  exportStatus,
  builtinHeader,
  EXPORT_WORDS,
  HEADER_TABLE,
  icuPlainText,
} from "../src/documents/exports/headers";
import { exportFileName } from "../src/documents/exports/jobs";
import { exportBodySchema } from "../src/documents/exports/request";
import { message } from "./support/documents";
import type { CustomFieldDefinition } from "../src/lists/custom-fields";
import { listFields } from "../src/lists/fields";
import { MODULE_DEFINITIONS, MODULES } from "../src/lists/modules";

const CATALOGUES: Record<Locale, unknown> = {
  en,
  es,
  fr,
  de,
  it: it_,
  "pt-BR": ptBR,
  nl,
  ja,
  "zh-CN": zhCN,
  ar,
};

const ASCII = /^[\x20-\x7e]+$/;

describe("export headers", () => {
  it("speaks every locale of the portal", () => {
    expect([...DOCUMENT_LOCALES]).toEqual([...locales]);
    expect(Object.keys(EXPORT_WORDS).sort()).toEqual([...locales].sort());
  });

  const entries = locales.flatMap((locale) =>
    MODULES.flatMap((module) =>
      HEADER_TABLE[module].map(([column, key]) => ({ locale, module, column, key })),
    ),
  );

  it.each(entries)("$module.$column reads as the portal's $key in $locale", (e) => {
    const text = message(CATALOGUES[e.locale], e.key);
    expect(typeof text).toBe("string");
    expect(builtinHeader(e.module, e.column, e.locale)).toBe(text);
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

  it("knows no name for a column the table does not have", () => {
    expect(builtinHeader("invoices", "nope", "de")).toBeNull();
  });

  it.each(locales)("uses the portal's words for Yes/No and the list names in %s", (locale) => {
    const messages = CATALOGUES[locale];
    expect(EXPORT_WORDS[locale].yes).toBe(message(messages, "boolean.yes"));
    expect(EXPORT_WORDS[locale].no).toBe(message(messages, "boolean.no"));
    for (const list of MODULES) {
      expect(EXPORT_WORDS[locale].tabs[list]).toBe(message(messages, `tabs.${list}`));
      expect(EXPORT_WORDS[locale].names[list]).toBe(message(messages, `names.${list}`));
    }
  });
});

describe("catalogue texts", () => {
  it("are ICU source: quotes are undone, arguments refused", () => {
    expect(icuPlainText("Date d’échéance", "t")).toBe("Date d’échéance");
    expect(icuPlainText("Avvio dell'esportazione", "t")).toBe("Avvio dell'esportazione");
    expect(icuPlainText("It''s", "t")).toBe("It's");
    expect(icuPlainText("'{'braces'}' kept", "t")).toBe("{braces} kept");
    expect(icuPlainText("'{braces}' and 'it''s'", "t")).toBe("{braces} and 'it's'");
    expect(() => icuPlainText("Rows: {count}", "lists.json x")).toThrow(/lists\.json x/);
  });
});

describe("an export's mail", () => {
  const url = "https://files.example/exports/job/invoices-2030-01-15.csv?signature=x";

  it("keeps the English and Spanish sentences", () => {
    const en = EXPORT_WORDS.en;
    expect(en.subject(en.names.invoices)).toBe("Your invoices export");
    expect(en.failedSubject("credits")).toBe("Your credits export failed");
    expect(en.ready("invoices", 1, "invoices-2030-01-15.csv", url, 7)).toBe(
      "Hello,\n\nYour invoices export is ready: 1 row in invoices-2030-01-15.csv (attached).\n" +
        `You can also download it here for the next 7 days:\n\n${url}\n`,
    );
    const es = EXPORT_WORDS.es;
    expect(es.subject(es.names.invoices)).toBe("Su exportación de facturas");
    expect(es.failedSubject("pagos")).toBe("No se pudo completar su exportación de pagos");
    expect(es.ready("facturas", 3, "invoices-2030-01-15.csv", url, 7)).toContain("3 filas en");
  });

  it.each(locales)("names the list, the file, the rows and the link in %s", (locale) => {
    const words = EXPORT_WORDS[locale];
    for (const list of MODULES) {
      const name = words.names[list];
      const file = exportFileName(list, "2030-01-15", "xlsx");
      expect(words.subject(name)).toContain(name);
      expect(words.failedSubject(name)).toContain(name);
      expect(words.failed(name)).toContain(name);
      const ready = words.ready(name, 1234, file, url, 7);
      for (const part of [name, file, "1234", "7", url]) expect(ready).toContain(part);
    }
  });

  it("is written in the language, not in English, outside English", () => {
    const english = EXPORT_WORDS.en;
    for (const locale of locales.filter((l) => l !== "en")) {
      const words = EXPORT_WORDS[locale];
      const name = words.names.invoices;
      expect(words.subject(name), locale).not.toBe(english.subject(name));
      expect(words.failed(name), locale).not.toContain("Hello");
    }
    expect(EXPORT_WORDS.de.subject(EXPORT_WORDS.de.names.invoices)).toBe(
      "Ihr Export der Rechnungen",
    );
    expect(EXPORT_WORDS.ar.subject(EXPORT_WORDS.ar.names.invoices)).toBe("ملف تصدير الفواتير");
  });
});

describe("an export's file name", () => {
  it("is the list's id and the day, ASCII whatever the language", () => {
    expect(exportFileName("invoices", "2030-01-15", "csv")).toBe("invoices-2030-01-15.csv");
    for (const list of MODULES) {
      for (const format of ["csv", "xlsx"] as const) {
        expect(exportFileName(list, "2030-01-15", format)).toMatch(ASCII);
      }
    }
  });
});

describe("an export's locale", () => {
  const body = { instance: "invoices", preference: "all_data", format: "csv" };
  const decoded = (locale: unknown) => exportBodySchema.safeParse({ ...body, locale });

  it.each<[string, DocumentLocale]>([
    ["en", "en"],
    ["es", "es"],
    ["fr", "fr"],
    ["de", "de"],
    ["it", "it"],
    ["pt-BR", "pt-BR"],
    ["nl", "nl"],
    ["ja", "ja"],
    ["zh-CN", "zh-CN"],
    ["ar", "ar"],
    ["es-MX", "es"],
    ["de_AT", "de"],
    ["ar-EG", "ar"],
    ["pt", "pt-BR"],
    ["pt-PT", "pt-BR"],
    ["PT-br", "pt-BR"],
    ["zh", "zh-CN"],
    ["zh-Hans-SG", "zh-CN"],
    // Not the portal's languages: English.
    ["zh-TW", "en"],
    ["zh-Hant", "en"],
    ["ko", "en"],
    ["xx-YY", "en"],
  ])("reads %s as %s", (tag, locale) => {
    expect(documentLocale(tag)).toBe(locale);
    const result = decoded(tag);
    expect(result.success).toBe(true);
    expect(result.data?.locale).toBe(locale);
  });

  it("is absent unless given (the request decoder then uses English)", () => {
    expect(exportBodySchema.parse(body).locale).toBeUndefined();
  });

  it.each([["not a tag"], ["../../etc"], [""], [5], ["x".repeat(36)]])(
    "refuses %j, which is no language tag",
    (tag) => {
      const result = decoded(tag);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(["locale"]);
    },
  );
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

  it("is the company's display_name when it gives one, in any locale", () => {
    for (const locale of locales) {
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
    for (const locale of locales) {
      expect(columnHeader(invoices, entry("invoice_amount", ""), locale)).toBe(
        message(CATALOGUES[locale], "columns.invoiceAmount"),
      );
    }
  });

  it("keeps a custom field's label, unless the configuration renames it", () => {
    expect(columnHeader(invoices, entry("custom_fields.project_code", ""), "es")).toBe("Project");
    expect(columnHeader(invoices, entry("custom_fields.project_code", "Project code"), "ar")).toBe(
      "Project code",
    );
  });
});

describe("an export in German and in Arabic", () => {
  const invoices = listFields("invoices", []);
  const unnamed = HEADER_TABLE.invoices.map(([id], n) => ({
    id,
    display_name: "",
    order_no: n + 1,
    column_enabled: true,
  }));
  const row = {
    id: "INV-1",
    overdue: true,
    status: "Paid",
    invoice_amount: 12.5,
  };

  it.each([
    ["de", de, "Ja", "Nein"],
    ["ar", ar, "نعم", "لا"],
  ] as const)(
    "in %s names the built-in columns as the portal's lists.json and writes Yes/No in it",
    (locale, messages, yes, no) => {
      const columns = exportColumns(invoices, unnamed, [], new Set(), locale);
      expect(columns.map((c) => c.header)).toEqual(
        HEADER_TABLE.invoices.map(([, key]) => message(messages, key)),
      );
      const overdue = columns.find((c) => c.id === "overdue");
      expect(overdue?.cell(row)).toBe(yes);
      expect(overdue?.cell({ ...row, overdue: false })).toBe(no);
      expect(yes).toBe(message(messages, "boolean.yes"));
      expect(no).toBe(message(messages, "boolean.no"));
      // Data is data: numbers and statuses are not translated.
      expect(columns.find((c) => c.id === "invoice_amount")?.cell(row)).toBe(12.5);
    },
  );

  it("falls back to English for a language the portal does not speak", () => {
    const locale = exportBodySchema.parse({
      instance: "invoices",
      preference: "all_data",
      format: "csv",
      locale: "sv-SE",
    }).locale;
    expect(locale).toBe("en");
    const columns = exportColumns(invoices, unnamed, [], new Set(), locale ?? "en");
    expect(columns.map((c) => c.header)).toEqual(
      HEADER_TABLE.invoices.map(([, key]) => message(en, key)),
    );
    expect(columns.find((c) => c.id === "overdue")?.cell(row)).toBe("Yes");
  });
});

describe("status cells of an export", () => {
  it("read as the screen's chip does, in the export's language", () => {
    expect(exportStatus("invoices", "Posted", "de")).toBe(de.statuses.invoices.unpaid);
    expect(exportStatus("invoices", "Partially paid", "ja")).toBe(
      ja.statuses.invoices.partially_paid,
    );
    expect(exportStatus("payments", "failed", "ar")).toBe(ar.statuses.payments.failed);
    expect(exportStatus("credits", "Partially Refunded", "it")).toBe(
      it_.statuses.credits.partially_refunded,
    );
    expect(exportStatus("invoices", "Paid", "en")).toBe("Paid");
  });

  it("keep a lower-case status lower-case and a status outside the vocabulary as sent", () => {
    expect(exportStatus("invoices", "posted", "es")).toBe(
      es.statuses.invoices.unpaid.charAt(0).toLocaleLowerCase() +
        es.statuses.invoices.unpaid.slice(1),
    );
    expect(exportStatus("payments", "chargeback", "fr")).toBe("Chargeback");
    expect(exportStatus("credits", "on_hold", "nl")).toBe("on_hold");
  });
});
