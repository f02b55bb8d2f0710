// The crash page fetches one locale's common texts, not every catalogue.
import { describe, expect, it } from "vitest";
import { commonMessages } from "@/lib/i18n/error-page-messages";
import { locales } from "@/lib/i18n/locales";
import arCommon from "@/messages/ar/common.json";
import deCommon from "@/messages/de/common.json";

describe("the crash page's messages", () => {
  it("are the locale's own common namespace", async () => {
    expect((await commonMessages("de")).errorPage).toEqual(deCommon.errorPage);
    expect((await commonMessages("ar")).errorPage.retry).toBe(arCommon.errorPage.retry);
  });

  it("load once per locale", () => {
    expect(commonMessages("fr")).toBe(commonMessages("fr"));
  });

  it("exist for every locale", async () => {
    for (const locale of locales)
      expect((await commonMessages(locale)).errorPage.genericTitle).toEqual(expect.any(String));
  });
});
