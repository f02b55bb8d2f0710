"use client";

import { useTranslations } from "next-intl";
import type { DialogBodyProps } from "@/components/dialogs/dialog-body";
import { ChangePasswordForm } from "./change-password-form";

/** The change-password dialog's body (loaded the first time the dialog opens). */
export function ChangePasswordDialogBody({ onOkay, onCancel }: DialogBodyProps<"changePassword">) {
  const t = useTranslations("account.views");
  return (
    <div className="px-6 pt-5 pb-5">
      <ChangePasswordForm
        onDone={() => onOkay(undefined)}
        onCancel={onCancel}
        cancelLabel={t("cancel")}
      />
    </div>
  );
}
