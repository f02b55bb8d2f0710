/** The export's header texts are the portal's column names (messages/<locale>/lists.json). */
import { describe, expect, it } from "vitest";
import en from "../../messages/en/lists.json";
import es from "../../messages/es/lists.json";
import { EXPORT_WORDS, HEADER_TABLE } from "../src/documents/exports/headers";
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
