"use client";

import { useTranslations } from "next-intl";
import type { AddPaymentDialogData, AddPaymentDialogResult } from "@/lib/account/providers";
import type { DialogBodyProps } from "@/lib/dialogs";
import { AddPaymentMethodForm } from "./add-payment-form";

/** The add-payment dialog's body (loaded, with its provider code, the first time the dialog opens). */
export function AddPaymentDialogBody({
  entry,
  onOkay,
  onCancel,
}: DialogBodyProps<AddPaymentDialogData, AddPaymentDialogResult>) {
  const t = useTranslations("account.views");
  return (
    <div className="px-6 pt-4 pb-5">
      <AddPaymentMethodForm
        customerId={entry.data.customerId}
        providers={entry.data.providers}
        onSaved={(method) => onOkay(method)}
        onCancel={onCancel}
        cancelLabel={t("cancel")}
      />
    </div>
  );
}
