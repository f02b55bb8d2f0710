"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { MessageBox } from "@/components/feedback/message-box";
import { toastError } from "@/components/feedback/toaster";
import { PasswordChecklist } from "@/components/forms/password-checklist";
import { applyServerFieldErrors } from "@/components/forms/server-errors";
import { TextField } from "@/components/forms/text-field";
import { useKeyTranslator } from "@/components/forms/use-key-translator";
import { useGlobalLoading } from "@/components/shell/global-loading";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/lib/api-client";
import { resetPasswordSchema } from "@/lib/schemas/auth";

/** A new password and its confirmation, with the live rules checklist. */
export function ResetPasswordForm({ tokenId }: { tokenId: string }) {
  const t = useTranslations("common");
  const tr = useKeyTranslator();
  const { setLoading } = useGlobalLoading();
  const form = useForm<
    z.input<typeof resetPasswordSchema>,
    unknown,
    z.output<typeof resetPasswordSchema>
  >({
    resolver: zodResolver(resetPasswordSchema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { tokenId, password: "", passwordConfirmation: "" },
  });
  const {
    register,
    handleSubmit,
    setError,
    control,
    trigger,
    formState: { errors, touchedFields },
  } = form;
  const password = useWatch({ control, name: "password" }) ?? "";
  const mutation = useMutation({
    mutationFn: (values: z.output<typeof resetPasswordSchema>) =>
      apiFetch<{ redirectTo: string }>("/api/auth/reset-password", {
        method: "POST",
        body: values,
      }),
    onSuccess: ({ redirectTo }) => {
      setLoading(true);
      window.location.assign(redirectTo);
    },
    onError: (error) => {
      toastError(tr.error(error));
      applyServerFieldErrors(error, setError, ["password", "passwordConfirmation"]);
    },
  });

  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) => mutation.mutate(values))}
      className="flex flex-col gap-5"
    >
      {mutation.isError ? (
        <MessageBox variant="error">{tr.error(mutation.error)}</MessageBox>
      ) : null}
      <input type="hidden" {...register("tokenId")} />
      <div className="flex flex-col gap-3">
        <TextField
          id="reset-password"
          type="password"
          label={t("resetPassword.password")}
          autoComplete="new-password"
          required
          describedBy="reset-password-rules"
          error={tr.key(errors.password?.message)}
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
        error={tr.key(errors.passwordConfirmation?.message)}
        {...register("passwordConfirmation")}
      />
      <Button type="submit" size="lg" block loading={mutation.isPending || mutation.isSuccess}>
        {t("resetPassword.form.button")}
      </Button>
    </form>
  );
}
