"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { DialogFooter, PendingAnnouncement } from "@/components/dialogs/dialog-frame";
import { toastSuccess } from "@/components/feedback/toaster";
import { SubmitButton } from "@/components/forms/submit-button";
import { Button } from "@/components/ui/button";
import type { DialogBodyProps } from "@/lib/dialogs";
import { useConfirmFactorMutation } from "@/lib/factors/use-factors";
import type { TotpEnrollment } from "@/lib/schemas/factors";
import { AuthenticatorForm } from "./authenticator-form";
import { RecoveryCodesStep } from "./recovery-codes-dialog";

/**
 * Add an authenticator app from the account page (issue 34 §1). With the user's first factor the
 * API hands back ten recovery codes: the dialog shows them in its place, once, before it closes.
 */
export function AddAuthenticatorDialogBody({
  entry,
  onOkay,
  onCancel,
  setTitle,
}: DialogBodyProps<TotpEnrollment, undefined>) {
  const t = useTranslations("account.security");
  const enrollment = entry.data;
  const confirm = useConfirmFactorMutation();
  const [codes, setCodes] = useState<string[] | null>(null);

  if (codes) return <RecoveryCodesStep codes={codes} onDone={() => onOkay(undefined)} />;

  return (
    <AuthenticatorForm
      fieldsClassName="px-6 pt-4"
      enrollment={enrollment}
      confirm={(code) => confirm.mutateAsync({ id: enrollment.factorId, code })}
      onConfirmed={({ recoveryCodes }) => {
        toastSuccess(t("add.done"));
        if (!recoveryCodes) {
          onOkay(undefined);
          return;
        }
        setTitle(t("codes.title"));
        setCodes(recoveryCodes);
      }}
      footer={(pending) => (
        <DialogFooter>
          <PendingAnnouncement pending={pending} text={t("add.pending")} />
          <Button variant="secondary" disabled={pending} onClick={onCancel}>
            {t("add.cancel")}
          </Button>
          <SubmitButton loading={pending}>{t("add.confirm")}</SubmitButton>
        </DialogFooter>
      )}
    />
  );
}
