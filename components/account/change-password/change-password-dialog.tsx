"use client";

import { useTranslations } from "next-intl";
import type { DialogBodyProps } from "@/lib/dialogs";
import { ChangePasswordForm } from "./change-password-form";

/** The change-password dialog's body (loaded the first time the dialog opens). */
export function ChangePasswordDialogBody({
  onOkay,
  onCancel,
}: DialogBodyProps<undefined, undefined>) {
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
