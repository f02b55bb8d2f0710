// The glossary holds (docs/glossary.md): no locale uses a rejected variant of a domain term in its
// catalogues or its export e-mails, and each locale speaks with one voice where a rule can say it.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { locales, type Locale } from "@/lib/i18n/locales";
import { EXPORT_WORDS } from "../../sandbox/src/documents/exports/headers";

const repo = path.resolve(import.meta.dirname, "../..");

type Tree = { [key: string]: string | Tree };

/** Every string of a locale's catalogues, with where it is. */
function catalogueStrings(locale: Locale): { where: string; key: string; text: string }[] {
  const out: { where: string; key: string; text: string }[] = [];
  const dir = path.join(repo, "messages", locale);
  for (const file of readdirSync(dir)) {
    const walk = (tree: Tree, trail: string[]) => {
      for (const [key, value] of Object.entries(tree)) {
        if (typeof value === "string")
          out.push({
            where: `messages/${locale}/${file} ${[...trail, key].join(".")}`,
            key,
            text: value,
          });
        else walk(value, [...trail, key]);
      }
    };
    walk(JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Tree, []);
  }
  return out;
}

/** The export e-mails' sentences of a locale, for each list. */
function exportSentences(locale: Locale): { where: string; text: string }[] {
  const words = EXPORT_WORDS[locale];
  return Object.values(words.names).flatMap((list) =>
    [
      words.subject(list),
      words.ready(list, 2, "export.csv", "https://portal.example/file", 7),
      words.failedSubject(list),
      words.failed(list),
    ].map((text) => ({ where: `export e-mail (${locale}, ${list})`, text })),
  );
}

/** The "Rejected variants" table of docs/glossary.md: locale, term and the pattern. */
function rejectedVariants(): { locale: Locale; term: string; pattern: RegExp }[] {
  const text = readFileSync(path.join(repo, "docs/glossary.md"), "utf8");
  const section = text.split("## Rejected variants")[1]?.split("\n## ")[0] ?? "";
  return section
    .split("\n")
    .filter((line) => /^\|\s*[a-zA-Z-]+\s*\|/.test(line) && line.includes("`"))
    .map((line) => {
      // Cells are split on pipes that are not escaped (\| is a pipe inside the pattern).
      const cells = line.split(/(?<!\\)\|/).map((cell) => cell.trim());
      const source = (cells[3] ?? "").replace(/^`|`$/g, "").replaceAll("\\|", "|");
      return {
        locale: cells[1] as Locale,
        term: cells[2] ?? "",
        pattern: new RegExp(source, "iu"),
      };
    });
}

describe("the glossary", () => {
  const variants = rejectedVariants();

  it("has rejected variants, each for a locale the portal speaks", () => {
    expect(variants.length).toBeGreaterThanOrEqual(9);
    for (const { locale } of variants) expect(locales).toContain(locale);
  });

  it.each(locales)("%s uses no rejected variant in its catalogues or export e-mails", (locale) => {
    const texts = [...catalogueStrings(locale), ...exportSentences(locale)];
    const found = variants
      .filter((v) => v.locale === locale)
      .flatMap((v) =>
        texts
          .filter(({ text }) => v.pattern.test(text))
          .map(({ where, text }) => `${v.term}: ${where} "${text}"`),
      );
    expect(found).toEqual([]);
  });
});

describe("one voice per locale", () => {
  it.each(locales)("%s labels every retry button alike", (locale) => {
    const labels = new Set(
      catalogueStrings(locale)
        .filter(({ key }) => key === "retry" || key === "retryOptions")
        .map(({ text }) => text),
    );
    expect([...labels]).toHaveLength(1);
  });

  const all = (locale: Locale) => [...catalogueStrings(locale), ...exportSentences(locale)];

  it("French puts a narrow no-break space before high punctuation", () => {
    const wrong = all("fr").filter(({ text }) => /[ \u00a0][:;!?»]|«[ \u00a0]/.test(text));
    expect(wrong.map(({ where }) => where)).toEqual([]);
  });

  it("Italian writes the typographic apostrophe", () => {
    const wrong = all("it").filter(({ text }) => text.includes("'"));
    expect(wrong.map(({ where }) => where)).toEqual([]);
  });

  it("Arabic asks to try again in the polite form", () => {
    const wrong = all("ar").filter(({ text }) => /(?<!\p{L})و?حاول مرة أخرى/u.test(text));
    expect(wrong.map(({ where }) => where)).toEqual([]);
  });
});
