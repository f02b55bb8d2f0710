"use client";

import { useTranslations } from "next-intl";
import { CheckCircleIcon } from "@/components/ui/icons/check-circle";
import { CircleIcon } from "@/components/ui/icons/circle";
import { cn } from "@/components/ui/cn";
import { checkPasswordRules } from "@/lib/schemas/shared";

/** The live list of password rules (spec 000 §5): each turns from not met to met as the user types. */
export function PasswordChecklist({ id, value }: { id: string; value: string }) {
  const t = useTranslations("common");
  const rules = checkPasswordRules(value);
  return (
    <div id={id} className="border-border bg-surface rounded-lg border px-4 py-3">
      <p id={`${id}-title`} className="text-foreground text-sm font-medium">
        {t("password.checklist")}
      </p>
      <ul aria-labelledby={`${id}-title`} aria-live="polite" className="mt-2 grid gap-1.5 text-sm">
        {rules.map((rule) => (
          <li
            key={rule.key}
            data-met={rule.met}
            className={cn(
              "flex items-center gap-2",
              rule.met ? "text-success" : "text-muted-foreground",
            )}
          >
            {rule.met ? <CheckCircleIcon className="size-4" /> : <CircleIcon className="size-4" />}
            <span className="sr-only">{rule.met ? t("password.met") : t("password.notMet")}</span>
            <span>{t(rule.key)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
