import { useTranslations } from "next-intl";
import type { PortalConfig } from "@/lib/portal-config-types";
import { hcaptchaConfig } from "@/lib/security/hcaptcha";
import { AuthCard } from "./auth-card";
import { LegalNotice } from "./legal-notice";
import { LoginForm } from "./login-form";
import { PasskeySignIn } from "./passkey-sign-in";

/** Success messages the login page shows for `?message=` (spec 000 "Login"). */
export const loginMessages = [
  "registered",
  "accessGranted",
  "passwordChanged",
  "emailConfirmed",
] as const;
export type LoginMessage = (typeof loginMessages)[number];

/** Errors the login page shows for `?error=`. */
export const loginErrors = ["punchout", "sessionExpired", "secondStepExpired"] as const;
export type LoginError = (typeof loginErrors)[number];

type LoginScreenProps = {
  portal: PortalConfig;
  message?: LoginMessage | null;
  error?: LoginError | null;
  /** Already translated error text (e.g. an invalid e-mail confirmation link). */
  errorText?: string | null;
  returnTo?: string;
};

/** The login card: logo (to /portal), messages, the form, and the terms and privacy notice. */
export function LoginScreen({ portal, message, error, errorText, returnTo }: LoginScreenProps) {
  const t = useTranslations("common");
  const initialError = errorText ?? (error ? t(`errors.auth.${error}`) : null);
  const initialSuccess = message ? t(`login.messages.${message}`) : null;
  return (
    <AuthCard
      portal={portal}
      logoHref="/portal"
      title={t("login.title")}
      description={t("login.subtitle")}
    >
      <div className="flex flex-col gap-6">
        <LoginForm
          returnTo={returnTo}
          initialError={initialError}
          initialSuccess={initialSuccess}
          captcha={hcaptchaConfig()}
        />
        {portal.passkeySignIn ? <PasskeySignIn returnTo={returnTo} /> : null}
        <LegalNotice portal={portal} />
      </div>
    </AuthCard>
  );
}

/** Narrows a search parameter to one of `allowed`. */
export function pickParam<T extends string>(value: unknown, allowed: readonly T[]): T | null {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" && (allowed as readonly string[]).includes(first)
    ? (first as T)
    : null;
}
