"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { DialogFooter, PendingAnnouncement } from "@/components/dialogs/dialog-frame";
import { MessageBox } from "@/components/feedback/message-box";
import { toastSuccess } from "@/components/feedback/toaster";
import { SubmitButton } from "@/components/forms/submit-button";
import { TextField } from "@/components/forms/text-field";
import { useBffSubmit } from "@/components/forms/use-bff-submit";
import { useKeyTranslator } from "@/components/forms/use-key-translator";
import { Button } from "@/components/ui/button";
import type { DialogBodyProps } from "@/lib/dialogs";
import { useAddPasskeyMutation } from "@/lib/factors/use-factors";
import { makePasskey } from "@/lib/factors/webauthn";
import { RecoveryCodesStep } from "./recovery-codes-dialog";

/**
 * Add a passkey (issue 34 §1): a name to tell it apart, then the device makes it (fingerprint,
 * face or PIN). With the user's first factor the ten recovery codes take the dialog's place once.
 * What was typed stays when the device is cancelled or the billing API refuses the answer.
 */
export function AddPasskeyDialogBody({
  onOkay,
  onCancel,
  setTitle,
}: DialogBodyProps<undefined, undefined>) {
  const t = useTranslations("account.security");
  const tr = useKeyTranslator();
  const add = useAddPasskeyMutation();
  const [codes, setCodes] = useState<string[] | null>(null);
  const { onSubmit, onChange, pending, error, fieldKeys } = useBffSubmit({
    fields: ["name"],
    submit: async ({ name }) => {
      const response = await makePasskey("/api/account/factors/passkey/options");
      return add.mutateAsync({ name, response });
    },
    onSuccess: ({ recoveryCodes }) => {
      toastSuccess(t("passkey.done"));
      if (!recoveryCodes) {
        onOkay(undefined);
        return;
      }
      setTitle(t("codes.title"));
      setCodes(recoveryCodes);
    },
  });
  const onFieldsOnly = Object.keys(fieldKeys).length > 0;
  const errorText = error && !onFieldsOnly ? tr.error(error) : null;

  if (codes) return <RecoveryCodesStep codes={codes} onDone={() => onOkay(undefined)} />;

  return (
    <form method="post" noValidate onSubmit={onSubmit} onChange={onChange}>
      <div className="flex flex-col gap-4 px-6 pt-4">
        <p className="text-foreground text-sm leading-6">{t("passkey.text")}</p>
        {errorText ? <MessageBox variant="error">{errorText}</MessageBox> : null}
        <TextField
          id="passkey-name"
          name="name"
          label={t("passkey.name")}
          description={t("passkey.nameHint")}
          defaultValue={t("passkey.defaultName")}
          maxLength={100}
          required
          autoFocus
          error={tr.key(fieldKeys.name)}
        />
      </div>
      <DialogFooter>
        <PendingAnnouncement pending={pending} text={t("passkey.pending")} />
        <Button variant="secondary" disabled={pending} onClick={onCancel}>
          {t("passkey.cancel")}
        </Button>
        <SubmitButton loading={pending}>{t("passkey.create")}</SubmitButton>
      </DialogFooter>
    </form>
  );
}
