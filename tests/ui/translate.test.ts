import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { getMessages } from "@/lib/i18n/messages";
import {
  retryMinutes,
  translateApiError,
  translateKey,
  type KeyTranslator,
} from "@/lib/i18n/translate";

const catalogues = { en: await getMessages("en"), es: await getMessages("es") };

function translator(locale: "en" | "es"): KeyTranslator {
  return createTranslator({
    locale,
    messages: catalogues[locale],
    namespace: "common",
  }) as unknown as KeyTranslator;
}

const en = translator("en");
const es = translator("es");

describe("translateApiError", () => {
  it("translates a BFF message key of namespace common", () => {
    const error = new ApiError(401, "invalid_credentials", "errors.auth.invalidCredentials");
    expect(translateApiError(en, error)).toBe("The e-mail address or password is incorrect.");
    expect(translateApiError(es, error)).toBe(
      "El correo electrónico o la contraseña no son correctos.",
    );
  });

  it("fills in the minutes of a 429 from retryAfter, with plurals", () => {
    const many = new ApiError(429, "rate_limited", "errors.auth.tooManyAttempts", {}, 600);
    expect(translateApiError(en, many)).toBe("Too many sign-in attempts. Try again in 10 minutes.");
    expect(translateApiError(es, many)).toBe(
      "Demasiados intentos de inicio de sesión. Vuelva a intentarlo en 10 minutos.",
    );
    const one = new ApiError(429, "rate_limited", "errors.auth.tooManyAttempts", {}, 30);
    expect(translateApiError(en, one)).toBe("Too many sign-in attempts. Try again in 1 minute.");
  });

  it("shows the server's own text when it is not a key", () => {
    const error = new ApiError(400, "upstream", "Card declined by issuer");
    expect(translateApiError(en, error)).toBe("Card declined by issuer");
  });

  it("falls back to errors.generic for an empty message or an unknown key", () => {
    expect(translateApiError(en, new ApiError(500, "x", ""))).toBe(
      "Something went wrong. Please try again.",
    );
    expect(translateApiError(en, new ApiError(500, "x", "errors.somethingNew"))).toBe(
      "Something went wrong. Please try again.",
    );
  });

  it("shows the upstream's own words (detail) first, then the caller's fallback for anything else", () => {
    const refused = new ApiError(
      400,
      "invalid_request",
      "errors.generic",
      {},
      null,
      "Not cancelled",
    );
    expect(translateApiError(en, refused)).toBe("Not cancelled");
    expect(translateApiError(en, refused, "Could not reactivate")).toBe("Not cancelled");
    const outage = new ApiError(502, "upstream_unavailable", "errors.upstream");
    expect(translateApiError(en, outage, "Could not reactivate")).toBe("Could not reactivate");
    expect(translateApiError(en, new TypeError("Failed to fetch"), "Could not reactivate")).toBe(
      "Could not reactivate",
    );
    expect(translateApiError(en, new Error("boom"), "")).toBe("");
  });

  it("says the network failed for a fetch TypeError, generic for anything else", () => {
    expect(translateApiError(en, new TypeError("Failed to fetch"))).toMatch(/could not reach/);
    expect(translateApiError(en, new Error("boom"))).toBe(
      "Something went wrong. Please try again.",
    );
    expect(translateApiError(en, "weird")).toBe("Something went wrong. Please try again.");
  });
});

describe("translateKey", () => {
  it("translates schema error keys", () => {
    expect(translateKey(en, "validation.required")).toBe("Required");
    expect(translateKey(es, "validation.email")).toBe("Correo electrónico no válido");
    expect(translateKey(en, "forgotPassword.humanError")).toBe(
      "Please confirm that you are human.",
    );
  });
});

describe("retryMinutes", () => {
  it("rounds seconds up to whole minutes, at least 1", () => {
    expect(retryMinutes(0)).toBe(1);
    expect(retryMinutes(null)).toBe(1);
    expect(retryMinutes(61)).toBe(2);
    expect(retryMinutes(900)).toBe(15);
    expect(retryMinutes(Number.NaN)).toBe(1);
  });
});
