"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/forms/submit-button";

/** Cancel (or Back) and Save of an add-payment form; Save shows the pending call. */
export function FormFooter({
  pending,
  onCancel,
  cancelLabel,
  disabled,
}: {
  pending: boolean;
  onCancel: () => void;
  cancelLabel: string;
  disabled?: boolean;
}) {
  const t = useTranslations("account.addPayment");
  return (
    <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
      <Button variant="secondary" disabled={pending} onClick={onCancel}>
        {cancelLabel}
      </Button>
      <SubmitButton loading={pending} disabled={disabled}>
        {t("save")}
      </SubmitButton>
    </div>
  );
}
