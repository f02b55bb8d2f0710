"use client";

import { useTranslations } from "next-intl";
import { Switch } from "@/components/ui/switch";
import { autoPayDisplay } from "@/lib/account/account-rules";
import type { ContactDetails } from "@/lib/schemas/account";
import { useAutoPay } from "./use-account-actions";

/**
 * Auto-pay: a switch when the customer may change it (spec 000 §6), else its state as text.
 * While a change is out the switch is disabled and a second click sends nothing.
 */
export function AutoPaySetting({
  customerId,
  details,
}: {
  customerId: string;
  details: Pick<ContactDetails, "autoPay" | "editAutoPay">;
}) {
  const t = useTranslations("account.autoPay");
  const autoPay = useAutoPay(customerId);
  const display = autoPayDisplay(details);
  const checked =
    autoPay.pending && typeof autoPay.variables === "boolean" ? autoPay.variables : details.autoPay;
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="flex min-w-0 flex-col gap-1">
        <p id="auto-pay-label" className="text-foreground text-sm font-medium">
          {t("label")}
        </p>
        <p id="auto-pay-hint" className="text-muted-foreground text-sm leading-6">
          {display === "switch" ? t("hint") : t("notEditable")}
        </p>
      </div>
      {display === "switch" ? (
        <Switch
          checked={checked}
          disabled={autoPay.pending}
          aria-busy={autoPay.pending || undefined}
          aria-labelledby="auto-pay-label"
          aria-describedby="auto-pay-hint"
          onCheckedChange={(next) => void autoPay.run(next)}
        />
      ) : (
        <p className="text-foreground shrink-0 text-sm font-semibold" data-testid="auto-pay-text">
          {display === "enabledText" ? t("enabled") : t("notEnabled")}
        </p>
      )}
    </div>
  );
}
