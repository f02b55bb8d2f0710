"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { translateApiError, translateKey, type KeyTranslator } from "@/lib/i18n/translate";

/** Translators for message keys known only at run time (schema errors, BFF error messages). */
export function useKeyTranslator() {
  const t = useTranslations("common");
  return useMemo(() => {
    // next-intl types keys statically; these come from schemas and the server, so they are checked with t.has.
    const loose = t as unknown as KeyTranslator;
    return {
      key: (key: string | undefined | null) => (key ? translateKey(loose, key) : undefined),
      error: (error: unknown) => translateApiError(loose, error),
    };
  }, [t]);
}
