import { describe, expect, it } from "vitest";
import {
  chosenLocale,
  localeForTag,
  negotiateLocale,
  parseAcceptLanguage,
} from "@/lib/i18n/locale";
import { directionOf, isLocale, localeNames, locales } from "@/lib/i18n/locales";

describe("request locale", () => {
  it("prefers the NEXT_LOCALE cookie", () => {
    expect(negotiateLocale("es", "en-US,en;q=0.9")).toBe("es");
    expect(negotiateLocale("zh-CN", "de")).toBe("zh-CN");
  });

  it("ignores an unknown cookie value and reads Accept-Language", () => {
    expect(negotiateLocale("xx", "es-MX,es;q=0.9,en;q=0.5")).toBe("es");
    expect(negotiateLocale("pt", "fr-CA")).toBe("fr");
  });

  it("honours q-values, not only order", () => {
    expect(negotiateLocale(undefined, "sv;q=1, en;q=0.2, de;q=0.8")).toBe("de");
  });

  it("follows each of the ten languages from its usual tags", () => {
    const cases: [string, string][] = [
      ["en-GB", "en"],
      ["es-419", "es"],
      ["fr-FR", "fr"],
      ["de-AT", "de"],
      ["it-IT", "it"],
      ["pt-BR", "pt-BR"],
      ["pt-PT", "pt-BR"],
      ["nl-BE", "nl"],
      ["ja-JP", "ja"],
      ["zh-CN", "zh-CN"],
      ["zh-Hans-CN", "zh-CN"],
      ["zh-SG", "zh-CN"],
      ["ar-SA", "ar"],
      ["ar-AE", "ar"],
    ];
    for (const [header, locale] of cases)
      expect(negotiateLocale(null, header), header).toBe(locale);
  });

  it("does not answer Traditional Chinese with Simplified: the next language the browser asks for wins", () => {
    expect(localeForTag("zh-tw")).toBeNull();
    expect(localeForTag("zh-hant-hk")).toBeNull();
    expect(negotiateLocale(null, "zh-TW,zh;q=0.9,en;q=0.8")).toBe("zh-CN");
    expect(negotiateLocale(null, "zh-HK,en;q=0.8")).toBe("en");
  });

  it("falls back to English", () => {
    expect(negotiateLocale(undefined, "sv-SE,fi;q=0.8")).toBe("en");
    expect(negotiateLocale(null, null)).toBe("en");
    expect(negotiateLocale(undefined, "es;q=0")).toBe("en");
  });

  it("parses Accept-Language best first", () => {
    expect(parseAcceptLanguage("en;q=0.5, es-ES, *;q=0.1")).toEqual(["es-es", "en", "*"]);
  });
});

describe("the chosen language in the cookies (the crash page reads document.cookie)", () => {
  it("finds NEXT_LOCALE among other cookies, and it wins over the browser's languages", () => {
    const cookies = "theme=dark; NEXT_LOCALE=ar; other=x=y";
    expect(chosenLocale(cookies)).toBe("ar");
    expect(negotiateLocale(chosenLocale(cookies), "en-US,en;q=0.9")).toBe("ar");
    expect(chosenLocale("NEXT_LOCALE=zh-CN")).toBe("zh-CN");
  });

  it("gives null without it or with a broken value, so the browser's languages decide", () => {
    expect(chosenLocale("")).toBeNull();
    expect(chosenLocale("XNEXT_LOCALE=ar; theme=dark")).toBeNull();
    expect(chosenLocale("NEXT_LOCALE=%E0%A4%A")).toBeNull();
    expect(negotiateLocale(chosenLocale("theme=dark"), "de-DE,de")).toBe("de");
  });
});

describe("the ten locales", () => {
  it("are named each in its own language", () => {
    expect(Object.keys(localeNames).sort()).toEqual([...locales].sort());
    expect(localeNames.de).toBe("Deutsch");
    expect(localeNames.ar).toBe("العربية");
    expect(localeNames.ja).toBe("日本語");
  });

  it("write right to left in Arabic only", () => {
    expect(locales.filter((l) => directionOf(l) === "rtl")).toEqual(["ar"]);
  });

  it("are exact codes: a bare 'pt' or 'zh' is not one (the cookie holds the full code)", () => {
    expect(isLocale("pt-BR")).toBe(true);
    expect(isLocale("pt")).toBe(false);
    expect(isLocale("zh")).toBe(false);
  });
});
