"use client";

import { useTranslations } from "next-intl";
import { useId, type FormEvent } from "react";
import { DialogFooter } from "@/components/dialogs/dialog-frame";
import { Button } from "@/components/ui/button";
import { Field, FieldDescription, FieldError, FieldLabel, fieldAria } from "@/components/ui/field";
import { Textarea } from "@/components/ui/input";
import { RadioGroup } from "@/components/ui/radio-group";
import { MAX_REASON_TEXT, type CancelReason } from "@/lib/schemas/subscriptions";
import type { LeavingReason } from "./cancel-confirm-step";

/**
 * Cancel's first step (issue 33 §2): why, from the company's reasons, and in the customer's own
 * words; never required. "Skip" goes on without either; "Continue" keeps them. What was typed
 * stays when the customer comes back to this step.
 */
export function CancelReasonStep({
  reasons,
  reason,
  onChange,
  onNext,
  onCancel,
}: {
  reasons: readonly CancelReason[];
  reason: LeavingReason;
  onChange: (reason: LeavingReason) => void;
  /** `keep`: false when skipped (nothing is sent). */
  onNext: (keep: boolean) => void;
  onCancel: () => void;
}) {
  const t = useTranslations("subscriptionDialogs");
  const id = useId();
  // Counted as it is sent: trimmed.
  const count = [...reason.text.trim()].length;
  const over = count - MAX_REASON_TEXT;
  const error = over > 0 ? t("cancel.reasonTooLong", { max: MAX_REASON_TEXT, over }) : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Too long: said beside the text, which stays as typed to be shortened.
    if (error) {
      document.getElementById(id)?.focus();
      return;
    }
    onNext(true);
  };

  return (
    <form method="post" onSubmit={submit} noValidate>
      <div className="flex flex-col gap-4 px-6 pt-4">
        <RadioGroup
          legend={t("cancel.reasonLegend")}
          value={reason.code}
          onValueChange={(code) => onChange({ ...reason, code })}
          autoFocus
          options={reasons.map((code) => ({ value: code, label: t(`reasons.${code}`) }))}
        />
        <Field>
          <FieldLabel htmlFor={id}>{t("cancel.reasonNote")}</FieldLabel>
          <Textarea
            {...fieldAria(id, { error, description: true })}
            value={reason.text}
            onChange={(event) => onChange({ ...reason, text: event.target.value })}
            rows={3}
          />
          <FieldDescription id={`${id}-description`} aria-live="polite">
            {t("cancel.reasonCount", { count, max: MAX_REASON_TEXT })}
          </FieldDescription>
          <FieldError id={`${id}-error`}>{error}</FieldError>
        </Field>
      </div>
      <DialogFooter>
        <Button variant="secondary" onClick={onCancel} className="sm:me-auto">
          {t("cancel.keep")}
        </Button>
        <Button variant="secondary" onClick={() => onNext(false)}>
          {t("cancel.skip")}
        </Button>
        <Button type="submit">{t("cancel.next")}</Button>
      </DialogFooter>
    </form>
  );
}
