"use client";

import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import type { ListId } from "@/lib/lists/definitions";
import type { FilterField } from "@/lib/lists/filters";
import type { ListColumn } from "@/lib/schemas/lists";
import { filterTexts, type FilterTexts, type LooseTranslator } from "./filter-texts";

/** The filter texts of a list in the current locale, fields named like the table's columns. */
export function useFilterTexts(
  list: ListId,
  fields: readonly FilterField[],
  columns?: readonly ListColumn[],
): FilterTexts {
  const t = useTranslations();
  const locale = useLocale();
  // Field and operator keys come from the list definitions at run time; t.has guards them.
  return useMemo(
    () => filterTexts(list, fields, t as unknown as LooseTranslator, locale, columns),
    [list, fields, t, locale, columns],
  );
}
