import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import { getCurrentPortal, pageTitle } from "@/lib/shell";

// hCaptcha's documented test key and its public loader; production sets HCAPTCHA_SITEKEY, tests HCAPTCHA_SCRIPT_URL.
const DEFAULT_SITEKEY = "10000000-ffff-ffff-ffff-000000000001";
const DEFAULT_SCRIPT_URL = "https://js.hcaptcha.com/1/api.js";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return { title: await pageTitle(t("forgotPassword.title")) };
}

export default async function ForgotPasswordPage() {
  const portal = await getCurrentPortal();
  if (!portal) notFound();
  const t = await getTranslations("common");
  return (
    <AuthCard
      portal={portal}
      logoHref="/portal/login"
      title={t("forgotPassword.title")}
      description={t("forgotPassword.subtitle")}
      backToLogin={t("forgotPassword.backToLogin")}
    >
      <ForgotPasswordForm
        sitekey={process.env.HCAPTCHA_SITEKEY || DEFAULT_SITEKEY}
        scriptSource={process.env.HCAPTCHA_SCRIPT_URL || DEFAULT_SCRIPT_URL}
      />
    </AuthCard>
  );
}
