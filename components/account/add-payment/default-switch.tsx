"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { Switch } from "@/components/ui/switch";

/** "Use as my default payment method" for a method being added. */
export function DefaultSwitch({
  checked,
  onChange,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const t = useTranslations("account.addPayment");
  const id = useId();
  return (
    <div className="flex items-center gap-3">
      <Switch
        checked={checked}
        onCheckedChange={onChange}
        disabled={disabled}
        aria-labelledby={`${id}-label`}
      />
      <span id={`${id}-label`} className="text-foreground text-sm">
        {t("default")}
      </span>
    </div>
  );
}
