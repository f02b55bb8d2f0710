"use client";

import { useTranslations } from "next-intl";
import { MessageBox } from "@/components/feedback/message-box";
import { toastError } from "@/components/feedback/toaster";
import { NewPasswordFields } from "@/components/forms/new-password-fields";
import { useBffForm } from "@/components/forms/use-bff-form";
import { useGlobalLoading } from "@/components/shell/global-loading";
import { SubmitButton } from "@/components/forms/submit-button";
import { apiFetch } from "@/lib/api-client";
import { resetPasswordSchema } from "@/lib/schemas/auth";

/** A new password and its confirmation, with the live rules checklist. */
export function ResetPasswordForm({ tokenId }: { tokenId: string }) {
  const t = useTranslations("common");
  const { setLoading } = useGlobalLoading();
  const { form, mutation, onSubmit, fieldError, formError } = useBffForm({
    schema: resetPasswordSchema,
    defaultValues: { tokenId, password: "", passwordConfirmation: "" },
    fields: ["password", "passwordConfirmation"],
    submit: (values) =>
      apiFetch<{ redirectTo: string }>("/api/auth/reset-password", {
        method: "POST",
        body: values,
      }),
    onSuccess: ({ redirectTo }) => {
      setLoading(true);
      window.location.assign(redirectTo);
    },
    onError: (_error, message) => toastError(message),
  });
  const { register } = form;

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {formError ? <MessageBox variant="error">{formError}</MessageBox> : null}
      <input type="hidden" {...register("tokenId")} />
      <NewPasswordFields
        form={form}
        fieldError={fieldError}
        idPrefix="reset-password"
        label={t("resetPassword.password")}
        confirmationLabel={t("resetPassword.passwordConfirmation")}
      />
      <SubmitButton size="lg" block loading={mutation.isPending || mutation.isSuccess}>
        {t("resetPassword.form.button")}
      </SubmitButton>
    </form>
  );
}
