"use client";

import { useTranslations } from "next-intl";
import { MessageBox } from "@/components/feedback/message-box";
import { useBffCall } from "@/components/forms/use-bff-call";
import { useKeyTranslator } from "@/components/forms/use-key-translator";
import { useGlobalLoading } from "@/components/shell/global-loading";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/lib/api-client";
import { preloadPasskeys, signWithPasskey } from "@/lib/factors/webauthn";

/**
 * Signing in with a passkey alone (issue 34 §1), where the company allows it: the browser offers
 * the passkeys it holds for this portal; the device's check (fingerprint, face, PIN) stands for
 * both steps. The WebAuthn library loads on the press (or as the pointer nears), not with the page.
 */
export function PasskeySignIn({ returnTo }: { returnTo?: string }) {
  const t = useTranslations("common");
  const tr = useKeyTranslator();
  const { setLoading } = useGlobalLoading();
  const { send, state } = useBffCall({
    submit: async () => {
      const response = await signWithPasskey("/api/auth/passkey/options");
      return apiFetch<{ redirectTo: string }>("/api/auth/passkey", {
        method: "POST",
        body: { response, ...(returnTo ? { returnTo } : {}) },
      });
    },
    onSuccess: ({ redirectTo }) => {
      setLoading(true);
      window.location.assign(redirectTo);
    },
  });
  return (
    <div className="flex flex-col gap-4">
      <div className="text-muted-foreground flex items-center gap-3 text-xs uppercase">
        <span aria-hidden="true" className="bg-border h-px flex-1" />
        {t("login.or")}
        <span aria-hidden="true" className="bg-border h-px flex-1" />
      </div>
      {state.error ? <MessageBox variant="error">{tr.error(state.error)}</MessageBox> : null}
      <Button
        variant="secondary"
        size="lg"
        block
        loading={state.isPending || state.isSuccess}
        onClick={() => void send(undefined)}
        onPointerEnter={preloadPasskeys}
        onFocus={preloadPasskeys}
      >
        {t("login.passkey")}
      </Button>
    </div>
  );
}
