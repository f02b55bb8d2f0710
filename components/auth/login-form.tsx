"use client";

import { useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";
import { MessageBox } from "@/components/feedback/message-box";
import { TextField } from "@/components/forms/text-field";
import { useBffSubmit } from "@/components/forms/use-bff-submit";
import { useKeyTranslator } from "@/components/forms/use-key-translator";
import { useGlobalLoading } from "@/components/shell/global-loading";
import { SubmitButton } from "@/components/forms/submit-button";
import { ApiError, apiFetch } from "@/lib/api-client";
import type { CaptchaConfig } from "./login-captcha";

// Loaded when the billing API first asks for a bot check, never with the page (React's lazy: next/dynamic
// would add its own loader to the page for this one use).
const LoginCaptcha = lazy(() => import("./login-captcha"));

type LoginFormProps = {
  /** Passed through to the BFF, which sanitises it. */
  returnTo?: string;
  /** An error to show before any attempt (already translated), e.g. a failed punch-out. */
  initialError?: string | null;
  /** A success message to show (already translated), e.g. after registration. */
  initialSuccess?: string | null;
  /** The bot check asked for once an e-mail failed too often (CONTRACT.md §1). */
  captcha: CaptchaConfig;
};

/** The billing API's answers that mean "solve the bot check, then sign in again". */
const CAPTCHA_CODES = new Set(["captcha_required", "captcha_failed"]);

const FIELDS = ["email", "password"] as const;

/**
 * E-mail and password; on success a full navigation to the BFF's redirectTo renders the signed-in
 * shell. The first form most customers meet, on a phone: no form or schema library, the BFF
 * validates (loginSchema) and its field errors show under the fields.
 */
export function LoginForm({ returnTo, initialError, initialSuccess, captcha }: LoginFormProps) {
  const t = useTranslations("common");
  const tr = useKeyTranslator();
  const { setLoading } = useGlobalLoading();
  const [captchaToken, setCaptchaToken] = useState("");
  // A solved check is good for one attempt: a new widget after each one that used it.
  const [captchaRound, setCaptchaRound] = useState(0);
  const { onSubmit, onChange, pending, succeeded, error, fieldKeys } = useBffSubmit({
    fields: FIELDS,
    submit: async (values) => {
      const token = captchaToken;
      try {
        return await apiFetch<{ redirectTo: string }>("/api/auth/login", {
          method: "POST",
          body: {
            ...values,
            ...(returnTo ? { returnTo } : {}),
            ...(token ? { captchaToken: token } : {}),
          },
        });
      } finally {
        if (token) {
          setCaptchaToken("");
          setCaptchaRound((round) => round + 1);
        }
      }
    },
    onSuccess: ({ redirectTo }) => {
      setLoading(true);
      window.location.assign(redirectTo);
    },
  });

  // Once asked for, the check stays until the sign-in succeeds: the next attempt needs it too.
  const [needsCaptcha, setNeedsCaptcha] = useState(false);
  if (!needsCaptcha && error instanceof ApiError && CAPTCHA_CODES.has(error.code))
    setNeedsCaptcha(true);

  // Field errors show under their fields; the box shows what concerns the whole form.
  const onFieldsOnly = Object.keys(fieldKeys).length > 0;
  const errorText = error ? (onFieldsOnly ? null : tr.error(error)) : initialError;
  const successText = error ? null : initialSuccess;

  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      onChange={onChange}
      className="flex flex-col gap-5"
    >
      {errorText ? <MessageBox variant="error">{errorText}</MessageBox> : null}
      {successText ? <MessageBox variant="success">{successText}</MessageBox> : null}
      <TextField
        id="login-email"
        name="email"
        type="email"
        label={t("login.email")}
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        required
        error={tr.key(fieldKeys.email)}
      />
      <div className="flex flex-col gap-2">
        <TextField
          id="login-password"
          name="password"
          type="password"
          label={t("login.password")}
          autoComplete="current-password"
          required
          error={tr.key(fieldKeys.password)}
        />
        {/* A plain link: the page it opens is rarely wanted, so no router code for it here. */}
        <a
          href="/portal/forgot-password"
          className="text-primary hover:text-primary-hover inline-flex min-h-6 items-center self-end text-sm font-medium underline"
        >
          {t("login.forgotPassword")}
        </a>
      </div>
      {needsCaptcha ? (
        <Suspense fallback={<div className="min-h-[78px]" />}>
          <LoginCaptcha key={captchaRound} {...captcha} onToken={setCaptchaToken} />
        </Suspense>
      ) : null}
      <SubmitButton size="lg" block loading={pending || succeeded}>
        {t("login.submit")}
      </SubmitButton>
    </form>
  );
}
