"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { translateApiError, translateKey, type KeyTranslator } from "@/lib/i18n/translate";

// Keys from schemas and the server are of namespace `common`, or of `account` when they begin
// with "account." (the account page's own validation and refusal texts).
const ACCOUNT_PREFIX = "account.";

/** Translators for message keys known only at run time (schema errors, BFF error messages). */
export function useKeyTranslator() {
  const t = useTranslations("common");
  const tAccount = useTranslations("account");
  return useMemo(() => {
    // next-intl types keys statically; these come from schemas and the server, so they are checked with t.has.
    const loose = t as unknown as KeyTranslator;
    const looseAccount = tAccount as unknown as KeyTranslator;
    const key = (k: string | undefined | null) => {
      if (!k) return undefined;
      if (k.startsWith(ACCOUNT_PREFIX) && looseAccount.has(k.slice(ACCOUNT_PREFIX.length)))
        return looseAccount(k.slice(ACCOUNT_PREFIX.length));
      return translateKey(loose, k);
    };
    return {
      key,
      error: (error: unknown, fallback?: string) => translateApiError(loose, error, fallback),
    };
  }, [t, tAccount]);
}
