"use client";

import { useTranslations } from "next-intl";
import type { DialogBodyProps } from "@/lib/dialogs";
import type { UpgradeDowngradeData } from "./types";
import { DialogFooter } from "@/components/dialogs/dialog-frame";
import { Button } from "@/components/ui/button";
import { isolate } from "@/lib/format/bidi";

/** Upgrade / Downgrade (spec 001 §2): a placeholder with Confirm and Close only; both close it. */
export function UpgradeDowngradeDialogBody({
  entry,
  onOkay,
  onCancel,
}: DialogBodyProps<UpgradeDowngradeData, undefined>) {
  const t = useTranslations("subscriptionDialogs.upgradeDowngrade");
  return (
    <>
      <p className="text-foreground px-6 pt-4 text-sm leading-6">
        {t("text", { plan: isolate(entry.data.plan.name) })}
      </p>
      <DialogFooter>
        <Button variant="secondary" onClick={onCancel}>
          {t("close")}
        </Button>
        <Button autoFocus onClick={() => onOkay(undefined)}>
          {t("ok")}
        </Button>
      </DialogFooter>
    </>
  );
}
