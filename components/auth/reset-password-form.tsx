"use client";

import { useTranslations } from "next-intl";
import { useWatch } from "react-hook-form";
import { MessageBox } from "@/components/feedback/message-box";
import { toastError } from "@/components/feedback/toaster";
import { PasswordChecklist } from "@/components/forms/password-checklist";
import { TextField } from "@/components/forms/text-field";
import { useBffForm } from "@/components/forms/use-bff-form";
import { useGlobalLoading } from "@/components/shell/global-loading";
import { Button } from "@/components/ui/button";
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
  const {
    register,
    control,
    trigger,
    formState: { touchedFields },
  } = form;
  const password = useWatch({ control, name: "password" }) ?? "";

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {formError ? <MessageBox variant="error">{formError}</MessageBox> : null}
      <input type="hidden" {...register("tokenId")} />
      <div className="flex flex-col gap-3">
        <TextField
          id="reset-password"
          type="password"
          label={t("resetPassword.password")}
          autoComplete="new-password"
          required
          describedBy="reset-password-rules"
          error={fieldError("password")}
          {...register("password", {
            // Once the confirmation has been visited, keep its "does not match" message current.
            onChange: () => {
              if (touchedFields.passwordConfirmation) void trigger("passwordConfirmation");
            },
          })}
        />
        <PasswordChecklist id="reset-password-rules" value={password} />
      </div>
      <TextField
        id="reset-password-confirmation"
        type="password"
        label={t("resetPassword.passwordConfirmation")}
        autoComplete="new-password"
        required
        error={fieldError("passwordConfirmation")}
        {...register("passwordConfirmation")}
      />
      <Button type="submit" size="lg" block loading={mutation.isPending || mutation.isSuccess}>
        {t("resetPassword.form.button")}
      </Button>
    </form>
  );
}
