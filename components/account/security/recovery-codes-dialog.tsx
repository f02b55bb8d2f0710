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
  return <RecoveryCodesStep codes={entry.data.codes} onDone={() => onOkay(undefined)} />;
}

/** A dialog's last step with the recovery codes: the codes, then "I've saved them". */
export function RecoveryCodesStep({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useTranslations("account.security.codes");
  return (
    <div>
      <div className="px-6 pt-4">
        <RecoveryCodes codes={codes} />
      </div>
      <DialogFooter>
        <Button autoFocus onClick={onDone}>
          {t("done")}
        </Button>
      </DialogFooter>
    </div>
  );
}
