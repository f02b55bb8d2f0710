"use client";

import HCaptcha from "@hcaptcha/react-hcaptcha";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useRef } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { MessageBox } from "@/components/feedback/message-box";
import { applyServerFieldErrors } from "@/components/forms/server-errors";
import { TextField } from "@/components/forms/text-field";
import { useKeyTranslator } from "@/components/forms/use-key-translator";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/lib/api-client";
import { forgotPasswordDefaults, forgotPasswordSchema } from "@/lib/schemas/auth";

type ForgotPasswordFormProps = {
  /** hCaptcha site key (server env HCAPTCHA_SITEKEY). */
  sitekey: string;
  /** hCaptcha loader URL (server env HCAPTCHA_SCRIPT_URL); the sandbox serves a double in tests. */
  scriptSource: string;
};

/**
 * E-mail and the bot check. The company is not a field: the BFF takes it from the request's host,
 * so a visitor cannot ask another company's portal to send e-mails.
 */
export function ForgotPasswordForm({ sitekey, scriptSource }: ForgotPasswordFormProps) {
  const t = useTranslations("common");
  const tr = useKeyTranslator();
  const locale = useLocale();
  const captcha = useRef<HCaptcha>(null);
  const form = useForm<
    z.input<typeof forgotPasswordSchema>,
    unknown,
    z.output<typeof forgotPasswordSchema>
  >({
    resolver: zodResolver(forgotPasswordSchema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: forgotPasswordDefaults,
  });
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = form;

  // A bot-check response is good for one request: ask for a new one after every attempt.
  const resetCaptcha = () => {
    captcha.current?.resetCaptcha();
    setValue("captchaToken", "");
  };
  const mutation = useMutation({
    mutationFn: (values: z.output<typeof forgotPasswordSchema>) =>
      apiFetch<{ ok: true }>("/api/auth/forgot-password", { method: "POST", body: values }),
    onSettled: resetCaptcha,
    onError: (error) => applyServerFieldErrors(error, setError, ["email", "captchaToken"]),
  });

  const humanError = errors.captchaToken ? tr.key(errors.captchaToken.message) : undefined;

  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) => mutation.mutate(values))}
      className="flex flex-col gap-5"
    >
      {mutation.isSuccess ? (
        <MessageBox variant="success">{t("forgotPassword.success")}</MessageBox>
      ) : null}
      {mutation.isError ? (
        <MessageBox variant="error">{tr.error(mutation.error)}</MessageBox>
      ) : null}
      <TextField
        id="forgot-email"
        type="email"
        label={t("forgotPassword.email")}
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        required
        error={tr.key(errors.email?.message)}
        {...register("email")}
      />
      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className="text-foreground mb-1.5 text-sm font-medium">
          {t("forgotPassword.captcha")}
        </legend>
        <div className="min-h-[78px] max-w-full overflow-x-auto">
          <HCaptcha
            ref={captcha}
            sitekey={sitekey}
            scriptSource={scriptSource}
            sentry={false}
            languageOverride={locale}
            onVerify={(token) => setValue("captchaToken", token, { shouldValidate: true })}
            onExpire={() => setValue("captchaToken", "", { shouldValidate: false })}
          />
        </div>
        {humanError ? <MessageBox variant="error">{humanError}</MessageBox> : null}
      </fieldset>
      <Button type="submit" size="lg" block loading={mutation.isPending}>
        {t("forgotPassword.submit")}
      </Button>
    </form>
  );
}
