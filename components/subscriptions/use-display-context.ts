"use client";

import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import type { LooseTranslator } from "@/lib/lists/labels";
import type { DisplayContext } from "@/lib/subscriptions/display";

/** What displayValue needs to read a value in the page's locale and the subscription's currency. */
export function useDisplayContext(currency: string): DisplayContext {
  const locale = useLocale();
  const t = useTranslations("subscriptions.values");
  return useMemo(() => {
    // Tokens come from the API at run time; t.has guards them.
    const loose = t as unknown as LooseTranslator;
    return {
      currency,
      locale,
      yes: t("yes"),
      no: t("no"),
      vocabulary: (token: string) => (loose.has(`fixed.${token}`) ? loose(`fixed.${token}`) : null),
    };
  }, [currency, locale, t]);
}
