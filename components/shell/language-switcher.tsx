"use client";

import { useMutation } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId } from "react";
import { toastError } from "@/components/feedback/toaster";
import { useKeyTranslator } from "@/components/forms/use-key-translator";
import { Select } from "@/components/ui/select";
import { apiFetch } from "@/lib/api-client";
import { isLocale } from "@/lib/i18n/locale";
import { locales, type Locale } from "@/lib/i18n/locales";

/** The language picker: stores the choice through the BFF (NEXT_LOCALE cookie), then re-renders on the server. */
export function LanguageSwitcher() {
  const t = useTranslations("common");
  const tr = useKeyTranslator();
  const locale = useLocale();
  const router = useRouter();
  const id = useId();
  const mutation = useMutation({
    mutationFn: (next: Locale) =>
      apiFetch<unknown>("/api/locale", { method: "POST", body: { locale: next } }),
    onSuccess: () => router.refresh(),
    onError: (error) => toastError(tr.error(error)),
  });
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-muted-foreground text-sm">
        {t("shell.language")}
      </label>
      <Select
        id={id}
        className="w-32"
        value={mutation.isPending && mutation.variables ? mutation.variables : locale}
        disabled={mutation.isPending}
        onChange={(event) => {
          const next = event.target.value;
          if (isLocale(next) && next !== locale) mutation.mutate(next);
        }}
      >
        {locales.map((code) => (
          <option key={code} value={code} lang={code}>
            {t(`locale.${code}`)}
          </option>
        ))}
      </Select>
    </div>
  );
}
