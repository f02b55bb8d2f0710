"use client";

import { useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";
import { MessageBox } from "@/components/feedback/message-box";
import { TextField } from "@/components/forms/text-field";
import { useBffSubmit } from "@/components/forms/use-bff-submit";
import { useKeyTranslator } from "@/components/forms/use-key-translator";
import { SubmitButton } from "@/components/forms/submit-button";
import { useGlobalLoading } from "@/components/shell/global-loading";
import { Button } from "@/components/ui/button";
import { ApiError, apiFetch } from "@/lib/api-client";
import type { CaptchaConfig } from "./login-captcha";
import { AppCodeField, SignInAgainLink } from "./step-parts";

const LoginCaptcha = lazy(() => import("./login-captcha"));
const CAPTCHA_CODES = new Set(["captcha_required", "captcha_failed"]);

type Mode = "app" | "recovery";

/**
 * The second step's form (issue 34 §1): the six-digit code of the authenticator app, or, a press
 * away, a recovery code. On success a full navigation to where the sign-in was going. A step that
 * is over (spent, expired) says so, with the way back to the login page.
 */
export function SecondFactorForm({ captcha }: { captcha: CaptchaConfig }) {
  const [mode, setMode] = useState<Mode>("app");
  return <CodeForm key={mode} mode={mode} onMode={setMode} captcha={captcha} />;
}

function CodeForm({
  mode,
  onMode,
  captcha,
}: {
  mode: Mode;
  onMode: (mode: Mode) => void;
  captcha: CaptchaConfig;
}) {
  const t = useTranslations("common");
  const tr = useKeyTranslator();
  const { setLoading } = useGlobalLoading();
  const [captchaToken, setCaptchaToken] = useState("");
  const [captchaRound, setCaptchaRound] = useState(0);
  const field = mode === "app" ? "code" : "recoveryCode";
  const { onSubmit, onChange, pending, succeeded, error, fieldKeys } = useBffSubmit({
    fields: [field],
    submit: async (values) => {
      const token = captchaToken;
      try {
        return await apiFetch<{ redirectTo: string }>("/api/auth/second-factor", {
          method: "POST",
          body: { ...values, ...(token ? { captchaToken: token } : {}) },
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
  const [needsCaptcha, setNeedsCaptcha] = useState(false);
  if (!needsCaptcha && error instanceof ApiError && CAPTCHA_CODES.has(error.code))
    setNeedsCaptcha(true);
  const over = error instanceof ApiError && error.code === "second_step_expired";
  const onFieldsOnly = Object.keys(fieldKeys).length > 0;
  const errorText = error && !onFieldsOnly ? tr.error(error) : null;

  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      onChange={onChange}
      className="flex flex-col gap-5"
    >
      {errorText ? (
        <MessageBox variant="error">
          {errorText}
          {over ? <SignInAgainLink /> : null}
        </MessageBox>
      ) : null}
      {mode === "app" ? (
        <AppCodeField
          id="second-factor-code"
          description={t("secondFactor.codeHint")}
          autoFocus
          error={tr.key(fieldKeys.code)}
        />
      ) : (
        <TextField
          id="second-factor-recovery"
          name="recoveryCode"
          label={t("secondFactor.recoveryCode")}
          description={t("secondFactor.recoveryHint")}
          autoComplete="off"
          spellCheck={false}
          required
          autoFocus
          error={tr.key(fieldKeys.recoveryCode)}
        />
      )}
      {needsCaptcha ? (
        <Suspense fallback={<div className="min-h-[78px]" />}>
          <LoginCaptcha key={captchaRound} {...captcha} onToken={setCaptchaToken} />
        </Suspense>
      ) : null}
      <SubmitButton size="lg" block loading={pending || succeeded}>
        {t("secondFactor.submit")}
      </SubmitButton>
      <Button
        variant="link"
        className="self-center"
        onClick={() => onMode(mode === "app" ? "recovery" : "app")}
      >
        {mode === "app" ? t("secondFactor.useRecovery") : t("secondFactor.useApp")}
      </Button>
    </form>
  );
}
