"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { MessageBox } from "@/components/feedback/message-box";
import { TextField } from "@/components/forms/text-field";
import { useBffForm } from "@/components/forms/use-bff-form";
import { useGlobalLoading } from "@/components/shell/global-loading";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/lib/api-client";
import { loginDefaults, loginSchema } from "@/lib/schemas/auth";

type LoginFormProps = {
  /** Passed through to the BFF, which sanitises it. */
  returnTo?: string;
  /** An error to show before any attempt (already translated), e.g. a failed punch-out. */
  initialError?: string | null;
  /** A success message to show (already translated), e.g. after registration. */
  initialSuccess?: string | null;
};

/** E-mail and password; on success a full navigation to the BFF's redirectTo renders the signed-in shell. */
export function LoginForm({ returnTo, initialError, initialSuccess }: LoginFormProps) {
  const t = useTranslations("common");
  const { setLoading } = useGlobalLoading();
  const { form, mutation, onSubmit, fieldError, formError } = useBffForm({
    schema: loginSchema,
    defaultValues: { ...loginDefaults, ...(returnTo ? { returnTo } : {}) },
    fields: ["email", "password"],
    submit: (values) =>
      apiFetch<{ redirectTo: string }>("/api/auth/login", { method: "POST", body: values }),
    onSuccess: ({ redirectTo }) => {
      setLoading(true);
      window.location.assign(redirectTo);
    },
  });
  const { register } = form;

  const errorText = formError ?? initialError;
  const successText = mutation.error ? null : initialSuccess;

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {errorText ? <MessageBox variant="error">{errorText}</MessageBox> : null}
      {successText ? <MessageBox variant="success">{successText}</MessageBox> : null}
      <TextField
        id="login-email"
        type="email"
        label={t("login.email")}
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        required
        error={fieldError("email")}
        {...register("email")}
      />
      <div className="flex flex-col gap-2">
        <TextField
          id="login-password"
          type="password"
          label={t("login.password")}
          autoComplete="current-password"
          required
          error={fieldError("password")}
          {...register("password")}
        />
        <Link
          href="/portal/forgot-password"
          className="text-primary hover:text-primary-hover inline-flex min-h-6 items-center self-end text-sm font-medium underline"
        >
          {t("login.forgotPassword")}
        </Link>
      </div>
      <Button type="submit" size="lg" block loading={mutation.isPending || mutation.isSuccess}>
        {t("login.submit")}
      </Button>
    </form>
  );
}
