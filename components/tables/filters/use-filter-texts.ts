"use client";

import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import type { ListId } from "@/lib/lists/definitions";
import type { FilterField } from "@/lib/lists/filters";
import { filterTexts, type FilterTexts, type LooseTranslator } from "./filter-texts";

/** The filter texts of a list in the current locale. */
export function useFilterTexts(list: ListId, fields: readonly FilterField[]): FilterTexts {
  const t = useTranslations();
  const locale = useLocale();
  // Field and operator keys come from the list definitions at run time; t.has guards them.
  return useMemo(
    () => filterTexts(list, fields, t as unknown as LooseTranslator, locale),
    [list, fields, t, locale],
  );
}
