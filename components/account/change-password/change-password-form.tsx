"use client";

import { useTranslations } from "next-intl";
import { toastError, toastSuccess } from "@/components/feedback/toaster";
import { NewPasswordFields } from "@/components/forms/new-password-fields";
import { TextField } from "@/components/forms/text-field";
import { useBffForm } from "@/components/forms/use-bff-form";
import { useKeyTranslator } from "@/components/forms/use-key-translator";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/forms/submit-button";
import { ApiError } from "@/lib/api-client";
import { useChangePasswordMutation } from "@/lib/account/mutations";
import { changePasswordDefaults, changePasswordSchema } from "@/lib/schemas/account-forms";
import { useAccountErrorText } from "../use-account-errors";

/**
 * Current password, new password with the live checklist, and its confirmation (spec 000 §2, §5).
 * Every failure is a toast; refusals of fields (a wrong current password among them) also show
 * under those fields and keep the user signed in. Used by the dialog and by the full view.
 */
export function ChangePasswordForm({
  onDone,
  onCancel,
  cancelLabel,
  footerClassName,
}: {
  onDone: () => void;
  onCancel: () => void;
  cancelLabel: string;
  footerClassName?: string;
}) {
  const t = useTranslations("account.changePassword");
  const tAccount = useTranslations("account");
  const tCommon = useTranslations("common");
  const errorText = useAccountErrorText();
  const tr = useKeyTranslator();
  const change = useChangePasswordMutation();
  const { form, onSubmit, fieldError, pending } = useBffForm({
    schema: changePasswordSchema,
    defaultValues: changePasswordDefaults,
    fields: ["currentPassword", "password", "passwordConfirmation"],
    submit: change.mutateAsync,
    errorText: (error) => errorText(error, "changPassword.general.error"),
    onSuccess: () => {
      toastSuccess(tAccount("password.changed.successfully"));
      onDone();
    },
    // Spec 000 §8: a refusal is a toast with the server's text; a refusal of a field (a wrong
    // current password) also stays under that field.
    onError: (error, message) => {
      const fieldKey = error instanceof ApiError ? Object.values(error.fields)[0] : undefined;
      toastError(tr.key(fieldKey) ?? message);
    },
  });
  const { register } = form;

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <TextField
        id="change-current-password"
        type="password"
        label={t("current")}
        autoComplete="current-password"
        required
        autoFocus
        error={fieldError("currentPassword")}
        {...register("currentPassword")}
      />
      <NewPasswordFields
        form={form}
        fieldError={fieldError}
        idPrefix="change-password"
        passwordId="change-new-password"
        label={t("new")}
        confirmationLabel={t("confirmation")}
      />
      <div
        className={footerClassName ?? "flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end"}
      >
        <Button variant="secondary" disabled={pending} onClick={onCancel}>
          {cancelLabel}
        </Button>
        <SubmitButton loading={pending}>{tCommon("resetPassword.form.button")}</SubmitButton>
      </div>
    </form>
  );
}
