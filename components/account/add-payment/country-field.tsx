"use client";

import { useLocale, useTranslations } from "next-intl";
import { useCallback, useMemo } from "react";
import { Combobox, type ComboboxOption } from "@/components/ui/combobox";
import { countryList, searchCountries } from "@/lib/account/countries";

/** The searchable country picker labelled 'Choose a country': every ISO 3166-1 entry by its two-letter code. */
export function CountryField({
  id,
  value,
  onChange,
  onBlur,
  error,
  disabled,
}: {
  id: string;
  value: string;
  onChange: (code: string) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
}) {
  const t = useTranslations("account.addPayment");
  const locale = useLocale();
  const countries = useMemo(() => countryList(locale), [locale]);
  const options = useMemo<ComboboxOption[]>(
    () => countries.map((c) => ({ value: c.code, label: c.name, hint: c.code })),
    [countries],
  );
  const search = useCallback(
    (_options: readonly ComboboxOption[], text: string): ComboboxOption[] =>
      searchCountries(countries, text).map((c) => ({ value: c.code, label: c.name, hint: c.code })),
    [countries],
  );
  return (
    <Combobox
      id={id}
      label={t("country")}
      placeholder={t("countryPlaceholder")}
      emptyText={t("countryNone")}
      options={options}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      search={search}
      error={error}
      disabled={disabled}
      required
    />
  );
}
