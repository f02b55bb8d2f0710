"use client";

import { useLocale, useTranslations } from "next-intl";
import { useId, useState, useTransition } from "react";
import { toastError } from "@/components/feedback/toaster";
import { useKeyTranslator } from "@/components/forms/use-key-translator";
import { Select } from "@/components/ui/select";
import { apiFetch } from "@/lib/api-client";
import type { Locale } from "@/lib/i18n/locales";

/**
 * The language picker: stores the choice through the BFF (NEXT_LOCALE cookie), then loads the
 * page again in that language. A reload rather than router.refresh(): this sits in the footer of
 * every page, and next/navigation would add to the sign-in page's first-load JS (bench/README.md),
 * and that page needs no router.
 */
export function LanguageSwitcher({
  languages,
}: {
  /** Each language by its own name (lib/i18n/locales). */
  languages: readonly { code: Locale; name: string }[];
}) {
  const t = useTranslations("common");
  const tr = useKeyTranslator();
  const locale = useLocale();
  const id = useId();
  const [choosing, setChoosing] = useState<Locale | null>(null);
  const [pending, startTransition] = useTransition();
  const choose = (next: Locale) =>
    startTransition(async () => {
      setChoosing(next);
      try {
        await apiFetch<unknown>("/api/locale", { method: "POST", body: { locale: next } });
        window.location.reload();
      } catch (error) {
        setChoosing(null);
        toastError(tr.error(error));
      }
    });
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-muted-foreground text-sm">
        {t("shell.language")}
      </label>
      <Select
        id={id}
        className="w-auto min-w-32"
        value={choosing ?? locale}
        disabled={pending}
        onChange={(event) => {
          const next = languages.find(({ code }) => code === event.target.value)?.code;
          if (next && next !== locale) choose(next);
        }}
      >
        {languages.map(({ code, name }) => (
          <option key={code} value={code} lang={code}>
            {name}
          </option>
        ))}
      </Select>
    </div>
  );
}
