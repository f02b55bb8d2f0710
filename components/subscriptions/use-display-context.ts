"use client";

import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import type { DisplayContext } from "@/lib/subscriptions/display";

/** What displayValue needs to read a value in the page's locale and the subscription's currency. */
export function useDisplayContext(currency: string): DisplayContext {
  const locale = useLocale();
  const t = useTranslations("subscriptions.values");
  return useMemo(() => ({ currency, locale, yes: t("yes"), no: t("no") }), [currency, locale, t]);
}
