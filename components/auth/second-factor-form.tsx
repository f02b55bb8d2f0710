"use client";

import { useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";
import { MessageBox } from "@/components/feedback/message-box";
import { TextField } from "@/components/forms/text-field";
import { useBffCall } from "@/components/forms/use-bff-call";
import { useBffSubmit } from "@/components/forms/use-bff-submit";
import { useKeyTranslator } from "@/components/forms/use-key-translator";
import { SubmitButton } from "@/components/forms/submit-button";
import { useGlobalLoading } from "@/components/shell/global-loading";
import { Button } from "@/components/ui/button";
import { ApiError, apiFetch } from "@/lib/api-client";
import { preloadPasskeys, signWithPasskey } from "@/lib/factors/webauthn";
import type { CaptchaConfig } from "./login-captcha";
import { AppCodeField, SignInAgainLink } from "./step-parts";

const LoginCaptcha = lazy(() => import("./login-captcha"));
const CAPTCHA_CODES = new Set(["captcha_required", "captcha_failed"]);

type Mode = "app" | "recovery" | "passkey";

/**
 * The second step's form (issue 34 §1): the six-digit code of the authenticator app, a passkey,
 * or, a press away, a recovery code; only the ways this user has (`methods`, from the billing
 * API's challenge). On success a full navigation to where the sign-in was going. A step that is
 * over (spent, expired) says so, with the way back to the login page.
 */
export function SecondFactorForm({
  captcha,
  methods,
}: {
  captcha: CaptchaConfig;
  methods: readonly string[];
}) {
  const hasApp = methods.includes("totp");
  const hasPasskey = methods.includes("passkey");
  const [mode, setMode] = useState<Mode>(hasApp ? "app" : hasPasskey ? "passkey" : "recovery");
  const t = useTranslations("common.secondFactor");
  const others = (
    <div className="flex flex-col items-center">
      {hasPasskey && mode !== "passkey" ? (
        <Button
          variant="link"
          wrap
          onClick={() => setMode("passkey")}
          onPointerEnter={preloadPasskeys}
          onFocus={preloadPasskeys}
        >
          {t("usePasskey")}
        </Button>
      ) : null}
      {hasApp && mode !== "app" ? (
        <Button variant="link" wrap onClick={() => setMode("app")}>
          {t("useApp")}
        </Button>
      ) : null}
      {mode !== "recovery" ? (
        <Button variant="link" wrap onClick={() => setMode("recovery")}>
          {t("useRecovery")}
        </Button>
      ) : null}
    </div>
  );
  return (
    <div className="flex flex-col gap-3">
      {mode === "passkey" ? <PasskeyStep /> : <CodeForm key={mode} mode={mode} captcha={captcha} />}
      {others}
    </div>
  );
}

/** The second step by passkey: the device confirms it's you; then where the sign-in was going. */
function PasskeyStep() {
  const t = useTranslations("common.secondFactor");
  const tr = useKeyTranslator();
  const { setLoading } = useGlobalLoading();
  const { send, state } = useBffCall({
    submit: async () => {
      const passkey = await signWithPasskey("/api/auth/second-factor/passkey-options");
      return apiFetch<{ redirectTo: string }>("/api/auth/second-factor", {
        method: "POST",
        body: { passkey },
      });
    },
    onSuccess: ({ redirectTo }) => {
      setLoading(true);
      window.location.assign(redirectTo);
    },
  });
  const error = state.error;
  const over = error instanceof ApiError && error.code === "second_step_expired";
  return (
    <div className="flex flex-col gap-5">
      {error ? (
        <MessageBox variant="error">
          {tr.error(error)}
          {over ? <SignInAgainLink /> : null}
        </MessageBox>
      ) : null}
      <p className="text-muted-foreground text-sm leading-6">{t("passkeyIntro")}</p>
      <Button
        size="lg"
        block
        autoFocus
        loading={state.isPending || state.isSuccess}
        onClick={() => void send(undefined)}
      >
        {t("usePasskey")}
      </Button>
    </div>
  );
}

function CodeForm({ mode, captcha }: { mode: "app" | "recovery"; captcha: CaptchaConfig }) {
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
    </form>
  );
}
