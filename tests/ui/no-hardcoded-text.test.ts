import path from "node:path";
import { ESLint, type Linter } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const cwd = path.resolve(import.meta.dirname, "../..");
// The snippets are judged by these rules only (an unused `t` is not the point here).
const textRules = new Set(["react/jsx-no-literals", "no-restricted-syntax"]);
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd, overrideConfigFile: path.join(cwd, "eslint.config.mjs") });
});

/** The text rules' messages for a component returning `jsx`, linted as if it were `filePath`. */
async function lint(
  jsx: string,
  filePath = "components/example.tsx",
): Promise<Linter.LintMessage[]> {
  const code = [
    'import { useTranslations } from "next-intl";',
    "",
    "export function Example() {",
    '  const t = useTranslations("example");',
    `  return ${jsx};`,
    "}",
    "",
  ].join("\n");
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.fatal || textRules.has(m.ruleId ?? ""));
}

describe("eslint: no hard-coded user-visible text in components", () => {
  it("reports literal text in JSX children", async () => {
    expect(await lint("<p>Pay now</p>")).toEqual([
      expect.objectContaining({
        ruleId: "react/jsx-no-literals",
        message: expect.stringContaining('"Pay now"'),
      }),
    ]);
  });

  it("reports a literal aria-label", async () => {
    expect(await lint('<button type="button" aria-label="Close" />')).toEqual([
      expect.objectContaining({
        ruleId: "no-restricted-syntax",
        message: expect.stringContaining("message key"),
      }),
    ]);
  });

  it("reports literal text in placeholder, title and alt, in braces or a ?: branch too", async () => {
    const messages = await lint(
      '<input placeholder={"Search"} title={t ? "Open" : "Closed"} alt={`Logo of ${t("x")}`} />',
    );
    expect(messages.map((m) => m.ruleId)).toEqual(Array(4).fill("no-restricted-syntax"));
  });

  it("reports a literal in either branch of a child's ?: or ||", async () => {
    const messages = await lint('<button type="button">{t ? "Save" : "Saving"}</button>');
    expect(messages.map((m) => m.ruleId)).toEqual(Array(2).fill("no-restricted-syntax"));
  });

  it("applies to app/ pages as well", async () => {
    const messages = await lint("<h1>Invoices</h1>", "app/portal/example/page.tsx");
    expect(messages.map((m) => m.ruleId)).toEqual(["react/jsx-no-literals"]);
  });

  it("accepts translated text, in children and in labels", async () => {
    expect(await lint('<p>{t("pay")}</p>')).toEqual([]);
    expect(await lint('<button type="button" aria-label={t("close")} />')).toEqual([]);
  });

  it("accepts attributes nobody reads (class, id, type, href, data-*, role…)", async () => {
    expect(await lint('<div className="flex gap-2" />')).toEqual([]);
    expect(
      await lint(
        '<input id="email" type="email" name="email" role="textbox" autoComplete="email" inputMode="email" data-state="open" />',
      ),
    ).toEqual([]);
    expect(await lint('<a href="/portal/account" rel="noreferrer">{t("account")}</a>')).toEqual([]);
  });

  it("accepts marks that are not language (the required star)", async () => {
    expect(await lint('<span aria-hidden="true">*</span>')).toEqual([]);
  });
});
