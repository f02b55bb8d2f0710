"use client";

import { useTranslations } from "next-intl";
import { useWatch } from "react-hook-form";
import { MessageBox } from "@/components/feedback/message-box";
import { toastError } from "@/components/feedback/toaster";
import { PasswordChecklist } from "@/components/forms/password-checklist";
import { TextField } from "@/components/forms/text-field";
import { useBffForm } from "@/components/forms/use-bff-form";
import { useGlobalLoading } from "@/components/shell/global-loading";
import { SubmitButton } from "@/components/forms/submit-button";
import { apiFetch } from "@/lib/api-client";
import { registerSchema } from "@/lib/schemas/auth";

type RegisterFormProps = { tokenId: string; email: string; company: string };

/** Registration with an invitation: the account and e-mail are fixed by the token; the user picks a password. */
export function RegisterForm({ tokenId, email, company }: RegisterFormProps) {
  const t = useTranslations("common");
  const { setLoading } = useGlobalLoading();
  const { form, mutation, onSubmit, fieldError, formError } = useBffForm({
    schema: registerSchema,
    defaultValues: { tokenId, email, password: "" },
    fields: ["password"],
    submit: (values) =>
      apiFetch<{ redirectTo: string }>("/api/auth/register", { method: "POST", body: values }),
    onSuccess: ({ redirectTo }) => {
      setLoading(true);
      window.location.assign(redirectTo);
    },
    onError: (_error, message) => toastError(message),
  });
  const { register, control } = form;
  const password = useWatch({ control, name: "password" }) ?? "";

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {formError ? <MessageBox variant="error">{formError}</MessageBox> : null}
      <input type="hidden" {...register("tokenId")} />
      <TextField id="register-company" label={t("register.company")} value={company} readOnly />
      <TextField
        id="register-email"
        type="email"
        label={t("register.email")}
        value={email}
        readOnly
      />
      <div className="flex flex-col gap-3">
        <TextField
          id="register-password"
          type="password"
          label={t("register.password")}
          autoComplete="new-password"
          required
          describedBy="register-password-rules"
          error={fieldError("password")}
          {...register("password")}
        />
        <PasswordChecklist id="register-password-rules" value={password} />
      </div>
      <SubmitButton size="lg" block loading={mutation.isPending || mutation.isSuccess}>
        {t("register.submit")}
      </SubmitButton>
    </form>
  );
}
