"use client";

import { createTranslator } from "next-intl";
import { use, useSyncExternalStore } from "react";
import { commonMessages } from "@/lib/i18n/error-page-messages";
import { chosenLocale, negotiateLocale } from "@/lib/i18n/locale";
import { directionOf } from "@/lib/i18n/locales";

const subscribeNever = () => () => {};

/** The page app/global-error.tsx shows, loaded only when the root layout itself failed. */
export default function GlobalErrorBody({ retry }: { retry: () => void }) {
  // English on the server and during hydration, then the language the user chose (the cookie
  // POST /api/locale sets, readable by design: it holds no secret), else the browser's.
  const locale = useSyncExternalStore(
    subscribeNever,
    () => negotiateLocale(chosenLocale(document.cookie), navigator.languages.join(",")),
    () => "en" as const,
  );
  // Only this locale's common texts: app/global-error.tsx's Suspense shows while they load.
  const common = use(commonMessages(locale));
  const t = createTranslator({ locale, messages: { common }, namespace: "common" });
  return (
    <html lang={locale} dir={directionOf(locale)}>
      <body className="flex min-h-dvh flex-col font-sans">
        <title>{t("errorPage.title")}</title>
        <main id="main" className="bg-surface flex flex-1 items-center justify-center px-4 py-16">
          <div className="w-full max-w-lg text-center">
            <h1 className="text-foreground text-2xl font-semibold tracking-tight">
              {t("errorPage.genericTitle")}
            </h1>
            <p className="text-muted-foreground mt-3 text-base leading-7">
              {t("errorPage.genericText")}
            </p>
            <button
              type="button"
              onClick={() => retry()}
              className="bg-primary text-primary-foreground hover:bg-primary-hover mt-8 inline-flex h-11 items-center rounded-lg px-4 text-sm font-medium"
            >
              {t("errorPage.retry")}
            </button>
          </div>
        </main>
      </body>
    </html>
  );
}
