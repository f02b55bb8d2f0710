"use client";

import { useTranslations } from "next-intl";
import { DialogFooter } from "@/components/dialogs/dialog-frame";
import { Button } from "@/components/ui/button";
import type { DialogBodyProps } from "@/lib/dialogs";
import { RecoveryCodes } from "./recovery-codes";

/** New recovery codes (issue 34 §1): shown once; closed when the user says they are kept. */
export function RecoveryCodesDialogBody({
  entry,
  onOkay,
}: DialogBodyProps<{ codes: string[] }, undefined>) {
  const t = useTranslations("account.security.codes");
  return (
    <div>
      <div className="px-6 pt-4">
        <RecoveryCodes codes={entry.data.codes} />
      </div>
      <DialogFooter>
        <Button autoFocus onClick={() => onOkay(undefined)}>
          {t("done")}
        </Button>
      </DialogFooter>
    </div>
  );
}
