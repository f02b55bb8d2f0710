import { describe, expect, it } from "vitest";
import { negotiateLocale, parseAcceptLanguage } from "@/lib/i18n/locale";

describe("request locale", () => {
  it("prefers the NEXT_LOCALE cookie", () => {
    expect(negotiateLocale("es", "en-US,en;q=0.9")).toBe("es");
  });

  it("ignores an unknown cookie value and reads Accept-Language", () => {
    expect(negotiateLocale("fr", "es-MX,es;q=0.9,en;q=0.5")).toBe("es");
  });

  it("honours q-values, not only order", () => {
    expect(negotiateLocale(undefined, "fr;q=1, en;q=0.2, es;q=0.8")).toBe("es");
  });

  it("falls back to English", () => {
    expect(negotiateLocale(undefined, "de-DE,fr;q=0.8")).toBe("en");
    expect(negotiateLocale(null, null)).toBe("en");
    expect(negotiateLocale(undefined, "es;q=0")).toBe("en");
  });

  it("parses Accept-Language best first", () => {
    expect(parseAcceptLanguage("en;q=0.5, es-ES, *;q=0.1")).toEqual(["es-es", "en", "*"]);
  });
});
