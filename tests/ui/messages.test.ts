import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { locales, type Locale } from "@/lib/i18n/locales";
import { passwordRules, validationKeys } from "@/lib/schemas/shared";
import { getMessages, mergeMessages, namespaces } from "@/lib/i18n/messages";

type Tree = { [key: string]: string | Tree };
const root = path.resolve(import.meta.dirname, "../../messages");

function read(locale: string, namespace: string): Tree {
  return JSON.parse(readFileSync(path.join(root, locale, `${namespace}.json`), "utf8")) as Tree;
}

function flatten(tree: Tree, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out[full] = value;
    else Object.assign(out, flatten(value, full));
  }
  return out;
}

/** The ICU argument names and rich-text tags of a message, sorted. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  for (const match of message.matchAll(/\{\s*([A-Za-z_]\w*)\s*[,}]/g)) names.add(match[1]!);
  for (const match of message.matchAll(/<([A-Za-z]\w*)>/g)) names.add(match[1]!);
  return [...names].sort();
}

/** Formatting errors of a message (bad ICU syntax), with every argument filled in. */
function formatErrors(locale: Locale, message: string): string[] {
  const errors: string[] = [];
  const t = createTranslator({
    locale,
    messages: { m: message },
    onError: (error) => errors.push(error.message),
  });
  const values = Object.fromEntries(
    argumentsOf(message).map((name) => [
      name,
      message.includes(`<${name}>`) ? (chunks: unknown) => chunks : 2,
    ]),
  );
  t.rich("m" as never, values as never);
  return errors;
}

/** A lone ASCII apostrophe right before a character ICU syntax gives meaning to. */
const QUOTING_APOSTROPHE = /(?<!')'(?!')[{}<#|]/;

const en = Object.fromEntries(namespaces.map((ns) => [ns, flatten(read("en", ns))]));

describe("message catalogues", () => {
  it("reads ICU arguments and rich-text tags (the checker itself)", () => {
    expect(argumentsOf(en.common!["errors.auth.tooManyAttempts"]!)).toEqual(["minutes"]);
    expect(argumentsOf(en.common!["legal.both"]!)).toEqual(["privacy", "terms"]);
    expect(argumentsOf("plain")).toEqual([]);
    expect(formatErrors("en", "broken {minutes, plural, one {x}")).not.toEqual([]);
    expect("dell'<privacy>x</privacy>").toMatch(QUOTING_APOSTROPHE);
    expect("l'{name}").toMatch(QUOTING_APOSTROPHE);
    expect("dell’<privacy>x</privacy>, it's, l''{name}").not.toMatch(QUOTING_APOSTROPHE);
  });

  it("has a folder per locale and nothing else", () => {
    expect(readdirSync(root).sort()).toEqual([...locales].sort());
  });

  it("precompiles every locale in the build (next.config.mjs lists the same ones)", () => {
    const config = readFileSync(path.resolve(root, "../next.config.mjs"), "utf8");
    const listed = /locales:\s*\[([^\]]*)\]/.exec(config)?.[1] ?? "";
    expect([...listed.matchAll(/"([^"]+)"/g)].map((m) => m[1])).toEqual([...locales]);
  });

  for (const locale of locales) {
    for (const namespace of namespaces) {
      it(`${locale}/${namespace}.json has exactly en's keys`, () => {
        const keys = Object.keys(flatten(read(locale, namespace))).sort();
        expect(keys).toEqual(Object.keys(en[namespace]!).sort());
      });

      it(`${locale}/${namespace}.json: every message parses and uses en's ICU arguments`, () => {
        const messages = flatten(read(locale, namespace));
        for (const [key, message] of Object.entries(messages)) {
          expect(message.trim(), key).not.toBe("");
          expect(formatErrors(locale, message), key).toEqual([]);
          expect(argumentsOf(message), key).toEqual(argumentsOf(en[namespace]![key]!));
          // ICU reads a straight apostrophe before { } < # | as the start of quoted text: the
          // Italian "l'<privacy>…" showed its tags as text and lost the link. Write ’ instead.
          expect(message, key).not.toMatch(QUOTING_APOSTROPHE);
        }
      });
    }
  }

  it("Spanish is translated, not copied (most messages differ from English)", () => {
    const es = flatten(read("es", "common"));
    const same = Object.keys(es).filter((key) => es[key] === en.common![key]);
    expect(same.length / Object.keys(es).length).toBeLessThan(0.1);
  });

  it("holds every key the shared schemas and the BFF use", () => {
    const needed = [
      ...Object.values(validationKeys),
      ...passwordRules.map((rule) => rule.key),
      "errors.generic",
      "errors.validation",
      "errors.forbidden",
      "errors.noPortal",
      "errors.auth.invalidCredentials",
      "errors.auth.tooManyAttempts",
      "errors.auth.punchout",
      "errors.auth.sessionExpired",
      "errors.token.invalid",
      "errors.upstream",
      "dialogs.error",
      "toast.success",
      "resetPassword.form.button",
      "errorPage.tokenExpired",
    ];
    for (const key of needed) expect(en.common, key).toHaveProperty([key]);
  });

  it("uses the spec's exact English texts", () => {
    expect(en.common).toMatchObject({
      "validation.required": "Required",
      "validation.email": "Invalid email",
      "validation.passwordMin": "password must be at least 8 characters",
      "validation.passwordMismatch": "Password confirmation does not match",
      "validation.passwordConditions": "Password Conditions not met.",
      "dialogs.error": "Error",
      "toast.success": "Success",
      "errorPage.tokenExpired": "Token Expired",
      "notFound.code": "404",
      "notFound.message": "The page you're looking for isn't here.",
      "login.forgotPassword": "Forgot password?",
      "shell.poweredBy": "Powered by",
    });
  });
});

describe("getMessages", () => {
  it("falls back to English for a key a locale lacks", () => {
    const merged = mergeMessages({ a: "A", b: { c: "C", d: "D" } }, { b: { c: "Ce" } });
    expect(merged).toEqual({ a: "A", b: { c: "Ce", d: "D" } });
  });

  it("ignores keys English does not have and values of the wrong shape", () => {
    const merged = mergeMessages({ a: "A", b: { c: "C" } }, {
      a: { x: "?" },
      b: "flat",
      z: "extra",
    } as never);
    expect(merged).toEqual({ a: "A", b: { c: "C" } });
  });

  it("keeps build-compiled messages (icu-minify arrays) whole, falling back per message", () => {
    const english = { a: ["Hello ", ["name"]], b: { c: "C", d: ["D ", ["n"]] } };
    const spanish = { a: ["Hola ", ["name"]], b: { d: [] } };
    expect(mergeMessages(english, spanish)).toEqual({
      a: ["Hola ", ["name"]],
      b: { c: "C", d: ["D ", ["n"]] },
    });
  });

  it("loads every namespace for every locale", async () => {
    for (const locale of locales) {
      const messages = await getMessages(locale);
      expect(Object.keys(messages).sort()).toEqual([...namespaces].sort());
    }
    expect((await getMessages("es")).common.login.title).toBe("Iniciar sesión");
  });

  it("names as namespaces exactly the files of messages/en", () => {
    const files = readdirSync(path.join(root, "en")).map((file) => file.replace(/\.json$/, ""));
    expect([...namespaces].sort()).toEqual(files.sort());
  });
});
