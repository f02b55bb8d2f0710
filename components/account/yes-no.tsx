"use client";

import { useTranslations } from "next-intl";
import { cx } from "@/components/ui/cx";

/** A Yes or No label (spec 000 §2 "payment options as Yes or No labels"). */
export function YesNo({ on }: { on: boolean }) {
  const t = useTranslations("account");
  return (
    <span
      className={cx(
        "inline-flex rounded-md px-2 py-0.5 text-xs font-semibold",
        on ? "bg-success-soft text-success" : "bg-muted text-muted-foreground",
      )}
    >
      {on ? t("yes") : t("no")}
    </span>
  );
}
