"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";

type Values = Record<string, string | number>;
type LooseTranslator = { (key: string, values?: Values): string; has(key: string): boolean };

/**
 * Translates full message keys known only at run time (column headers of lib/lists/definitions.ts,
 * labels of lib/format). A key missing from the catalogue shows as itself rather than throwing.
 */
export function useDynamicText(): (key: string, values?: Values) => string {
  const t = useTranslations();
  return useCallback(
    (key: string, values?: Values) => {
      // next-intl types keys statically; these are checked with has() instead.
      const loose = t as unknown as LooseTranslator;
      return loose.has(key) ? loose(key, values) : key;
    },
    [t],
  );
}
