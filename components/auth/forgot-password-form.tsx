"use client";

import HCaptcha from "@hcaptcha/react-hcaptcha";
import { useLocale, useTranslations } from "next-intl";
import { useRef } from "react";
import { MessageBox } from "@/components/feedback/message-box";
import { TextField } from "@/components/forms/text-field";
import { useBffForm } from "@/components/forms/use-bff-form";
import { SubmitButton } from "@/components/forms/submit-button";
import { apiFetch } from "@/lib/api-client";
import { forgotPasswordDefaults, forgotPasswordSchema } from "@/lib/schemas/auth";
import { useCaptchaSize } from "./use-captcha-size";

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
  const locale = useLocale();
  const captchaSize = useCaptchaSize();
  const captcha = useRef<HCaptcha>(null);
  // A bot-check response is good for one request: ask for a new one after every attempt.
  const resetCaptcha = () => {
    captcha.current?.resetCaptcha();
    form.setValue("captchaToken", "");
  };
  const { form, mutation, onSubmit, fieldError, formError } = useBffForm({
    schema: forgotPasswordSchema,
    defaultValues: forgotPasswordDefaults,
    fields: ["email", "captchaToken"],
    submit: (values) =>
      apiFetch<{ ok: true }>("/api/auth/forgot-password", { method: "POST", body: values }),
    onSuccess: resetCaptcha,
    onError: resetCaptcha,
  });
  const { register, setValue } = form;

  const humanError = fieldError("captchaToken");

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {mutation.isSuccess ? (
        <MessageBox variant="success">{t("forgotPassword.success")}</MessageBox>
      ) : null}
      {formError ? <MessageBox variant="error">{formError}</MessageBox> : null}
      <TextField
        id="forgot-email"
        type="email"
        label={t("forgotPassword.email")}
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        required
        error={fieldError("email")}
        {...register("email")}
      />
      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className="text-foreground mb-1.5 text-sm font-medium">
          {t("forgotPassword.captcha")}
        </legend>
        <div className="min-h-[78px] max-w-full overflow-x-auto">
          <HCaptcha
            // The widget reads its size once, when it renders: a new size is a new widget.
            key={captchaSize}
            size={captchaSize}
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
      <SubmitButton size="lg" block loading={mutation.isPending}>
        {t("forgotPassword.submit")}
      </SubmitButton>
    </form>
  );
}
