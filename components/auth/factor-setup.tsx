"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { AuthenticatorForm } from "@/components/account/security/authenticator-form";
import { RecoveryCodes } from "@/components/account/security/recovery-codes";
import { MessageBox } from "@/components/feedback/message-box";
import { SubmitButton } from "@/components/forms/submit-button";
import { useBffCall } from "@/components/forms/use-bff-call";
import { useKeyTranslator } from "@/components/forms/use-key-translator";
import { useGlobalLoading } from "@/components/shell/global-loading";
import { SignInAgainLink } from "./step-parts";
import { Button } from "@/components/ui/button";
import { ApiError, apiFetch } from "@/lib/api-client";
import type { SetupConfirmed, TotpEnrollment } from "@/lib/schemas/factors";

/**
 * The setup a company's policy requires right after the password (issue 34 §1): begin, scan or
 * type the key, the app's first code, then the recovery codes once; only then the portal. The
 * session is sealed by the code's confirmation; until then nothing else of the portal answers.
 */
export function FactorSetup() {
  const t = useTranslations("account.security");
  const tr = useKeyTranslator();
  const { setLoading } = useGlobalLoading();
  const [enrollment, setEnrollment] = useState<TotpEnrollment | null>(null);
  const [done, setDone] = useState<{ codes: string[]; redirectTo: string } | null>(null);
  const start = useBffCall({
    submit: () => apiFetch<TotpEnrollment>("/api/auth/factor-setup", { method: "POST", body: {} }),
    onSuccess: setEnrollment,
  });
  const go = (to: string) => {
    setLoading(true);
    window.location.assign(to);
  };
  const startError = start.state.error;
  const over = startError instanceof ApiError && startError.code === "second_step_expired";

  if (done)
    return (
      <div className="flex flex-col gap-5">
        <h2 className="text-foreground text-lg font-semibold">{t("codes.title")}</h2>
        <RecoveryCodes codes={done.codes} />
        <Button size="lg" block onClick={() => go(done.redirectTo)}>
          {t("setup.continue")}
        </Button>
      </div>
    );

  if (enrollment)
    return (
      <AuthenticatorForm
        enrollment={enrollment}
        codeAutoFocus
        confirm={(code) =>
          apiFetch<SetupConfirmed>("/api/auth/factor-setup/confirm", {
            method: "POST",
            body: { factorId: enrollment.factorId, code },
          })
        }
        onConfirmed={({ recoveryCodes, redirectTo }) => {
          if (recoveryCodes?.length) setDone({ codes: recoveryCodes, redirectTo });
          else go(redirectTo);
        }}
        footer={(pending) => (
          <div className="pt-5">
            <SubmitButton size="lg" block loading={pending}>
              {t("add.confirm")}
            </SubmitButton>
          </div>
        )}
      />
    );

  return (
    <div className="flex flex-col gap-5">
      {startError ? (
        <MessageBox variant="error">
          {over ? tr.error(startError) : t("setup.startFailed")}
          {over ? <SignInAgainLink /> : null}
        </MessageBox>
      ) : null}
      <Button
        size="lg"
        block
        autoFocus
        loading={start.state.isPending}
        onClick={() => void start.send(undefined)}
      >
        {t("setup.start")}
      </Button>
      {/* A full load: the sign-in starts afresh, with no router code for it here. */}
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
      <a href="/portal/login" className="text-primary self-center text-sm font-medium underline">
        {t("setup.cancel")}
      </a>
    </div>
  );
}
