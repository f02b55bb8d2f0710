"use client";

import HCaptcha from "@hcaptcha/react-hcaptcha";
import { useLocale, useTranslations } from "next-intl";
import { useCaptchaSize } from "./use-captcha-size";

/** hCaptcha's site key and loader URL (server env HCAPTCHA_SITEKEY, HCAPTCHA_SCRIPT_URL). */
export type CaptchaConfig = { sitekey: string; scriptSource: string };

type LoginCaptchaProps = CaptchaConfig & {
  /** The solved check's token, or "" when it expired. */
  onToken: (token: string) => void;
};

/**
 * The sign-in form's bot check, shown only once the billing API asks for one (an e-mail that failed
 * too often from anywhere): its own module, so the widget's code loads then and not with the page.
 */
export default function LoginCaptcha({ sitekey, scriptSource, onToken }: LoginCaptchaProps) {
  const t = useTranslations("common");
  const locale = useLocale();
  const size = useCaptchaSize();
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="text-foreground mb-1.5 text-sm font-medium">{t("login.captcha")}</legend>
      <div className="min-h-[78px] max-w-full overflow-x-auto">
        <HCaptcha
          // The widget reads its size once, when it renders: a new size is a new widget.
          key={size}
          size={size}
          sitekey={sitekey}
          scriptSource={scriptSource}
          sentry={false}
          languageOverride={locale}
          onVerify={onToken}
          onExpire={() => onToken("")}
        />
      </div>
    </fieldset>
  );
}
